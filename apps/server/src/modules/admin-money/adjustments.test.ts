import { yangonDate, yangonDayBounds } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { writeMoneySetting } from "../ledger/money-settings.repository.ts";
import { balancesOf, call, createUser, expectErrorBody, expectLedgerClean, fund, moneySnapshot, type TestUser } from "../ledger/testing.ts";

describe("operator balance adjustments", () => {
  let t: TestApp;
  let op1: TestUser;
  let op2: TestUser;
  /** The server's clock: the system's, unless a test sets it (and puts it back). */
  let setNow: Date | undefined;
  const clock = { now: () => new Date(setNow ?? Date.now()) };
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  // Fresh operators for every test: each operator's running daily total starts at 0.
  beforeEach(async () => {
    op1 = await createUser(t, { role: "operator" });
    op2 = await createUser(t, { role: "operator" });
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  const adjust = (userId: number, body: unknown, op: TestUser = op1, headers?: Record<string, string>) =>
    call(t, "POST", `/api/admin/users/${userId}/adjust`, { token: op.token, body, ...(headers ? { headers } : {}) });

  it("applies an adjustment up to the threshold at once, both signs, with the audit trail", async () => {
    const u = await createUser(t);
    const plus = await adjust(u.id, { amount: 750_000, reason: "Bonus for the promotion" });
    expect(plus.statusCode, plus.body).toBe(200);
    expect(plus.json()).toEqual({ id: u.id, balance: 750_000, adjustment_id: expect.any(Number), status: "applied" });
    // 750,000 + 250,000 is exactly the threshold: still applied at once.
    const minus = await adjust(u.id, { amount: -250_000, reason: "Correction" }, op2);
    expect(minus.json()).toMatchObject({ balance: 500_000, status: "applied" });
    expect((await balancesOf(t, u.id)).balance).toBe(500_000);
    const log = (await call(t, "GET", "/api/admin/audit-log?page=1&per_page=2", { token: op2.token })).json();
    expect(log.data[0]).toMatchObject({
      actor_id: op2.id,
      action: "adjustment.apply",
      before: { user_id: u.id, balance: 750_000 },
      after: { status: "applied", amount: -250_000, balance: 500_000 },
    });
    expect(log.per_page).toBe(2);
    expect(log.total).toBeGreaterThanOrEqual(2);
    const next = (await call(t, "GET", "/api/admin/audit-log?page=2&per_page=1", { token: op2.token })).json();
    expect(next.data[0]).toMatchObject({ action: "adjustment.apply", after: { amount: 750_000 } });
  });

  it("never takes a balance below zero", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 500);
    const before = await moneySnapshot(t.ctx.db);
    expectErrorBody(await adjust(u.id, { amount: -501, reason: "too much" }), 422, "INSUFFICIENT_FUNDS");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("above the threshold a different operator must confirm, exactly once", async () => {
    const u = await createUser(t);
    const res = await adjust(u.id, { amount: 1_000_001, reason: "Big correction" });
    expect(res.json()).toMatchObject({ id: u.id, balance: 0, status: "pending" });
    const adjustmentId = res.json().adjustment_id;
    expect((await balancesOf(t, u.id)).balance).toBe(0);
    const pending = (await call(t, "GET", "/api/admin/adjustments?status=pending", { token: op2.token })).json().data;
    expect(pending.find((a: { id: number }) => a.id === adjustmentId)).toMatchObject({
      user_id: u.id,
      amount: 1_000_001,
      status: "pending",
      requested_by: op1.id,
      // The console names who asked, not "#id".
      requested_by_name: "Test operator",
    });

    expectErrorBody(
      await call(t, "POST", `/api/admin/adjustments/${adjustmentId}/confirm`, { token: op1.token, body: {} }),
      403,
      "SECOND_OPERATOR_REQUIRED",
    );
    const ok = await call(t, "POST", `/api/admin/adjustments/${adjustmentId}/confirm`, { token: op2.token, body: {} });
    expect(ok.json()).toEqual({ id: adjustmentId, status: "applied", balance: 1_000_001 });
    expectErrorBody(
      await call(t, "POST", `/api/admin/adjustments/${adjustmentId}/confirm`, { token: op2.token, body: {} }),
      409,
      "ALREADY_DECIDED",
    );
    expectErrorBody(
      await call(t, "POST", `/api/admin/adjustments/${adjustmentId}/reject`, { token: op2.token, body: {} }),
      409,
      "ALREADY_DECIDED",
    );
    expect((await balancesOf(t, u.id)).balance).toBe(1_000_001);
    const negative = await adjust(u.id, { amount: -1_000_001, reason: "Reverse it" }, await createUser(t, { role: "operator" }));
    expect(negative.json().status).toBe("pending");
    const rejected = await call(t, "POST", `/api/admin/adjustments/${negative.json().adjustment_id}/reject`, {
      token: op1.token,
      body: { reason: "Not approved" },
    });
    expect(rejected.json()).toEqual({ id: negative.json().adjustment_id, status: "rejected", balance: 1_000_001 });
    expectErrorBody(await call(t, "POST", "/api/admin/adjustments/99999999/confirm", { token: op2.token, body: {} }), 404, "NOT_FOUND");
  });

  it("the threshold is a setting", async () => {
    const u = await createUser(t);
    await writeMoneySetting(t.ctx.db, "admin.adjust_threshold", 100);
    expect((await adjust(u.id, { amount: 101, reason: "x" })).json().status).toBe("pending");
    const other = await createUser(t);
    expect((await adjust(other.id, { amount: 100, reason: "x" }, op2)).json().status).toBe("applied");
    await writeMoneySetting(t.ctx.db, "admin.adjust_threshold", 1_000_000);
  });

  it("refuses bad input, self-adjustment, non-players and unknown accounts; nothing changes", async () => {
    const u = await createUser(t);
    const before = await moneySnapshot(t.ctx.db);
    const bodies: unknown[] = [
      { amount: 0, reason: "x" },
      { amount: 1.5, reason: "x" },
      { amount: "100", reason: "x" },
      { amount: 1e20, reason: "x" },
      { amount: -1e20, reason: "x" },
      { amount: null, reason: "x" },
      { amount: 100 },
      { amount: 100, reason: "" },
      { amount: 100, reason: "x", balance: 5 },
      { reason: "x" },
    ];
    for (const body of bodies) expectErrorBody(await adjust(u.id, body), 400, "VALIDATION_FAILED");
    expectErrorBody(await adjust(op1.id, { amount: 100, reason: "me" }), 403, "FORBIDDEN");
    expectErrorBody(await adjust(op2.id, { amount: 100, reason: "colleague" }), 422, "NOT_A_PLAYER");
    expectErrorBody(await adjust(99_999_999, { amount: 100, reason: "ghost" }), 404, "NOT_FOUND");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("an Idempotency-Key makes a double click apply once", async () => {
    const u = await createUser(t);
    const key = { "idempotency-key": "adj-double-click" };
    const a = await adjust(u.id, { amount: 5_000, reason: "Goodwill" }, op1, key);
    const b = await adjust(u.id, { amount: 5_000, reason: "Goodwill" }, op1, key);
    expect(b.json()).toEqual(a.json());
    expect((await balancesOf(t, u.id)).balance).toBe(5_000);
    expectErrorBody(await adjust(u.id, { amount: 6_000, reason: "Goodwill" }, op1, key), 409, "IDEMPOTENCY_MISMATCH");
  });

  it("five adjustments of 1,000,000 to one player: only the first applies alone, the rest wait for a second operator", async () => {
    const u = await createUser(t);
    const statuses: string[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await adjust(u.id, { amount: 1_000_000, reason: `part ${i + 1}` })).json().status);
    expect(statuses).toEqual(["applied", "pending", "pending", "pending", "pending"]);
    expect((await balancesOf(t, u.id)).balance).toBe(1_000_000);

    // Five different operators cannot split it either: the player's running total counts them all.
    const v = await createUser(t);
    const byFive: string[] = [];
    for (let i = 0; i < 5; i++) {
      const op = await createUser(t, { role: "operator" });
      byFive.push((await adjust(v.id, { amount: 1_000_000, reason: `part ${i + 1}` }, op)).json().status);
    }
    expect(byFive).toEqual(["applied", "pending", "pending", "pending", "pending"]);
    expect((await balancesOf(t, v.id)).balance).toBe(1_000_000);
    const log = (await call(t, "GET", "/api/admin/audit-log?page=1&per_page=1", { token: op1.token })).json();
    expect(log.data[0]).toMatchObject({
      action: "adjustment.request",
      after: { status: "pending", amount: 1_000_000, threshold: 1_000_000, player_today: 4_000_000, operator_today: 0 },
    });
  });

  it("signs do not cancel out: +600,000 then -600,000 to one player makes 1,200,000", async () => {
    const u = await createUser(t);
    expect((await adjust(u.id, { amount: 600_000, reason: "credit" })).json().status).toBe("applied");
    expect((await adjust(u.id, { amount: -600_000, reason: "debit" }, op2)).json().status).toBe("pending");
    expect((await balancesOf(t, u.id)).balance).toBe(600_000);
  });

  it("an operator's running total counts every player they adjusted today", async () => {
    const [a, b, c] = [await createUser(t), await createUser(t), await createUser(t)];
    expect((await adjust(a.id, { amount: 600_000, reason: "x" })).json().status).toBe("applied");
    expect((await adjust(b.id, { amount: 400_000, reason: "x" })).json().status).toBe("applied");
    const third = await adjust(c.id, { amount: 1, reason: "x" });
    expect(third.json()).toMatchObject({ status: "pending", balance: 0 });
    // Another operator is not held back by op1's total.
    expect((await adjust(c.id, { amount: 1, reason: "x" }, op2)).json().status).toBe("applied");
  });

  it("pending adjustments count, rejected ones and those of an earlier Yangon day do not", async () => {
    const u = await createUser(t);
    const big = await adjust(u.id, { amount: 2_000_000, reason: "big" }, op2);
    expect(big.json().status).toBe("pending");
    expect((await adjust(u.id, { amount: 1, reason: "small" })).json().status).toBe("pending");
    await call(t, "POST", `/api/admin/adjustments/${big.json().adjustment_id}/reject`, { token: op1.token, body: {} });
    const op3 = await createUser(t, { role: "operator" });
    expect((await adjust(u.id, { amount: 1, reason: "small" }, op3)).json().status).toBe("applied");

    const w = await createUser(t);
    const yesterday = await adjust(w.id, { amount: 1_000_000, reason: "yesterday" }, op3);
    expect(yesterday.json().status).toBe("pending");
    // Move op3's adjustments to the previous Asia/Yangon day: they no longer count for today.
    await t.ctx.db.execute(sql`
      update adjustments set created_at = (date_trunc('day', now() at time zone 'Asia/Yangon') at time zone 'Asia/Yangon') - interval '1 second'
       where requested_by = ${op3.id} or user_id = ${w.id}`);
    expect((await adjust(w.id, { amount: 1_000_000, reason: "today" }, op3)).json().status).toBe("applied");
  });

  it("today is the server clock's Asia/Yangon day: a row 1 ms before its midnight is yesterday's, one at midnight today's", async () => {
    // The next Yangon midnight: the server's clock a second past it is a day ahead of the database's.
    const midnight = yangonDayBounds(yangonDate(Date.now() + 86_400_000)).start;
    const op3 = await createUser(t, { role: "operator" });
    const [w, v] = [await createUser(t), await createUser(t)];
    const stamp = (id: number, at: Date) =>
      t.ctx.db.execute(sql`update adjustments set created_at = ${at.toISOString()}::timestamptz where id = ${id}`);
    setNow = new Date(midnight.getTime() + 1_000);
    try {
      const first = await adjust(w.id, { amount: 1_000_000, reason: "late evening" }, op3);
      expect(first.json().status).toBe("applied");
      await stamp(first.json().adjustment_id, new Date(midnight.getTime() - 1));
      // Yesterday's 1,000,000 does not count: the threshold is reached, not passed.
      const second = await adjust(v.id, { amount: 1_000_000, reason: "just after midnight" }, op3);
      expect(second.json().status).toBe("applied");
      await stamp(second.json().adjustment_id, midnight);
      // Midnight's 1,000,000 counts for op3 (not for w, whose only row is yesterday's).
      expect((await adjust(w.id, { amount: 1, reason: "one more" }, op3)).json().status).toBe("pending");
      expect((await adjust(w.id, { amount: 1_000_000, reason: "another operator" }, op2)).json().status).toBe("applied");
    } finally {
      setNow = undefined;
    }
  });

  it.skipIf(!onRealPostgres)(
    "concurrent adjustments around the threshold: never more than the threshold applied alone (real PostgreSQL)",
    async () => {
      // One player, ten operators at once: the player's running total holds.
      const u = await createUser(t);
      const ops = await Promise.all(Array.from({ length: 10 }, () => createUser(t, { role: "operator" })));
      const perPlayer = await Promise.all(ops.map((op, i) => adjust(u.id, { amount: 300_000, reason: `race ${i}` }, op)));
      expect(perPlayer.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(perPlayer.filter((r) => r.json().status === "applied")).toHaveLength(3);
      expect((await balancesOf(t, u.id)).balance).toBe(900_000);

      // One operator, ten players at once: the operator's running total holds.
      const players = await Promise.all(Array.from({ length: 10 }, () => createUser(t)));
      const perOperator = await Promise.all(players.map((p, i) => adjust(p.id, { amount: 300_000, reason: `race ${i}` }, op1)));
      expect(perOperator.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(perOperator.filter((r) => r.json().status === "applied")).toHaveLength(3);

      // Both at once, crossing: operators A and B each adjust players P and Q; no deadlock, totals hold.
      const [p, q] = [await createUser(t), await createUser(t)];
      const crossing = await Promise.all([
        adjust(p.id, { amount: 600_000, reason: "ap" }, op1),
        adjust(q.id, { amount: 600_000, reason: "bq" }, op2),
        adjust(q.id, { amount: 600_000, reason: "aq" }, op1),
        adjust(p.id, { amount: 600_000, reason: "bp" }, op2),
      ]);
      expect(crossing.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const applied = (await balancesOf(t, p.id)).balance + (await balancesOf(t, q.id)).balance;
      expect(applied).toBeLessThanOrEqual(1_200_000);
      expect(crossing.filter((r) => r.json().status === "applied").length).toBeLessThanOrEqual(2);
    },
  );

  it.skipIf(onRealPostgres)("concurrency around the threshold is tested on real PostgreSQL only (set TEST_DATABASE_URL to run it)", () => {
    expect(onRealPostgres).toBe(false);
  });
});
