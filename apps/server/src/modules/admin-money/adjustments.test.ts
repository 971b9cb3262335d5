import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { writeMoneySetting } from "../ledger/money-settings.repository.ts";
import { balancesOf, call, createUser, expectErrorBody, expectLedgerClean, fund, moneySnapshot, type TestUser } from "../ledger/testing.ts";

describe("operator balance adjustments", () => {
  let t: TestApp;
  let op1: TestUser;
  let op2: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    op1 = await createUser(t, { role: "operator" });
    op2 = await createUser(t, { role: "operator" });
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  const adjust = (userId: number, body: unknown, op: TestUser = op1, headers?: Record<string, string>) =>
    call(t, "POST", `/api/admin/users/${userId}/adjust`, { token: op.token, body, ...(headers ? { headers } : {}) });

  it("applies an adjustment up to the threshold at once, both signs, with the audit trail", async () => {
    const u = await createUser(t);
    const plus = await adjust(u.id, { amount: 1_000_000, reason: "Bonus for the promotion" });
    expect(plus.statusCode, plus.body).toBe(200);
    expect(plus.json()).toEqual({ id: u.id, balance: 1_000_000, adjustment_id: expect.any(Number), status: "applied" });
    const minus = await adjust(u.id, { amount: -250_000, reason: "Correction" });
    expect(minus.json()).toMatchObject({ balance: 750_000, status: "applied" });
    expect((await balancesOf(t, u.id)).balance).toBe(750_000);
    const log = (await call(t, "GET", "/api/admin/audit-log?page=1&per_page=2", { token: op2.token })).json();
    expect(log.data[0]).toMatchObject({
      actor_id: op1.id,
      action: "adjustment.apply",
      before: { user_id: u.id, balance: 1_000_000 },
      after: { status: "applied", amount: -250_000, balance: 750_000 },
    });
    expect(log.per_page).toBe(2);
    expect(log.total).toBeGreaterThanOrEqual(2);
    const next = (await call(t, "GET", "/api/admin/audit-log?page=2&per_page=1", { token: op2.token })).json();
    expect(next.data[0]).toMatchObject({ action: "adjustment.apply", after: { amount: 1_000_000 } });
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
    const negative = await adjust(u.id, { amount: -1_000_001, reason: "Reverse it" }, op2);
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
    expect((await adjust(u.id, { amount: 100, reason: "x" })).json().status).toBe("applied");
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
});
