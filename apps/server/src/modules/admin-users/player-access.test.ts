import { playerAccessSchema, playerPlaySchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call, createUser, expectErrorBody, fund, type TestUser } from "../ledger/testing.ts";
import { bet, createDraw, send } from "../lottery/lottery.test-helpers.ts";
import { connectTestProvider, nextId, userCodeOf, wallet } from "../providers/wallet.test-helpers.ts";

describe("console player page: access and ties", () => {
  let t: TestApp;
  let op: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    op = await createUser(t, { role: "operator" });
  });
  afterAll(async () => t.close());

  const access = async (id: number) =>
    playerAccessSchema.parse((await call(t, "GET", `/api/admin/users/${id}/access`, { token: op.token })).json());

  it("shows live sign-ins, sign-in addresses, the sign-up device and accounts on it, referrer, referees, limits and self-exclusion", async () => {
    const referrer = await createUser(t);
    const p = await createUser(t);
    const friend = await createUser(t);
    const twin = await createUser(t);
    await t.ctx.db.execute(sql`update users set referred_by = ${referrer.id} where id = ${p.id}`);
    await t.ctx.db.execute(sql`update users set referred_by = ${p.id} where id = ${friend.id}`);
    await t.ctx.db.execute(sql`update users set referred_by = ${friend.id} where id = ${twin.id}`);
    await t.ctx.db.execute(sql`
      insert into signup_origins (user_id, referred_by, device_id, ip, ip_range)
      values (${p.id}, ${referrer.id}, 'dev-abc', '203.0.113.7', '203.0.113.0/24'),
             (${twin.id}, ${friend.id}, 'dev-abc', '203.0.113.8', '203.0.113.0/24')`);
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await t.app.inject({
            method: "POST",
            url: "/api/user/login",
            remoteAddress: "198.51.100.4",
            payload: { phone: p.phone, password: p.password },
          })
        ).statusCode,
      ).toBe(200);
    }
    await send(t, "PUT", "/api/user/limits", { token: p.token, body: { kind: "loss", period: "week", amount: 30_000 } });
    await call(t, "POST", "/api/user/self-exclusion", { token: p.token, body: { period: "1w", password: p.password } });

    const a = await access(p.id);
    expect(a.sessions).toHaveLength(3);
    expect(a.sign_ins.filter((s) => s.action === "auth.login").map((s) => s.ip)).toEqual(["198.51.100.4", "198.51.100.4"]);
    expect(a.signup).toMatchObject({ device_id: "dev-abc", ip: "203.0.113.7" });
    expect(a.same_device).toBe(1);
    expect(a.referrer).toMatchObject({ id: referrer.id, phone: referrer.phone });
    expect(a.referees).toEqual([expect.objectContaining({ id: friend.id, referees: 1, blocked: false })]);
    expect(a.limits).toEqual([{ kind: "loss", period: "week", amount: 30_000 }]);
    expect(a.self_exclusion).toMatchObject({ indefinite: false });
    expectErrorBody(await call(t, "GET", "/api/admin/users/999999999/access", { token: op.token }), 404, "NOT_FOUND");
  });

  it("ends every sign-in of a player at once (audited); not a staff account", async () => {
    const p = await createUser(t);
    await t.app.inject({ method: "POST", url: "/api/user/login", payload: { phone: p.phone, password: p.password } });
    expect((await call(t, "GET", "/api/user/profile", { token: p.token })).statusCode).toBe(200);
    const res = await call(t, "POST", `/api/admin/users/${p.id}/sessions/end`, { token: op.token, body: {} });
    expect(res.json()).toEqual({ id: p.id, ended: 2 });
    expectErrorBody(await call(t, "GET", "/api/user/profile", { token: p.token }), 401, "UNAUTHENTICATED");
    expect((await access(p.id)).sessions).toEqual([]);
    const audit = rowsOf(
      await t.ctx.db.execute(
        sql`select actor_id, before, after from audit_log where action = 'admin.user_sessions_end' and target_id = ${String(p.id)}`,
      ),
    );
    expect(audit).toEqual([{ actor_id: op.id, before: { sessions: 2 }, after: { sessions: 0 } }]);
    // The player can sign in again.
    expect(
      (await t.app.inject({ method: "POST", url: "/api/user/login", payload: { phone: p.phone, password: p.password } })).statusCode,
    ).toBe(200);
    const other = await createUser(t, { role: "operator" });
    expectErrorBody(await call(t, "POST", `/api/admin/users/${other.id}/sessions/end`, { token: op.token, body: {} }), 404, "NOT_FOUND");
    const someone = await createUser(t);
    expectErrorBody(await call(t, "POST", `/api/admin/users/${p.id}/sessions/end`, { token: someone.token, body: {} }), 403, "FORBIDDEN");
  });

  it("lists the player's latest slips with their numbers and casino rounds", async () => {
    connectTestProvider(t);
    const p = await createUser(t);
    await fund(t, p.id, 20_000);
    await fund(t, p.id, 5_000, "game");
    const draw = await createDraw(t, "2D");
    expect(
      (
        await bet(t, p.token, "2D", draw, [
          { number: "07", amount: 500 },
          { number: "70", amount: 700 },
        ])
      ).statusCode,
    ).toBe(201);
    const code = await userCodeOf(t, p.id);
    const round = nextId("r");
    await wallet(t, "debit", { player: code, transaction_id: nextId("d"), round_id: round, amount: 1_000, game_code: "gdg-slot-01" });
    const play = playerPlaySchema.parse((await call(t, "GET", `/api/admin/users/${p.id}/play`, { token: op.token })).json());
    expect(play.slips).toEqual([
      expect.objectContaining({ type: "2D", draw_id: draw, numbers: ["07", "70"], total: 1_200, won: 0, status: "pending" }),
    ]);
    expect(play.rounds).toEqual([expect.objectContaining({ provider: "GDG", round_id: round, bet: 1_000, payout: 0, status: "open" })]);
    const someone = await createUser(t);
    expectErrorBody(await call(t, "GET", `/api/admin/users/${p.id}/play`, { token: someone.token }), 403, "FORBIDDEN");
  });
});
