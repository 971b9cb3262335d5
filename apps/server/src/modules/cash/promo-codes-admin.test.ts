import { adminPromoCodeSchema, adminPromoCodesSchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectErrorBody, expectLedgerClean, type TestUser, turnoverOf } from "../ledger/testing.ts";
import { send } from "../lottery/lottery.test-helpers.ts";

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe("promo codes in the console", () => {
  let t: TestApp;
  let admin: TestUser;
  let op: TestUser;
  let op2: TestUser;
  let slip = 100_000;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: "admin" });
    op = await createUser(t, { role: "operator" });
    op2 = await createUser(t, { role: "operator" });
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  const create = (body: unknown, token = admin.token) => send(t, "POST", "/api/admin/promo-codes", { token, body });
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return adminPromoCodeSchema.parse(res.json());
  };
  const cashIn = (u: TestUser, amount: number, promo: string) =>
    call(t, "POST", "/api/cash-in", {
      token: u.token,
      body: { payment_method_id: 1, amount, last_six_digits: String(slip++).slice(-6), promo_code: promo },
    });
  const filed = async (u: TestUser, amount: number, promo: string) => {
    const res = await cashIn(u, amount, promo);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const approve = (id: number, by: TestUser = op) =>
    call(t, "POST", `/api/admin/cash-requests/${id}/approve`, { token: by.token, body: {} });
  const listed = async (id: number) =>
    adminPromoCodesSchema.parse((await call(t, "GET", "/api/admin/promo-codes", { token: op.token })).json()).data.find((p) => p.id === id);
  const auditOf = async (action: string, id: number) =>
    rowsOf<{ actor_id: number; before: unknown; after: Record<string, unknown> }>(
      await t.ctx.db.execute(
        sql`select actor_id, before, after from audit_log where action = ${action} and target_type = 'promo_code' and target_id = ${String(id)}`,
      ),
    );

  it("an admin creates a code (audited); an operator may read but not create; a taken code or bad terms are refused and change nothing", async () => {
    const body = { code: " first100 ", percent: 20, max_bonus: 5_000, turnover_multiplier: 2, max_uses: 100, max_uses_per_player: 1 };
    expectErrorBody(await create(body, op.token), 403, "FORBIDDEN");
    const code = await created(body);
    expect(code).toMatchObject({
      code: "FIRST100",
      percent: 20,
      max_bonus: 5_000,
      turnover_multiplier: 2,
      max_uses: 100,
      max_uses_per_player: 1,
      starts_at: null,
      ends_at: null,
      active: true,
      state: "running",
      uses: 0,
      pending: 0,
    });
    const audit = await auditOf("promo_code.create", code.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, before: null, after: { code: "FIRST100", max_bonus: 5_000 } });
    expect(await listed(code.id)).toEqual(code);

    const before = (await call(t, "GET", "/api/admin/promo-codes", { token: admin.token })).json();
    expectErrorBody(await create({ ...body, code: "FIRST100" }), 409, "DUPLICATE");
    for (const bad of [
      {},
      { ...body, code: "" },
      { ...body, code: "no spaces" },
      { ...body, percent: 0 },
      { ...body, percent: 2.5 },
      { ...body, max_bonus: 0 },
      { ...body, turnover_multiplier: -1 },
      { ...body, max_uses: 0 },
      { ...body, code: "LATER", starts_at: at(2 * DAY), ends_at: at(DAY) },
      { ...body, code: "LATER", starts_at: "tomorrow" },
      { ...body, code: "LATER", starts_at: "0000-01-01T00:00:00Z" },
      { ...body, code: "LATER", ends_at: "2026-02-30T00:00:00Z" },
      { ...body, code: "EXTRA", extra: 1 },
    ]) {
      expect((await create(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(t, "GET", "/api/admin/promo-codes", { token: admin.token })).json()).toEqual(before);
  });

  it("pays a percent bonus capped at max_bonus to the game balance, adds the turnover rule, and holds each player to their limit", async () => {
    const code = await created({ code: "CAPPED", percent: 50, max_bonus: 5_000, turnover_multiplier: 3, max_uses_per_player: 1 });
    const p = await createUser(t);
    const id = await filed(p, 100_000, "capped");
    expect((await listed(code.id))?.pending).toBe(1);
    expect((await approve(id)).json()).toEqual({ id, status: "approved" });
    expect(await balancesOf(t, p.id)).toMatchObject({ balance: 100_000, game_balance: 5_000 });
    expect(await turnoverOf(t, p.id)).toBe((100_000 + 5_000) * 3);
    expect(await listed(code.id)).toMatchObject({ uses: 1, pending: 0, state: "running" });

    const again = await cashIn(p, 10_000, "CAPPED");
    expectErrorBody(again, 422, "INVALID_PROMO_CODE");
    expect(again.json()).toMatchObject({ message: "You have used this promo code already.", details: { reason: "player_limit" } });
    // Below the cap the percent applies as it is.
    const q = await createUser(t);
    await approve(await filed(q, 4_000, "CAPPED"));
    expect((await balancesOf(t, q.id)).game_balance).toBe(2_000);
  });

  it("counts uses in all: waiting requests hold their place, rejected ones give it back", async () => {
    const code = await created({ code: "TWOONLY", percent: 10, turnover_multiplier: 1, max_uses: 2 });
    const [a, b, c] = [await createUser(t), await createUser(t), await createUser(t)];
    const first = await filed(a, 10_000, "TWOONLY");
    await filed(b, 10_000, "TWOONLY");
    const full = await cashIn(c, 10_000, "TWOONLY");
    expectErrorBody(full, 422, "INVALID_PROMO_CODE");
    expect(full.json()).toMatchObject({ message: "This promo code has been used up.", details: { reason: "used_up" } });
    const rejected = await call(t, "POST", `/api/admin/cash-requests/${first}/reject`, {
      token: op.token,
      body: { reason: "No such payment" },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await filed(c, 10_000, "TWOONLY");
    expect(await listed(code.id)).toMatchObject({ uses: 0, pending: 2 });
  });

  it("takes the code only between its start and its end", async () => {
    const later = await created({ code: "NEXTWEEK", percent: 10, turnover_multiplier: 1, starts_at: at(7 * DAY), ends_at: at(14 * DAY) });
    const over = await created({ code: "LASTWEEK", percent: 10, turnover_multiplier: 1, starts_at: at(-14 * DAY), ends_at: at(-7 * DAY) });
    expect(later.state).toBe("scheduled");
    expect(over.state).toBe("ended");
    const p = await createUser(t);
    const early = await cashIn(p, 10_000, "NEXTWEEK");
    expectErrorBody(early, 422, "INVALID_PROMO_CODE");
    expect(early.json()).toMatchObject({ message: "This promo code has not started yet.", details: { reason: "not_started" } });
    expectErrorBody(await cashIn(p, 10_000, "LASTWEEK"), 422, "INVALID_PROMO_CODE");

    const moved = await send(t, "PUT", `/api/admin/promo-codes/${later.id}`, { token: admin.token, body: { starts_at: at(-DAY) } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(adminPromoCodeSchema.parse(moved.json()).state).toBe("running");
    const audit = await auditOf("promo_code.update", later.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after.starts_at).toBe(adminPromoCodeSchema.parse(moved.json()).starts_at);
    await filed(p, 10_000, "NEXTWEEK");
    // A start after the end is refused, also when only one of the two changes.
    const bad = await send(t, "PUT", `/api/admin/promo-codes/${later.id}`, { token: admin.token, body: { starts_at: at(30 * DAY) } });
    expectErrorBody(bad, 400, "VALIDATION_FAILED");
    expect((await listed(later.id))?.state).toBe("running");
  });

  it("ends a code: no new requests, and a waiting one is approved without the bonus; ending twice is refused", async () => {
    const code = await created({ code: "ENDSOON", percent: 10, turnover_multiplier: 5 });
    const p = await createUser(t);
    const id = await filed(p, 20_000, "ENDSOON");
    expectErrorBody(await send(t, "POST", `/api/admin/promo-codes/${code.id}/end`, { token: op.token }), 403, "FORBIDDEN");
    const ended = await send(t, "POST", `/api/admin/promo-codes/${code.id}/end`, { token: admin.token });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(adminPromoCodeSchema.parse(ended.json())).toMatchObject({ active: false, state: "ended", pending: 1 });
    expect(await auditOf("promo_code.end", code.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        before: expect.objectContaining({ active: true }),
        after: expect.objectContaining({ active: false }),
      }),
    ]);
    expectErrorBody(await send(t, "POST", `/api/admin/promo-codes/${code.id}/end`, { token: admin.token }), 409, "ALREADY_ENDED");
    expectErrorBody(await cashIn(await createUser(t), 10_000, "ENDSOON"), 422, "INVALID_PROMO_CODE");
    await approve(id);
    expect(await balancesOf(t, p.id)).toMatchObject({ balance: 20_000, game_balance: 0 });
    expect(await turnoverOf(t, p.id)).toBe(0);
    expect(await listed(code.id)).toMatchObject({ uses: 0, pending: 0 });
    expectErrorBody(await send(t, "POST", "/api/admin/promo-codes/999999/end", { token: admin.token }), 404, "NOT_FOUND");
  });

  it("holds the total limit when operators approve requests of the same code at once", async () => {
    const code = await created({ code: "RACE", percent: 10, turnover_multiplier: 1, max_uses: 2 });
    const a = await createUser(t);
    const b = await createUser(t);
    const ids = [await filed(a, 10_000, "RACE"), await filed(b, 10_000, "RACE")];
    const lowered = await send(t, "PUT", `/api/admin/promo-codes/${code.id}`, { token: admin.token, body: { max_uses: 1 } });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const answers = await Promise.all([approve(ids[0] as number, op), approve(ids[1] as number, op2)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const bonuses = [(await balancesOf(t, a.id)).game_balance, (await balancesOf(t, b.id)).game_balance].sort();
    expect(bonuses).toEqual([0, 1_000]);
    expect(await listed(code.id)).toMatchObject({ uses: 1, pending: 0, state: "used_up" });
  });
});
