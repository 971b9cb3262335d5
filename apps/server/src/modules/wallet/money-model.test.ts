import { type MethodLimits, type ModelOp, type ModelResult, type PromoTerms, WalletModel } from "@shwe/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { writeMoneySetting } from "../ledger/money-settings.repository.ts";
import { balancesOf, call, createUser, DEFAULT_PASSWORD, expectLedgerClean, type TestUser, turnoverOf } from "../ledger/testing.ts";

/** The seeded payment methods and promo code, as the model sees them (9 does not exist). */
const methods = new Map<number, MethodLimits>([
  [1, { enabled: true, minAmount: 1_000, maxAmount: 10_000_000 }],
  [2, { enabled: true, minAmount: 1_000, maxAmount: 5_000_000 }],
]);
const promos = new Map<string, PromoTerms>([["WELCOME10", { percent: 10, multiplier: 3 }]]);
const THRESHOLD = 100_000;

type Step =
  | { kind: "transfer"; who: 0 | 1; dir: "in" | "out"; amount: unknown }
  | { kind: "cash_in"; who: 0 | 1; method: 1 | 2 | 9; amount: unknown; six: 0 | 1; promo: "WELCOME10" | "NOPE" | null }
  | { kind: "cash_out"; who: 0 | 1; method: 1 | 2; amount: unknown }
  | { kind: "decide"; index: number; approve: boolean }
  | { kind: "adjust"; who: 0 | 1; amount: unknown; op: 0 | 1 }
  | { kind: "confirm"; index: number; op: 0 | 1 };

const amount = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 150_000 }) },
  { weight: 2, arbitrary: fc.constantFrom(499, 500, 999, 1_000, 5_000_001) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -5, 2.5, "100", 1e20, null, [], 2 ** 53) },
);
const who = fc.constantFrom<0 | 1>(0, 1);
const cashAmount = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1_000, max: 150_000 }) }, { weight: 1, arbitrary: amount });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("transfer" as const), who, dir: fc.constantFrom<"in" | "out">("in", "out"), amount }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("cash_in" as const),
      who,
      method: fc.constantFrom<1 | 2 | 9>(1, 1, 2, 9),
      amount: cashAmount,
      six: fc.constantFrom<0 | 1>(0, 1),
      promo: fc.constantFrom<"WELCOME10" | "NOPE" | null>(null, "WELCOME10", "WELCOME10", "NOPE"),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("cash_out" as const), who, method: fc.constantFrom<1 | 2>(1, 2), amount: cashAmount }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("decide" as const), index: fc.nat(3), approve: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("adjust" as const),
      who,
      amount: fc.oneof(amount, fc.integer({ min: -200_000, max: -1 })),
      op: who,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("confirm" as const), index: fc.nat(3), op: who }) },
);

/**
 * Random sequences of money operations run against the server (HTTP) and the in-memory model of
 * @shwe/domain: every accept / refuse decision, every refusal code and every balance must agree.
 */
describe("the server behaves like the wallet model", () => {
  let t: TestApp;
  let ops: TestUser[];
  let run = 0;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    await writeMoneySetting(t.ctx.db, "admin.adjust_threshold", THRESHOLD);
    // The model approves cash requests with one operator: keep cash approvals under the two-operator threshold.
    await writeMoneySetting(t.ctx.db, "admin.cash_approve_threshold", 10_000_000_000);
  });
  afterAll(async () => t.close());

  it("random operation sequences: same decisions and balances", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        run++;
        const players = [await createUser(t, { lvl2: 2 }), await createUser(t, { lvl2: 1 })];
        // Fresh operators for each sequence: their running daily adjustment totals start at 0, as in a new model.
        ops = [await createUser(t, { role: "operator" }), await createUser(t, { role: "operator" })];
        const model = new WalletModel(methods, promos, {
          gameLimit: 500,
          cashoutMin: 1_000,
          requiresLevel2: true,
          adjustThreshold: THRESHOLD,
        });
        model.addPlayer(players[0]?.id ?? 0, 2);
        model.addPlayer(players[1]?.id ?? 0, 1);
        // Model request / adjustment ids (1, 2, …) → server ids.
        const requests: { server: number; kind: "in" | "out" }[] = [];
        const adjustments: number[] = [];
        const opId = (i: 0 | 1) => ops[i]?.id ?? 0;

        for (const s of steps) {
          let op: ModelOp;
          let res: { statusCode: number; json(): Record<string, unknown> };
          if (s.kind === "transfer") {
            const p = players[s.who] as TestUser;
            op = { type: s.dir === "in" ? "transfer_in" : "transfer_out", userId: p.id, amount: s.amount };
            res = await call(t, "POST", `/api/user/transfer_${s.dir}`, { token: p.token, body: { amount: s.amount } });
          } else if (s.kind === "cash_in") {
            const p = players[s.who] as TestUser;
            const lastSix = `${String(run).padStart(5, "0")}${s.six}`;
            op = {
              type: "cash_in_request",
              userId: p.id,
              methodId: s.method,
              amount: s.amount,
              lastSix,
              ...(s.promo ? { promo: s.promo } : {}),
            };
            const body = {
              payment_method_id: s.method,
              amount: s.amount,
              last_six_digits: lastSix,
              ...(s.promo ? { promo_code: s.promo } : {}),
            };
            res = await call(t, "POST", "/api/cash-in", { token: p.token, body });
          } else if (s.kind === "cash_out") {
            const p = players[s.who] as TestUser;
            op = { type: "cash_out_request", userId: p.id, methodId: s.method, amount: s.amount };
            const body = {
              payment_method_id: s.method,
              amount: s.amount,
              account_number: "09790000000",
              holder_name: "Model",
              password: DEFAULT_PASSWORD,
            };
            res = await call(t, "POST", "/api/cash-out", { token: p.token, body });
          } else if (s.kind === "decide") {
            const r = requests[s.index];
            const requestId = r ? s.index + 1 : 999;
            const kind = r?.kind ?? "in";
            op = { type: `cash_${kind}_${s.approve ? "approve" : "reject"}` as "cash_in_approve", requestId };
            const url = `/api/admin/cash-requests/${r?.server ?? 99_999_999}/${s.approve ? "approve" : "reject"}`;
            res = await call(t, "POST", url, { token: ops[0]?.token ?? "", body: s.approve ? {} : { reason: "model" } });
          } else if (s.kind === "adjust") {
            const p = players[s.who] as TestUser;
            op = { type: "adjust", userId: p.id, amount: s.amount, operatorId: opId(s.op) };
            res = await call(t, "POST", `/api/admin/users/${p.id}/adjust`, {
              token: ops[s.op]?.token ?? "",
              body: { amount: s.amount, reason: "model" },
            });
          } else {
            const server = adjustments[s.index];
            op = { type: "adjust_confirm", adjustmentId: server ? s.index + 1 : 999, operatorId: opId(s.op) };
            res = await call(t, "POST", `/api/admin/adjustments/${server ?? 99_999_999}/confirm`, {
              token: ops[s.op]?.token ?? "",
              body: {},
            });
          }

          const expected: ModelResult = model.apply(op);
          const label = JSON.stringify({ step: s, server: res.json() });
          if (expected.ok) {
            expect(res.statusCode, label).toBeLessThan(300);
            const body = res.json();
            if (op.type === "cash_in_request" || op.type === "cash_out_request")
              requests.push({ server: body.id as number, kind: op.type === "cash_in_request" ? "in" : "out" });
            if (op.type === "adjust") adjustments.push(body.adjustment_id as number);
          } else {
            expect(res.statusCode, label).toBe(expected.status);
            expect(res.json().code, label).toBe(expected.code);
          }
          for (const p of players) {
            const b = await balancesOf(t, p.id);
            const v = model.view(p.id);
            expect({ main: b.balance, game: b.game_balance, hold: b.hold, turnover: await turnoverOf(t, p.id) }, label).toEqual(v);
          }
        }
      }),
      { numRuns: 15 },
    );
    await expectLedgerClean(t);
  });
});
