import { auditLogPageSchema } from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call, createUser, expectErrorBody, fund, type TestUser } from "../ledger/testing.ts";

describe("audit log viewer: filters", () => {
  let t: TestApp;
  let opA: TestUser;
  let opB: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const page = async (query: string) =>
    auditLogPageSchema.parse((await call(t, "GET", `/api/admin/audit-log?${query}`, { token: opA.token })).json());

  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    opA = await createUser(t, { role: "operator" });
    opB = await createUser(t, { role: "operator" });
    alice = await createUser(t);
    bob = await createUser(t);
    await fund(t, alice.id, 50_000);
    // opA blocks and unblocks Alice; opB approves Bob's cash-in; opA adjusts Alice's balance.
    await call(t, "POST", `/api/admin/users/${alice.id}/block`, { token: opA.token, body: { blocked: true, reason: "Check" } });
    await call(t, "POST", `/api/admin/users/${alice.id}/block`, { token: opA.token, body: { blocked: false, reason: "Cleared" } });
    const cin = await call(t, "POST", "/api/cash-in", {
      token: bob.token,
      body: { payment_method_id: 1, amount: 10_000, last_six_digits: "123456" },
    });
    await call(t, "POST", `/api/admin/cash-requests/${(cin.json() as { id: number }).id}/approve`, { token: opB.token, body: {} });
    await call(t, "POST", `/api/admin/users/${alice.id}/adjust`, { token: opA.token, body: { amount: 500, reason: "Goodwill" } });
  });
  afterAll(async () => t.close());

  it("filters by operator phone, by action or its beginning, by player (account, cash requests, adjustments) and by day", async () => {
    const byA = await page(`actor=${opA.phone}`);
    expect(byA.total).toBeGreaterThanOrEqual(3);
    expect(byA.data.every((e) => e.actor_id === opA.id)).toBe(true);
    const byB = await page(`actor=%2B95${opB.phone.slice(1)}`);
    expect(byB.data.length).toBeGreaterThan(0);
    expect(byB.data.every((e) => e.actor_id === opB.id)).toBe(true);

    const unblocks = await page("action=admin.user_unblock");
    expect(unblocks.data.map((e) => e.action)).toEqual(["admin.user_unblock"]);
    const userActions = await page("action=admin.user_");
    expect(new Set(userActions.data.map((e) => e.action))).toEqual(new Set(["admin.user_block", "admin.user_unblock"]));

    const aboutAlice = await page(`player=${alice.id}`);
    expect(aboutAlice.data.length).toBeGreaterThanOrEqual(3);
    expect(aboutAlice.data.some((e) => e.target_type === "adjustment")).toBe(true);
    const aboutBob = await page(`player=${bob.id}`);
    expect(aboutBob.data.length).toBeGreaterThan(0);
    expect(aboutBob.data.every((e) => e.target_type === "cash_request")).toBe(true);

    const today = yangonDate(new Date());
    expect((await page(`start_date=${today}&end_date=${today}&player=${alice.id}`)).total).toBe(aboutAlice.total);
    expect((await page("start_date=2001-01-01&end_date=2001-01-02")).total).toBe(0);
    // Filters combine.
    expect((await page(`actor=${opB.phone}&player=${alice.id}`)).total).toBe(0);
  });

  it("says who acted: a player's own sign-in is the player's, an operator's decision the operator's", async () => {
    const login = await call(t, "POST", "/api/user/login", { body: { phone: bob.phone, password: bob.password } });
    expect(login.statusCode).toBe(200);
    const signIn = (await page("action=auth.login")).data.find((e) => e.actor_id === bob.id);
    expect(signIn).toMatchObject({ actor_phone: bob.phone, actor_role: "player" });
    const byA = await page(`actor=${opA.phone}`);
    expect(byA.data.every((e) => e.actor_role === "operator")).toBe(true);
  });

  it("refuses filters that are not one", async () => {
    for (const q of ["actor=12345", "action=DROP%20TABLE", "player=0", "start_date=2026-13-01", "extra=1"]) {
      expectErrorBody(await call(t, "GET", `/api/admin/audit-log?${q}`, { token: opA.token }), 400, "VALIDATION_FAILED");
    }
  });
});
