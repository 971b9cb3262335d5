import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_AMOUNT } from "../money.ts";
import { isPlayerAccount, type ModelOp, type ModelResult, WalletModel } from "./model.ts";
import type { MethodLimits, PromoTerms } from "./rules.ts";

const methods = new Map<number, MethodLimits>([
  [1, { enabled: true, minAmount: 1_000, maxAmount: 1_000_000 }],
  [2, { enabled: true, minAmount: 5_000, maxAmount: 300_000 }],
  [3, { enabled: false, minAmount: 1_000, maxAmount: 1_000_000 }],
]);
const promos = new Map<string, PromoTerms>([
  ["WELCOME10", { percent: 10, multiplier: 3 }],
  ["BIG50", { percent: 50, multiplier: 1 }],
]);
const settings = { gameLimit: 500, cashoutMin: 1_000, requiresLevel2: true, adjustThreshold: 100_000 };
const USERS = [1, 2, 3];
const OPERATORS = [100, 101];

/**
 * A second, deliberately plain implementation of the same rules: balances as numbers, decisions as
 * if-chains, no journals. The model (journals through the posting rules) must agree with it.
 */
class Reference {
  p = new Map<number, { main: number; game: number; hold: number; turnover: number; hasIn: boolean; level: number }>();
  requests: { userId: number; kind: "in" | "out"; method: number; amount: number; six?: string; promo?: string; status: string }[] = [];
  adjustments: { userId: number; amount: number; by: number; status: string }[] = [];
  approved = new Set<string>();
  constructor(levels: Map<number, number>) {
    for (const [u, level] of levels) this.p.set(u, { main: 0, game: 0, hold: 0, turnover: 0, hasIn: false, level });
  }
  static valid(a: unknown): a is number {
    return typeof a === "number" && Number.isInteger(a) && a >= 1 && a <= MAX_AMOUNT;
  }
  run(op: ModelOp): string {
    switch (op.type) {
      case "transfer_in": {
        const s = this.get(op.userId);
        if (!Reference.valid(op.amount)) return "VALIDATION_FAILED";
        if (s.turnover > 0 && s.game >= 500) return "TURNOVER_EXISTS";
        if (s.main < op.amount) return "INSUFFICIENT_FUNDS";
        s.main -= op.amount;
        s.game += op.amount;
        s.hasIn = true;
        return "OK";
      }
      case "transfer_out": {
        const s = this.get(op.userId);
        if (!Reference.valid(op.amount)) return "VALIDATION_FAILED";
        if (!s.hasIn) return "NO_TRANSFER_IN";
        if (s.turnover > 0) return "TURNOVER_EXISTS";
        if (s.game < op.amount) return "INSUFFICIENT_FUNDS";
        s.game -= op.amount;
        s.main += op.amount;
        return "OK";
      }
      case "cash_in_request": {
        if (!Reference.valid(op.amount)) return "VALIDATION_FAILED";
        const m = methods.get(op.methodId);
        if (!m?.enabled) return "PAYMENT_METHOD_UNAVAILABLE";
        if (op.amount < m.minAmount) return "AMOUNT_BELOW_MIN";
        if (op.amount > m.maxAmount) return "AMOUNT_ABOVE_MAX";
        if (this.requests.some((r) => r.userId === op.userId && r.kind === "in" && r.status === "pending")) return "DUPLICATE";
        if (op.promo !== undefined && !promos.has(op.promo)) return "INVALID_PROMO_CODE";
        this.requests.push({
          userId: op.userId,
          kind: "in",
          method: op.methodId,
          amount: op.amount,
          six: op.lastSix,
          status: "pending",
          ...(op.promo ? { promo: op.promo } : {}),
        });
        return "OK";
      }
      case "cash_out_request": {
        const s = this.get(op.userId);
        if (!Reference.valid(op.amount)) return "VALIDATION_FAILED";
        if (s.level < 2) return "LEVEL_2_REQUIRED";
        const m = methods.get(op.methodId);
        if (!m?.enabled) return "PAYMENT_METHOD_UNAVAILABLE";
        if (op.amount < Math.max(1_000, m.minAmount)) return "AMOUNT_BELOW_MIN";
        if (op.amount > m.maxAmount) return "AMOUNT_ABOVE_MAX";
        if (s.main < op.amount) return "INSUFFICIENT_FUNDS";
        s.main -= op.amount;
        s.hold += op.amount;
        this.requests.push({ userId: op.userId, kind: "out", method: op.methodId, amount: op.amount, status: "pending" });
        return "OK";
      }
      case "cash_in_approve":
      case "cash_in_reject":
      case "cash_out_approve":
      case "cash_out_reject": {
        const r = this.requests[op.requestId - 1];
        const kind = op.type.startsWith("cash_in") ? "in" : "out";
        if (!r || r.kind !== kind) return "NOT_FOUND";
        if (r.status !== "pending") return "ALREADY_DECIDED";
        const s = this.get(r.userId);
        const approve = op.type.endsWith("approve");
        if (kind === "in" && approve) {
          const key = `${r.method}:${r.six}:${r.amount}`;
          if (this.approved.has(key)) return "DUPLICATE";
          this.approved.add(key);
          const promo = r.promo ? promos.get(r.promo) : undefined;
          const bonus = promo ? Math.floor((r.amount * promo.percent) / 100) : 0;
          s.main += r.amount;
          s.game += bonus;
          if (promo) s.turnover += (r.amount + bonus) * promo.multiplier;
        } else if (kind === "out") {
          s.hold -= r.amount;
          if (!approve) s.main += r.amount;
        }
        r.status = approve ? "approved" : "rejected";
        return "OK";
      }
      case "adjust": {
        const a = op.amount;
        if (typeof a !== "number" || !Number.isInteger(a) || a === 0 || Math.abs(a) > MAX_AMOUNT) return "VALIDATION_FAILED";
        // The threshold is a running total of the day, per player and per operator (applied and pending).
        const sum = (keep: (x: { userId: number; by: number }) => boolean) =>
          this.adjustments.filter(keep).reduce((total, x) => total + Math.abs(x.amount), 0);
        const player = sum((x) => x.userId === op.userId);
        const operator = sum((x) => x.by === op.operatorId);
        if (Math.abs(a) + Math.max(player, operator) > 100_000) {
          this.adjustments.push({ userId: op.userId, amount: a, by: op.operatorId, status: "pending" });
          return "OK";
        }
        const s = this.get(op.userId);
        if (s.main + a < 0) return "INSUFFICIENT_FUNDS";
        s.main += a;
        this.adjustments.push({ userId: op.userId, amount: a, by: op.operatorId, status: "applied" });
        return "OK";
      }
      case "adjust_confirm": {
        const adj = this.adjustments[op.adjustmentId - 1];
        if (!adj) return "NOT_FOUND";
        if (adj.status !== "pending") return "ALREADY_DECIDED";
        if (adj.by === op.operatorId) return "SECOND_OPERATOR_REQUIRED";
        const s = this.get(adj.userId);
        if (s.main + adj.amount < 0) return "INSUFFICIENT_FUNDS";
        s.main += adj.amount;
        adj.status = "applied";
        return "OK";
      }
      case "reverse":
        return "SKIP";
    }
  }
  private get(u: number) {
    const s = this.p.get(u);
    if (!s) throw new Error("unknown user");
    return s;
  }
}

const badAmount = fc.constantFrom<unknown>(0, -1, -5_000, 0.5, 1_000.25, "1000", "abc", Number.NaN, 2 ** 53, 1e20, Infinity, null, [], {});
const amountArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 400_000 }) },
  { weight: 2, arbitrary: fc.constantFrom(1, 499, 500, 999, 1_000, 5_000, 100_000, 100_001, 1_000_000) },
  { weight: 1, arbitrary: badAmount },
);
const userArb = fc.constantFrom(...USERS);
const opArb: fc.Arbitrary<ModelOp> = fc.oneof(
  fc.record({ type: fc.constant("transfer_in" as const), userId: userArb, amount: amountArb }),
  fc.record({ type: fc.constant("transfer_out" as const), userId: userArb, amount: amountArb }),
  fc.record({
    type: fc.constant("cash_in_request" as const),
    userId: userArb,
    methodId: fc.constantFrom(1, 2, 3, 9),
    amount: amountArb,
    lastSix: fc.constantFrom("123456", "654321"),
    promo: fc.option(fc.constantFrom("WELCOME10", "BIG50", "NOPE"), { nil: undefined }),
  }),
  fc.record({ type: fc.constantFrom("cash_in_approve" as const, "cash_in_reject" as const), requestId: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ type: fc.constant("cash_out_request" as const), userId: userArb, methodId: fc.constantFrom(1, 2, 3), amount: amountArb }),
  fc.record({ type: fc.constantFrom("cash_out_approve" as const, "cash_out_reject" as const), requestId: fc.integer({ min: 1, max: 12 }) }),
  fc.record({
    type: fc.constant("adjust" as const),
    userId: userArb,
    amount: fc.oneof(amountArb, fc.integer({ min: -300_000, max: -1 })),
    operatorId: fc.constantFrom(...OPERATORS),
  }),
  fc.record({
    type: fc.constant("adjust_confirm" as const),
    adjustmentId: fc.integer({ min: 1, max: 8 }),
    operatorId: fc.constantFrom(...OPERATORS),
  }),
);

function stripUndefinedPromo(op: ModelOp): ModelOp {
  if (op.type === "cash_in_request" && op.promo === undefined) {
    const { promo: _omit, ...rest } = op;
    return rest;
  }
  return op;
}

function codeOf(r: ModelResult): string {
  return r.ok ? "OK" : r.code;
}

function newWorld() {
  const model = new WalletModel(methods, promos, settings);
  const levels = new Map([
    [1, 1],
    [2, 2],
    [3, 2],
  ]);
  for (const [u, level] of levels) model.addPlayer(u, level);
  // Every player starts with some main balance, funded through an adjustment journal.
  for (const u of USERS)
    model.post([
      { account: `${u}:main`, amount: 50_000 },
      { account: "external:funding", amount: -50_000 },
    ]);
  const ref = new Reference(levels);
  for (const u of USERS) (ref.p.get(u) as { main: number }).main = 50_000;
  return { model, ref };
}

function checkInvariants(model: WalletModel): void {
  expect(model.total()).toBe(0);
  for (const [account, v] of model.balances) if (isPlayerAccount(account)) expect(v).toBeGreaterThanOrEqual(0);
}

describe("WalletModel", () => {
  it("agrees with the plain reference on every decision and every balance, and keeps the ledger invariants", () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), (ops) => {
        const { model, ref } = newWorld();
        for (const raw of ops) {
          const op = stripUndefinedPromo(raw);
          const before = USERS.map((u) => model.view(u));
          const got = codeOf(model.apply(op));
          const want = ref.run(op);
          expect(got, JSON.stringify(op)).toBe(want);
          if (got !== "OK") expect(USERS.map((u) => model.view(u))).toEqual(before);
          for (const u of USERS) {
            const r = ref.p.get(u);
            expect(model.view(u)).toEqual({ main: r?.main, game: r?.game, hold: r?.hold, turnover: r?.turnover });
          }
          checkInvariants(model);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reversing the journal an operation just posted restores every balance", () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), opArb, (prefix, last) => {
        const { model } = newWorld();
        for (const op of prefix) model.apply(stripUndefinedPromo(op));
        const snapshot = new Map(model.balances);
        const r = model.apply(stripUndefinedPromo(last));
        if (!r.ok || r.journalId === undefined) return;
        const back = model.apply({ type: "reverse", journalId: r.journalId });
        expect(back.ok).toBe(true);
        for (const [k, v] of model.balances) expect(v, k).toBe(snapshot.get(k) ?? 0);
        // A journal is reversed at most once.
        expect(codeOf(model.apply({ type: "reverse", journalId: r.journalId }))).toBe("ALREADY_REVERSED");
        checkInvariants(model);
      }),
    );
  });

  it("refuses every amount outside 1..max on every money operation and changes nothing", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          badAmount,
          fc.double({ noInteger: true }),
          fc.integer({ max: 0 }),
          fc.integer({ min: 1 }).map((n) => MAX_AMOUNT + n),
          fc.string(),
        ),
        userArb,
        (amount, userId) => {
          const { model } = newWorld();
          const before = new Map(model.balances);
          const ops: ModelOp[] = [
            { type: "transfer_in", userId, amount },
            { type: "transfer_out", userId, amount },
            { type: "cash_in_request", userId, methodId: 1, amount, lastSix: "123456" },
            { type: "cash_out_request", userId, methodId: 1, amount },
          ];
          for (const op of ops) {
            const r = model.apply(op);
            expect(r.ok).toBe(false);
            if (!r.ok) expect(r.status).toBe(400);
          }
          expect(model.balances).toEqual(before);
        },
      ),
    );
  });

  it("pays a promo bonus to the game balance and raises turnover by (amount + bonus) × multiplier", () => {
    const { model } = newWorld();
    const req = model.apply({ type: "cash_in_request", userId: 1, methodId: 1, amount: 10_005, lastSix: "111111", promo: "welcome10" });
    expect(req.ok).toBe(true);
    expect(model.apply({ type: "cash_in_approve", requestId: 1 }).ok).toBe(true);
    expect(model.view(1)).toEqual({ main: 60_005, game: 1_000, hold: 0, turnover: (10_005 + 1_000) * 3 });
    // Turnover blocks game → main, and main → game once the game balance reaches 500.
    expect(codeOf(model.apply({ type: "transfer_out", userId: 1, amount: 1 }))).toBe("NO_TRANSFER_IN");
    expect(codeOf(model.apply({ type: "transfer_in", userId: 1, amount: 1 }))).toBe("TURNOVER_EXISTS");
  });
});
