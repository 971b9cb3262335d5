import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { writeMoneySetting } from "../ledger/money-settings.repository.ts";
import { balancesOf, call, createUser, DEFAULT_PASSWORD, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

/** Deterministic pseudo-random numbers, so a failing run can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

describe.skipIf(!onRealPostgres)("money under concurrency (real PostgreSQL only: set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  let op1: TestUser;
  let op2: TestUser;
  beforeAll(async () => {
    // A player's line (decision 0029) keeps its two calls at a time; it is long enough here for the
    // hundreds of one player's calls these races send at once, which then wait for their turn in memory
    // instead of for a pooled connection (a pool wait of 5 s under load answered some of them 503).
    t = await createTestApp({
      config: { rateLimits: { enabled: false, factor: 1 }, playerMoneyQueue: { concurrency: 2, maxWaiting: 1_000, maxWaitMs: 60_000 } },
    });
    op1 = await createUser(t, { role: "operator" });
    op2 = await createUser(t, { role: "operator" });
    // These races decide each cash request with one approval (two-operator approvals have their own race test).
    await writeMoneySetting(t.ctx.db, "admin.cash_approve_threshold", 10_000_000_000);
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  it("overspend race: 500 concurrent debits of 1,000 against 100,000 → exactly 100 accepted, no 5xx", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000);
    const results = await Promise.all(
      Array.from({ length: 500 }, () => call(t, "POST", "/api/user/transfer_in", { token: u.token, body: { amount: 1_000 } })),
    );
    const counts = tally(results.map((r) => r.statusCode));
    expect(counts).toEqual({ 200: 100, 422: 400 });
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().code).toBe("INSUFFICIENT_FUNDS");
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 0, game_balance: 100_000 });
  });

  it("ring of transfers, cash-outs, decisions and adjustments in random directions: no deadlock or 5xx reaches a client", async () => {
    const players: TestUser[] = [];
    for (let i = 0; i < 8; i++) {
      const p = await createUser(t);
      await fund(t, p.id, 200_000);
      await call(t, "POST", "/api/user/transfer_in", { token: p.token, body: { amount: 50_000 } });
      players.push(p);
    }
    const random = rng(20_240_601);
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)] as T;
    const requests: Promise<{ statusCode: number; body: string }>[] = [];
    let adjustedTotal = 0;
    for (let i = 0; i < 400; i++) {
      const p = pick(players);
      const amount = 1 + Math.floor(random() * 30_000);
      const r = random();
      if (r < 0.35) requests.push(call(t, "POST", "/api/user/transfer_in", { token: p.token, body: { amount } }));
      else if (r < 0.7) requests.push(call(t, "POST", "/api/user/transfer_out", { token: p.token, body: { amount } }));
      else if (r < 0.85) {
        requests.push(
          call(t, "POST", "/api/cash-out", {
            token: p.token,
            body: {
              payment_method_id: 1,
              amount: 1_000 + amount,
              account_number: "09790001111",
              holder_name: "Ko Ko",
              password: DEFAULT_PASSWORD,
            },
          }),
        );
      } else {
        const signed = random() < 0.5 ? amount : -amount;
        requests.push(
          call(t, "POST", `/api/admin/users/${p.id}/adjust`, {
            token: pick([op1, op2]).token,
            body: { amount: signed, reason: "ring" },
          }).then((res) => {
            // Above the running daily total an adjustment waits for a second operator (200, status "pending").
            if (res.statusCode === 200 && res.json().status === "applied") adjustedTotal += signed;
            return res;
          }),
        );
      }
    }
    const results = await Promise.all(requests);
    const bad = results.filter((r) => ![200, 201, 422].includes(r.statusCode));
    expect(bad.map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(["INSUFFICIENT_FUNDS"]).toContain(JSON.parse(r.body).code);

    // Decide every pending cash-out with two operators racing on each.
    const queue = (await call(t, "GET", "/api/admin/cash-requests?status=pending&kind=out&limit=500", { token: op1.token })).json()
      .data as {
      id: number;
    }[];
    const decisions = await Promise.all(
      queue.flatMap((q) => [
        call(t, "POST", `/api/admin/cash-requests/${q.id}/approve`, { token: op1.token, body: {} }),
        call(t, "POST", `/api/admin/cash-requests/${q.id}/reject`, { token: op2.token, body: { reason: "race" } }),
      ]),
    );
    expect(tally(decisions.map((d) => d.statusCode))).toEqual({ 200: queue.length, 409: queue.length });

    // Money is conserved: what players hold + what was paid out = funding + adjustments.
    let held = 0;
    for (const p of players) {
      const b = await balancesOf(t, p.id);
      held += b.balance + b.game_balance + b.hold;
      expect(b.hold).toBe(0);
    }
    const paidOut = (await call(t, "GET", "/api/admin/cash-requests?status=approved&kind=out&limit=500", { token: op1.token }))
      .json()
      .data.reduce((s: number, r: { amount: number; user_id: number }) => (players.some((p) => p.id === r.user_id) ? s + r.amount : s), 0);
    expect(held + paidOut).toBe(8 * 200_000 + adjustedTotal);
  });

  it("two operators approving the same request at once: one 200 and one 409", async () => {
    for (let i = 0; i < 10; i++) {
      const u = await createUser(t);
      const filed = await call(t, "POST", "/api/cash-in", {
        token: u.token,
        body: { payment_method_id: 3, amount: 5_000 + i, last_six_digits: String(800_000 + i) },
      });
      const id = filed.json().id;
      const [a, b] = await Promise.all([
        call(t, "POST", `/api/admin/cash-requests/${id}/approve`, { token: op1.token, body: {} }),
        call(t, "POST", `/api/admin/cash-requests/${id}/approve`, { token: op2.token, body: {} }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.statusCode === 409)?.json().code).toBe("ALREADY_DECIDED");
      expect((await balancesOf(t, u.id)).balance).toBe(5_000 + i);
    }
  });

  it("two requests with the same wallet transaction approved at once: one credit, one 409 DUPLICATE", async () => {
    for (let i = 0; i < 5; i++) {
      const a = await createUser(t);
      const b = await createUser(t);
      const body = { payment_method_id: 4, amount: 12_000, last_six_digits: String(900_100 + i) };
      const ra = (await call(t, "POST", "/api/cash-in", { token: a.token, body })).json().id;
      const rb = (await call(t, "POST", "/api/cash-in", { token: b.token, body })).json().id;
      const results = await Promise.all([
        call(t, "POST", `/api/admin/cash-requests/${ra}/approve`, { token: op1.token, body: {} }),
        call(t, "POST", `/api/admin/cash-requests/${rb}/approve`, { token: op2.token, body: {} }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const total = (await balancesOf(t, a.id)).balance + (await balancesOf(t, b.id)).balance;
      expect(total).toBe(12_000);
    }
  });

  it("50 concurrent retries with one Idempotency-Key: applied once, every answer identical", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 10_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t, "POST", "/api/user/transfer_in", {
          token: u.token,
          body: { amount: 3_000 },
          headers: { "idempotency-key": "same-key-50" },
        }),
      ),
    );
    expect(new Set(results.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results[0]?.json()).toEqual({ balance: 7_000, game_balance: 3_000 });
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 7_000, game_balance: 3_000 });
  });

  it("20 concurrent cash-in requests of one player: exactly one is filed", async () => {
    const u = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t, "POST", "/api/cash-in", { token: u.token, body: { payment_method_id: 1, amount: 2_000 + i, last_six_digits: "424242" } }),
      ),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 201: 1, 409: 19 });
  });
});
