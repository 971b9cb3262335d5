import { luckyDailySchema, winnerListSchema } from "@shwe/contracts";
import { fairNumber } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { serializerCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.ts";
import type { ZodApp } from "../../app-context.ts";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createAccountWithToken } from "../content/content-test-accounts.ts";
import { call, createUser, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
import { bet, createDraw, drawRow, passDrawTime, send, testScheduler } from "./lottery.test-helpers.ts";
import { luckyDaily, winners } from "./public.service.ts";
import { settleDraw } from "./settlement.service.ts";

/** The time a public answer may be reused in these tests (engine time, moved by hand). */
const TTL = 5000;

describe("public lottery pages from the public cache", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { publicCacheMs: TTL } });
    alice = await createUser(t);
    bob = await createUser(t);
    await fund(t, alice.id, 100_000);
    await fund(t, bob.id, 100_000);
  });
  afterAll(async () => t.close());

  const get = async (url: string) => {
    const res = await call(t, "GET", url);
    expect(res.statusCode).toBe(200);
    return res;
  };
  /**
   * Draw fixtures are written straight into the database, as another server process would: the
   * engine clock is moved past the draw time and past the time to live, so pages cached before
   * the fixture existed are read again.
   */
  const expireCachedPages = (atLeast = new Date(0)) => clock.set(new Date(Math.max(clock.now().getTime(), atLeast.getTime()) + TTL));
  const afterDrawTime = (drawAt: Date) => expireCachedPages(new Date(drawAt.getTime() + 1000));
  const daily = async () => luckyDailySchema.parse((await get("/api/luckynumber_daily")).json());
  const winnersOf = async (type: string) => winnerListSchema.parse((await get(`/api/winner_users/${type}`)).json());

  /** A fair draw with a winning line of alice's and a losing one of bob's, its draw time just passed. */
  async function fairDrawWithBets(type: "2D" | "C2D"): Promise<{ drawId: number; winning: string }> {
    const drawId = await createDraw(t, type);
    const winning = await fairNumber(String((await drawRow(t, drawId))?.fair_seed_secret), drawId, type);
    await bet(t, alice.token, type, drawId, [{ number: winning, amount: 500 }]);
    await bet(t, bob.token, type, drawId, [{ number: winning === "00" ? "01" : "00", amount: 300 }]);
    afterDrawTime(await passDrawTime(t, drawId));
    return { drawId, winning };
  }

  it("a draw resulted and settled by the scheduler shows at once, without waiting for the cache to expire", async () => {
    const { drawId, winning } = await fairDrawWithBets("2D");
    // Both pages are cached while the draw still has no number.
    expect((await daily()).find((d) => d.draw_id === drawId)).toMatchObject({ number: null, status: "open" });
    const before = await winnersOf("2D");
    expect(before.draw_id).not.toBe(drawId);
    expect(await daily()).toEqual(await daily());

    const report = await testScheduler(t).tick();
    expect(report.settled).toBeGreaterThanOrEqual(1);

    expect((await daily()).find((d) => d.draw_id === drawId)).toMatchObject({ number: winning, status: "settled" });
    const after = await winnersOf("2D");
    expect(after).toMatchObject({ draw_id: drawId, lucky_number: winning });
    expect(after.data).toEqual([{ phone: `********${alice.phone.slice(-3)}`, bet_amount: 500, win_amount: 500 * 85 }]);
    await expectLedgerClean(t);
  });

  it("a draw the scheduler closes shows closed at once", async () => {
    // Past its cut-off but still marked open, draw time in a few seconds (manual: the tick only closes it).
    const drawId = await createDraw(t, "2D", { source: "manual", closesIn: -5, drawAfterClose: 10 });
    expireCachedPages();
    expect((await daily()).find((d) => d.draw_id === drawId)?.status).toBe("open");
    const report = await testScheduler(t).tick();
    expect(report.closed).toBeGreaterThanOrEqual(1);
    expect(report.settled).toBe(0);
    expect((await daily()).find((d) => d.draw_id === drawId)?.status).toBe("closed");
  });

  it("a settlement run in this process shows at once", async () => {
    const drawId = await createDraw(t, "C2D", { source: "manual" });
    await bet(t, bob.token, "C2D", drawId, [{ number: "42", amount: 100 }]);
    const drawAt = await passDrawTime(t, drawId);
    // Entered and confirmed elsewhere; this process settles it.
    await t.ctx.db.execute(sql`update draws set status = 'resulted', result = '42', confirmed_at = now() where id = ${drawId}`);
    afterDrawTime(drawAt);
    expect((await winnersOf("C2D")).draw_id).not.toBe(drawId);
    expect(await settleDraw(t.ctx, drawId)).toBe("settled");
    expect(await winnersOf("C2D")).toMatchObject({ draw_id: drawId, lucky_number: "42", data: [{ bet_amount: 100, win_amount: 8_500 }] });
    await expectLedgerClean(t);
  });

  it("an operator's result and its confirmation show at once", async () => {
    const first = await createAccountWithToken(t, "operator");
    const second = await createAccountWithToken(t, "operator");
    const drawId = await createDraw(t, "3D", { source: "manual" });
    await bet(t, alice.token, "3D", drawId, [{ number: "123", amount: 200 }]);
    afterDrawTime(await passDrawTime(t, drawId));
    expect((await daily()).find((d) => d.draw_id === drawId)?.status).toBe("open");
    expect((await winnersOf("3D")).draw_id).not.toBe(drawId);

    const entered = await t.app.inject({
      method: "POST",
      url: `/api/admin/draws/${drawId}/result`,
      headers: { authorization: first.auth },
      payload: { number: "123" },
    });
    expect(entered.statusCode).toBe(200);
    expect((await daily()).find((d) => d.draw_id === drawId)).toMatchObject({ status: "resulted", number: null });

    const confirmed = await t.app.inject({
      method: "POST",
      url: `/api/admin/draws/${drawId}/confirm`,
      headers: { authorization: second.auth },
      payload: { number: "123" },
    });
    expect(confirmed.json()).toEqual({ draw_id: drawId, status: "settled" });
    expect((await daily()).find((d) => d.draw_id === drawId)).toMatchObject({ status: "settled", number: "123" });
    expect(await winnersOf("3D")).toMatchObject({
      draw_id: drawId,
      lucky_number: "123",
      data: [{ phone: `********${alice.phone.slice(-3)}`, bet_amount: 200, win_amount: 200 * 600 }],
    });
    await expectLedgerClean(t);
  });

  it("an operator switching a game off takes its draws off today's numbers at once", async () => {
    const admin = await createUser(t, { role: "admin" });
    const drawId = await createDraw(t, "C1D", { closesIn: -5, drawAfterClose: 1, status: "closed" });
    afterDrawTime(new Date(String((await drawRow(t, drawId))?.draw_at)));
    expect((await daily()).some((d) => d.type === "C1D")).toBe(true);
    const off = await send(t, "PUT", "/api/admin/lottery/C1D", { token: admin.token, body: { enabled: false } });
    expect(off.statusCode).toBe(200);
    expect((await daily()).some((d) => d.type === "C1D")).toBe(false);
    const on = await send(t, "PUT", "/api/admin/lottery/C1D", { token: admin.token, body: { enabled: true } });
    expect(on.statusCode).toBe(200);
    expect((await daily()).some((d) => d.type === "C1D")).toBe(true);
  });

  it("a change made by another server process shows within the time to live, by the engine clock", async () => {
    const cached = await daily();
    // Another process adds a draw of today (straight into the database: nothing here is told).
    const at = new Date(clock.now().getTime() + 1000);
    const res = await t.ctx.db.execute(sql`
      insert into draws (type, draw_at, closes_at, status, odds, result_source)
      values ('2D', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, 'closed', 85, 'manual') returning id`);
    const added = Number(rowsOf<{ id: number }>(res)[0]?.id);
    expect(await daily()).toEqual(cached);
    clock.advance(TTL - 1);
    expect(await daily()).toEqual(cached);
    clock.advance(1);
    const fresh = await daily();
    expect(fresh.find((d) => d.draw_id === added)).toMatchObject({ type: "2D", number: null, status: "closed" });
  });

  it("a result settled by another server process shows as soon as its live result message arrives", async () => {
    const cached = await winnersOf("2D");
    const drawId = await createDraw(t, "2D", { source: "manual" });
    const drawAt = await passDrawTime(t, drawId);
    expect(await winnersOf("2D")).toEqual(cached);
    // What another process's settlement commits: the settled draw and the live result message.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`update draws set status = 'settled', result = '77', confirmed_at = now(), settled_at = now() where id = ${drawId}`,
      );
      const message = JSON.stringify({ user_id: null, message: { type: "result", lottery: "2D", draw_id: drawId, number: "77" } });
      await tx.execute(sql`select pg_notify('realtime', ${message})`);
    });
    await vi.waitFor(async () => expect((await winnersOf("2D")).draw_id).toBe(drawId), { timeout: 10_000, interval: 20 });
    expect(await winnersOf("2D")).toEqual({ section: drawAt.toISOString(), draw_id: drawId, lucky_number: "77", data: [] });
  });

  describe("answers", () => {
    let uncached: ZodApp;
    beforeAll(async () => {
      await fairDrawWithBets("C2D");
      await testScheduler(t).tick();
      // The same database served by a process that never reuses an answer.
      uncached = (await buildApp({ config: { ...t.config, publicCacheMs: 0 }, database: t.database, clock })).app;
      await uncached.ready();
    });
    afterAll(async () => uncached.close());

    it.each([
      "/api/luckynumber_daily",
      "/api/luckynumber1d",
      "/api/winner_users/2D",
      "/api/winner_users/C2D",
      "/api/winner_users/3D",
      "/api/luckynumber_history/2D",
    ])("GET %s: the cached answer has the bytes and headers of an uncached one", async (url) => {
      const first = await call(t, "GET", url);
      const cached = await call(t, "GET", url);
      const fresh = await uncached.inject({ method: "GET", url });
      expect(fresh.statusCode).toBe(200);
      for (const res of [first, cached]) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(fresh.body);
        expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(res.headers.etag).toBe(fresh.headers.etag);
        expect(res.headers["cache-control"]).toBe("no-cache");
      }
    });

    it("the bytes are those the route's zod serializer makes of the service's answer", async () => {
      const serialize = (schema: unknown) => serializerCompiler({ schema: schema as never, method: "GET", url: "/" });
      expect((await get("/api/luckynumber_daily")).body).toBe(serialize(luckyDailySchema)(await luckyDaily(t.ctx)));
      expect((await get("/api/winner_users/C2D")).body).toBe(serialize(winnerListSchema)(await winners(t.ctx, "C2D", undefined)));
    });

    it("a player's token changes nothing: the same public bytes for everyone", async () => {
      const anonymous = await call(t, "GET", "/api/winner_users/C2D");
      const signedIn = await call(t, "GET", "/api/winner_users/C2D", { token: alice.token });
      expect(signedIn.body).toBe(anonymous.body);
      expect(signedIn.body).not.toContain(alice.phone);
    });

    it("errors are never cached: an unknown draw stays 404, a wrong game 404", async () => {
      for (let i = 0; i < 2; i++) {
        const res = await call(t, "GET", "/api/winner_users/2D?draw_id=999999");
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: "NOT_FOUND" });
      }
      const c2d = (await winnersOf("C2D")).draw_id;
      expect((await call(t, "GET", `/api/winner_users/2D?draw_id=${c2d}`)).statusCode).toBe(404);
      expect((await call(t, "GET", `/api/winner_users/C2D?draw_id=${c2d}`)).statusCode).toBe(200);
    });
  });
});
