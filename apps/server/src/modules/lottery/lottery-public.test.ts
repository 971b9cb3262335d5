import { betSlipHistorySchema, lotteryListSchema, luckyDailySchema, luckyNumber1dSchema, winnerListSchema } from "@shwe/contracts";
import { fairNumber, yangonDate } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call, createUser, expectErrorBody, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
import { bet, createDraw, drawRow, passDrawTime, send, testScheduler } from "./lottery.test-helpers.ts";
import { settleDraw } from "./settlement.service.ts";

describe("public lottery pages and slip histories", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { publicCacheMs: 60_000 } });
    alice = await createUser(t);
    bob = await createUser(t);
    await fund(t, alice.id, 100_000);
    await fund(t, bob.id, 100_000);
  });
  afterAll(async () => t.close());

  it("winners of a game: none yet, then the latest settled draw sorted by win, phones masked; unknown draw 404", async () => {
    expect(winnerListSchema.parse((await call(t, "GET", "/api/winner_users/1D")).json())).toEqual({
      section: null,
      draw_id: null,
      lucky_number: null,
      data: [],
    });
    const drawId = await createDraw(t, "1D");
    const winning = await fairNumber(String((await drawRow(t, drawId))?.fair_seed_secret), drawId, "1D");
    await bet(t, alice.token, "1D", drawId, [{ number: winning, amount: 200 }]);
    await bet(t, bob.token, "1D", drawId, [{ number: winning, amount: 1_000 }]);
    await bet(t, bob.token, "1D", drawId, [{ number: winning === "0" ? "1" : "0", amount: 500 }]);
    const drawAt = await passDrawTime(t, drawId);
    clock.set(new Date(drawAt.getTime() + 1000));
    await testScheduler(t).tick();
    expect(await settleDraw(t.ctx, drawId)).toBe("settled");

    const list = winnerListSchema.parse((await call(t, "GET", "/api/winner_users/1d")).json());
    expect(list.lucky_number).toBe(winning);
    expect(list.data).toEqual([
      { phone: `********${bob.phone.slice(-3)}`, bet_amount: 1_000, win_amount: 9_000 },
      { phone: `********${alice.phone.slice(-3)}`, bet_amount: 200, win_amount: 1_800 },
    ]);
    expect(JSON.stringify(list)).not.toContain(bob.phone);
    expect((await call(t, "GET", `/api/winner_users/1D?draw_id=${drawId}`)).json()).toEqual(list);
    expectErrorBody(await call(t, "GET", `/api/winner_users/2D?draw_id=${drawId}`), 404, "NOT_FOUND");
    expectErrorBody(await call(t, "GET", "/api/winner_users/4D"), 400, "VALIDATION_FAILED");

    const today = luckyNumber1dSchema.parse((await call(t, "GET", "/api/luckynumber1d")).json());
    if (yangonDate(drawAt) === yangonDate(clock.now())) expect(today.data.find((d) => d.draw_id === drawId)?.number).toBe(winning);
    const daily = luckyDailySchema.parse((await call(t, "GET", "/api/luckynumber_daily")).json());
    expect(daily.every((d) => d.status === "settled" || d.number === null)).toBe(true);
    await expectLedgerClean(t);
  });

  it("slip history: only the player's own slips of that game and of the days asked", async () => {
    const drawId = await createDraw(t, "3D");
    await bet(t, alice.token, "3D", drawId, [
      { number: "123", amount: 300 },
      { number: "321", amount: 300 },
    ]);
    await bet(t, bob.token, "3D", drawId, [{ number: "999", amount: 100 }]);
    const mine = betSlipHistorySchema.parse((await call(t, "GET", "/api/user/bet_slip_history_3d", { token: alice.token })).json());
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({
      draw_id: drawId,
      total: 600,
      win_total: 0,
      draw_status: "open",
      result: null,
      lines: [
        { number: "123", amount: 300, odds: 600, status: "pending", win_amount: 0 },
        { number: "321", amount: 300, odds: 600, status: "pending", win_amount: 0 },
      ],
    });
    const otherGame = await call(t, "GET", "/api/user/bet_slip_history_2d", { token: alice.token });
    expect(otherGame.json()).toEqual({ data: [], next_cursor: null });
    const longAgo = await call(t, "GET", "/api/user/bet_slip_history_3d?start_date=2020-01-01&end_date=2020-01-02", { token: alice.token });
    expect(longAgo.json()).toEqual({ data: [], next_cursor: null });
    expectErrorBody(
      await call(t, "GET", "/api/user/bet_slip_history_3d?start_date=2020-01-05&end_date=2020-01-02", { token: alice.token }),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(await call(t, "GET", "/api/user/bet_slip_history_3d"), 401, "UNAUTHENTICATED");
  });

  it("the lottery list takes the next draw time from the draws created", async () => {
    const list = async () => lotteryListSchema.parse((await call(t, "GET", "/api/lottery/list")).json());
    clock.set(new Date());
    await testScheduler(t).tick();
    const [next] = rowsOf<{ draw_at: string | Date }>(
      await t.ctx.db.execute(
        sql`select draw_at from draws where type = 'C1D' and draw_at > ${clock.now().toISOString()}::timestamptz order by draw_at limit 1`,
      ),
    );
    expect((await list()).find((g) => g.type === "C1D")?.next_draw_at).toBe(new Date(next?.draw_at ?? 0).toISOString());
  });

  it("a schedule change removes the future draws it no longer has", async () => {
    const op = await createUser(t, { role: "admin" });
    await testScheduler(t).tick();
    const schedule = { weekdays: [0, 1, 2, 3, 4, 5, 6], times: ["10:00"], cutoff: { minutes_before: 15 }, off_days: [] };
    const res = await send(t, "PUT", "/api/admin/lottery/C2D", { token: op.token, body: { schedule } });
    expect(res.statusCode).toBe(200);
    const times = rowsOf<{ t: string; minutes: number }>(
      await t.ctx.db.execute(sql`select to_char(draw_at at time zone 'Asia/Yangon', 'HH24:MI') as t,
             (extract(epoch from draw_at - closes_at) / 60)::int as minutes
        from draws where type = 'C2D' and status = 'open' and draw_at > ${clock.now().toISOString()}::timestamptz`),
    );
    expect(times.length).toBeGreaterThan(0);
    expect(new Set(times.map((r) => `${r.t} ${r.minutes}`))).toEqual(new Set(["10:00 15"]));
  });
});
