import { betSlipHistorySchema, drawDecisionSchema, winnerListSchema } from "@shwe/contracts";
import { fairNumber } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  balancesOf,
  call,
  createUser,
  expectErrorBody,
  expectLedgerClean,
  fund,
  moneySnapshot,
  type TestUser,
  turnoverOf,
} from "../ledger/testing.ts";
import { bet, createDraw, drawRow, passDrawTime, send, testScheduler } from "./lottery.test-helpers.ts";
import { settleDraw } from "./settlement.service.ts";

const count = async (t: TestApp, query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await t.ctx.db.execute(query))[0]?.n);

describe("results and settlement", () => {
  let t: TestApp;
  let clock: ManualClock;
  let alice: TestUser;
  let bob: TestUser;
  let opA: TestUser;
  let opB: TestUser;

  beforeEach(async () => {
    clock = new ManualClock(new Date());
    t = await createTestApp({ clock });
    alice = await createUser(t);
    bob = await createUser(t);
    opA = await createUser(t, { role: "admin" });
    opB = await createUser(t, { role: "operator" });
    await fund(t, alice.id, 100_000);
    await fund(t, bob.id, 100_000);
  });
  afterEach(async () => t.close());

  /** A fair C2D draw with bets: Alice on the number the seed will draw (and one other), Bob on two others. */
  async function fairDrawWithBets() {
    const drawId = await createDraw(t, "C2D");
    const seed = String((await drawRow(t, drawId))?.fair_seed_secret);
    const winning = await fairNumber(seed, drawId, "C2D");
    const other = (n: number) => String((Number(winning) + n) % 100).padStart(2, "0");
    expect(
      (
        await bet(t, alice.token, "C2D", drawId, [
          { number: winning, amount: 1_000 },
          { number: other(1), amount: 500 },
        ])
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await bet(t, bob.token, "C2D", drawId, [
          { number: other(2), amount: 2_000 },
          { number: other(3), amount: 3_000 },
        ])
      ).statusCode,
    ).toBe(201);
    return { drawId, winning };
  }

  it("pays each winning line stake × odds exactly once, however often settlement runs; turnover falls and points accrue", async () => {
    await t.ctx.db.execute(sql`update users set turnover = 1200 where id = ${alice.id}`);
    const { drawId, winning } = await fairDrawWithBets();
    expect((await balancesOf(t, alice.id)).balance).toBe(98_500);

    // Before the draw time nothing settles.
    expect(await settleDraw(t.ctx, drawId)).toBe("not_ready");
    const drawAt = await passDrawTime(t, drawId);
    clock.set(new Date(drawAt.getTime() + 1000));
    const scheduler = testScheduler(t);
    const reports = await Promise.all([scheduler.tick(), testScheduler(t).tick(), settleDraw(t.ctx, drawId)]);
    expect(reports[0].errors + reports[1].errors).toBe(0);
    expect(await settleDraw(t.ctx, drawId)).toBe("settled");
    await scheduler.tick();

    expect(await drawRow(t, drawId)).toMatchObject({ status: "settled", result: winning });
    const alicePaid = await balancesOf(t, alice.id);
    expect(alicePaid.balance).toBe(98_500 + 1_000 * 85);
    expect(alicePaid.point).toBe(1); // 1,500 kyat settled
    expect((await balancesOf(t, bob.id)).balance).toBe(95_000);
    expect((await balancesOf(t, bob.id)).point).toBe(5);
    expect(await turnoverOf(t, alice.id)).toBe(0);
    expect(await count(t, sql`select count(*)::int as n from journals where kind = 'lottery_win'`)).toBe(1);
    expect(await count(t, sql`select count(*)::int as n from bet_lines where status = 'pending'`)).toBe(0);
    expect(await count(t, sql`select count(*)::int as n from bet_lines where status = 'won'`)).toBe(1);

    const history = betSlipHistorySchema.parse((await call(t, "GET", "/api/user/bet_slip_history_c2d", { token: alice.token })).json());
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ draw_id: drawId, result: winning, total: 1_500, win_total: 85_000, draw_status: "settled" });
    expect(history.data[0]?.lines.find((l) => l.number === winning)).toEqual({
      number: winning,
      amount: 1_000,
      odds: 85,
      status: "won",
      win_amount: 85_000,
    });
    const bobs = betSlipHistorySchema.parse((await call(t, "GET", "/api/user/bet_slip_history_c2d", { token: bob.token })).json());
    expect(bobs.data.map((s) => s.total)).toEqual([5_000]);

    const winners = winnerListSchema.parse((await call(t, "GET", "/api/winner_users/C2D")).json());
    expect(winners).toEqual({
      section: drawAt.toISOString(),
      draw_id: drawId,
      lucky_number: winning,
      data: [{ phone: `${"*".repeat(8)}${alice.phone.slice(-3)}`, bet_amount: 1_000, win_amount: 85_000 }],
    });
    await expectLedgerClean(t);
  });

  it("manual result: not before the draw time, confirmed by a different operator, then settled once", async () => {
    const drawId = await createDraw(t, "2D", { source: "manual" });
    expect((await bet(t, alice.token, "2D", drawId, [{ number: "42", amount: 2_000 }])).statusCode).toBe(201);
    const path = `/api/admin/draws/${drawId}`;

    const early = await call(t, "POST", `${path}/result`, { token: opA.token, body: { number: "42" } });
    expectErrorBody(early, 422, "TOO_EARLY");
    expect((await drawRow(t, drawId))?.result).toBeNull();

    const drawAt = await passDrawTime(t, drawId);
    clock.set(new Date(drawAt.getTime() - 60_000));
    expectErrorBody(await call(t, "POST", `${path}/result`, { token: opA.token, body: { number: "42" } }), 422, "TOO_EARLY");
    clock.set(new Date(drawAt.getTime() + 60_000));

    expectErrorBody(await call(t, "POST", `${path}/result`, { token: opA.token, body: { number: "420" } }), 400, "VALIDATION_FAILED");
    expectErrorBody(await call(t, "POST", `${path}/result`, { token: alice.token, body: { number: "42" } }), 403, "FORBIDDEN");
    expectErrorBody(await call(t, "POST", `${path}/confirm`, { token: opB.token, body: { number: "42" } }), 422, "NO_RESULT");

    const entered = await call(t, "POST", `${path}/result`, { token: opA.token, body: { number: "42" } });
    expect(drawDecisionSchema.parse(entered.json())).toEqual({ draw_id: drawId, status: "resulted" });
    // Not public until confirmed, and the scheduler does not settle it on its own.
    await testScheduler(t).tick();
    expect((await drawRow(t, drawId))?.status).toBe("resulted");
    expect((await balancesOf(t, alice.id)).balance).toBe(98_000);
    expect(((await call(t, "GET", "/api/winner_users/2D")).json() as { lucky_number: unknown }).lucky_number).toBeNull();

    expectErrorBody(
      await call(t, "POST", `${path}/confirm`, { token: opA.token, body: { number: "42" } }),
      422,
      "SECOND_OPERATOR_REQUIRED",
    );
    const confirmed = await call(t, "POST", `${path}/confirm`, { token: opB.token, body: { number: "42" } });
    expect(confirmed.json()).toEqual({ draw_id: drawId, status: "settled" });
    expect((await balancesOf(t, alice.id)).balance).toBe(98_000 + 2_000 * 85);

    const snapshot = await moneySnapshot(t.ctx.db);
    expectErrorBody(await call(t, "POST", `${path}/confirm`, { token: opA.token, body: { number: "42" } }), 409, "ALREADY_DECIDED");
    expectErrorBody(await call(t, "POST", `${path}/result`, { token: opA.token, body: { number: "43" } }), 409, "ALREADY_DECIDED");
    expectErrorBody(await call(t, "POST", `${path}/void`, { token: opA.token, body: { reason: "late" } }), 409, "ALREADY_DECIDED");
    expect(await moneySnapshot(t.ctx.db)).toEqual(snapshot);

    const audit = rowsOf<{ action: string; actor_id: number }>(
      await t.ctx.db.execute(
        sql`select action, actor_id from audit_log where target_type = 'draw' and target_id = ${String(drawId)} order by id`,
      ),
    );
    expect(audit).toEqual([
      { action: "draw.result", actor_id: opA.id },
      { action: "draw.confirm", actor_id: opB.id },
    ]);
    await expectLedgerClean(t);
  });

  it("void refunds every stake with reversing journals and marks the lines refunded", async () => {
    const { drawId } = await fairDrawWithBets();
    const before = { alice: (await balancesOf(t, alice.id)).balance, bob: (await balancesOf(t, bob.id)).balance };
    expect(before).toEqual({ alice: 98_500, bob: 95_000 });

    expectErrorBody(await call(t, "POST", `/api/admin/draws/${drawId}/void`, { token: opA.token, body: {} }), 400, "VALIDATION_FAILED");
    const res = await call(t, "POST", `/api/admin/draws/${drawId}/void`, { token: opA.token, body: { reason: "Market closed" } });
    expect(res.json()).toEqual({ draw_id: drawId, status: "void" });
    expect((await balancesOf(t, alice.id)).balance).toBe(100_000);
    expect((await balancesOf(t, bob.id)).balance).toBe(100_000);
    expect(await count(t, sql`select count(*)::int as n from bet_lines where draw_id = ${drawId} and status = 'refunded'`)).toBe(4);
    expect(await count(t, sql`select count(*)::int as n from journals where kind = 'lottery_refund' and reverses_id is not null`)).toBe(2);
    expect(await drawRow(t, drawId)).toMatchObject({ status: "void", void_reason: "Market closed", voided_by: opA.id });

    const snapshot = await moneySnapshot(t.ctx.db);
    expectErrorBody(
      await call(t, "POST", `/api/admin/draws/${drawId}/void`, { token: opB.token, body: { reason: "again" } }),
      409,
      "ALREADY_DECIDED",
    );
    const drawAt = await passDrawTime(t, drawId);
    clock.set(new Date(drawAt.getTime() + 1000));
    await testScheduler(t).tick();
    expect(await settleDraw(t.ctx, drawId)).toBe("void");
    expect(await moneySnapshot(t.ctx.db)).toEqual(snapshot);
    expect((await drawRow(t, drawId))?.result).toBeNull();
    await expectLedgerClean(t);
  });

  it("feed result: raw values stored and checked digit by digit; a failing feed leaves the draw for an operator", async () => {
    await t.ctx.db.execute(sql`update lottery_games set result_source = 'feed' where type in ('C2D', 'C1D')`);
    const feed = await send(t, "PUT", "/api/admin/lottery/C2D/feed", {
      token: opA.token,
      body: { url: "https://feed.example/btc", paths: { price: "data.0.last" }, timeout_ms: 2000 },
    });
    expect(feed.statusCode).toBe(200);
    const good = await createDraw(t, "C2D", { source: "feed" });
    const bad = await createDraw(t, "C1D", { source: "feed" });
    await bet(t, alice.token, "C2D", good, [{ number: "27", amount: 100 }]);
    for (const id of [good, bad]) await passDrawTime(t, id);
    clock.set(new Date(Date.now() + 5_000));
    const asked: string[] = [];
    const scheduler = testScheduler(t, {
      fetchFeed: async (url) => {
        asked.push(url);
        return { data: [{ last: "65,432.17" }] };
      },
    });
    await scheduler.tick();
    expect(asked).toEqual(["https://feed.example/btc"]);
    expect(await drawRow(t, good)).toMatchObject({
      status: "settled",
      result: "27",
      result_source: "feed",
      feed_values: expect.objectContaining({ url: "https://feed.example/btc", values: { price: "65,432.17" } }),
    });
    expect((await balancesOf(t, alice.id)).balance).toBe(100_000 - 100 + 100 * 85);
    // C1D has no feed URL configured: it stays closed with the reason, for manual entry.
    expect(await drawRow(t, bad)).toMatchObject({
      status: "closed",
      result: null,
      feed_error: "No result feed is configured for this game.",
    });
    const entered = await call(t, "POST", `/api/admin/draws/${bad}/result`, { token: opA.token, body: { number: "7" } });
    expect(entered.json()).toEqual({ draw_id: bad, status: "resulted" });
    expect((await call(t, "POST", `/api/admin/draws/${bad}/confirm`, { token: opB.token, body: { number: "7" } })).json()).toEqual({
      draw_id: bad,
      status: "settled",
    });
    await expectLedgerClean(t);
  });
});
