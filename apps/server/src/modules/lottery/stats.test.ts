import { type NumberStat, numberStatsSchema, resultsMonthSchema } from "@shwe/contracts";
import { resultFromFeed, yangonInstant } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call, expectErrorBody } from "../ledger/testing.ts";
import { demoFeedValues, seedPastResults } from "./results.seed.ts";

/** Results calendar and number statistics against a small hand-made set of draws (figures worked out by hand below). */
describe("results calendar and number statistics", () => {
  let t: TestApp;
  // Friday 2026-03-20, 12:30 in Yangon: the 30-day window starts 2026-02-19, the 90-day one 2025-12-21.
  const clock = new ManualClock(yangonInstant("2026-03-20", "12:30"));

  const feed = (setIndex: string, setValue: string) => ({ url: "https://set.example", fetched_at: "x", values: { setIndex, setValue } });
  async function settled(
    type: string,
    day: string,
    time: string,
    result: string | null,
    opts: { source?: string; feed?: unknown; status?: string } = {},
  ) {
    const at = yangonInstant(day, time);
    await t.ctx.db.execute(sql`
      insert into draws (type, draw_at, closes_at, status, odds, result_source, result, feed_values, void_reason)
      values (${type}, ${at.toISOString()}::timestamptz, ${new Date(at.getTime() - 600_000).toISOString()}::timestamptz, ${opts.status ?? "settled"},
              85, ${opts.source ?? "feed"}, ${result}, ${opts.feed === undefined ? null : JSON.stringify(opts.feed)}::jsonb,
              ${opts.status === "void" ? "test" : null})`);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { publicCacheMs: 60_000 } });
    await settled("2D", "2026-03-19", "16:30", "12", { feed: feed("1,301.11", "45,212.40") }); // a
    await settled("2D", "2026-03-19", "12:01", "45", { feed: feed("1298.54", "43215.00") }); // b
    await settled("2D", "2026-03-10", "12:01", "12", { source: "manual" }); // c
    await settled("2D", "2026-02-25", "16:30", "17", { source: "fair" }); // d
    await settled("2D", "2026-02-10", "12:01", "12"); // e: 90 days only
    await settled("2D", "2026-01-05", "12:01", "99"); // f: 90 days only
    await settled("2D", "2025-12-01", "12:01", "12"); // g: outside both
    await settled("2D", "2026-03-18", "12:01", null, { status: "void" }); // not a result
    await settled("3D", "2026-03-16", "15:00", "123"); // another game
    await t.ctx.db.execute(
      sql`update lottery_games set schedule = jsonb_set(schedule, '{off_days}', '["2026-02-28", "2026-03-13", "2026-04-01"]') where type = '2D'`,
    );
  });
  afterAll(async () => t.close());

  const stats = async (query: string) => {
    const res = await call(t, "GET", `/api/lottery/stats/2D${query}`);
    expect(res.statusCode).toBe(200);
    return numberStatsSchema.parse(res.json());
  };
  const stat = (list: NumberStat[], key: string) => list.find((n) => n.number === key);

  it("counts each number, head and tail digit of the last 30 days, and how many draws ago it last came", async () => {
    const s = await stats("");
    expect(s.days).toBe(30);
    expect(s.from).toBe(yangonInstant("2026-02-19", "00:00").toISOString());
    expect(s.draws).toBe(4); // a, b, c, d
    expect(s.numbers).toHaveLength(100);
    expect(stat(s.numbers, "12")).toEqual({
      number: "12",
      hits: 2,
      last_draw_at: yangonInstant("2026-03-19", "16:30").toISOString(),
      draws_since: 0,
    });
    expect(stat(s.numbers, "45")).toEqual({
      number: "45",
      hits: 1,
      last_draw_at: yangonInstant("2026-03-19", "12:01").toISOString(),
      draws_since: 1,
    });
    expect(stat(s.numbers, "17")).toEqual({
      number: "17",
      hits: 1,
      last_draw_at: yangonInstant("2026-02-25", "16:30").toISOString(),
      draws_since: 3,
    });
    expect(stat(s.numbers, "99")).toEqual({ number: "99", hits: 0, last_draw_at: null, draws_since: 4 });
    expect(s.heads.map((h) => [h.number, h.hits, h.draws_since])).toEqual([
      ["0", 0, 4],
      ["1", 3, 0],
      ["2", 0, 4],
      ["3", 0, 4],
      ["4", 1, 1],
      ["5", 0, 4],
      ["6", 0, 4],
      ["7", 0, 4],
      ["8", 0, 4],
      ["9", 0, 4],
    ]);
    expect(s.tails.filter((x) => x.hits > 0).map((x) => [x.number, x.hits, x.draws_since])).toEqual([
      ["2", 2, 0],
      ["5", 1, 1],
      ["7", 1, 3],
    ]);
    expect(s.hot).toEqual(["12", "45", "17"]);
    expect(s.cold).toEqual(["00", "01", "02", "03", "04"]);
  });

  it("widens to 90 days", async () => {
    const s = await stats("?days=90");
    expect(s.draws).toBe(6); // a–f
    expect(stat(s.numbers, "12")?.hits).toBe(3);
    expect(stat(s.numbers, "99")).toEqual({
      number: "99",
      hits: 1,
      last_draw_at: yangonInstant("2026-01-05", "12:01").toISOString(),
      draws_since: 5,
    });
    expect(s.hot).toEqual(["12", "45", "17", "99"]);
    expect(stat(s.heads, "9")?.hits).toBe(1);
    expectErrorBody(await call(t, "GET", "/api/lottery/stats/2D?days=45"), 400, "VALIDATION_FAILED");
    expectErrorBody(await call(t, "GET", "/api/lottery/stats/4D"), 400, "VALIDATION_FAILED");
  });

  it("3D lists only the numbers that came, with their head and tail digits", async () => {
    const res = numberStatsSchema.parse((await call(t, "GET", "/api/lottery/stats/3d")).json());
    expect(res.numbers).toEqual([
      { number: "123", hits: 1, last_draw_at: yangonInstant("2026-03-16", "15:00").toISOString(), draws_since: 0 },
    ]);
    expect(stat(res.heads, "1")?.hits).toBe(1);
    expect(stat(res.tails, "3")?.hits).toBe(1);
  });

  it("shows a month's results with the SET and value of the feed results, and the month's off days", async () => {
    const res = await call(t, "GET", "/api/lottery/results/2D?month=2026-03");
    expect(res.statusCode).toBe(200);
    const month = resultsMonthSchema.parse(res.json());
    expect(month.off_days).toEqual(["2026-03-13"]);
    expect(month.results.map((r) => [r.day, r.time, r.number, r.source, r.feed ?? null])).toEqual([
      ["2026-03-10", "12:01", "12", "manual", null],
      ["2026-03-19", "12:01", "45", "feed", { set_index: "1298.54", set_value: "43215.00" }],
      ["2026-03-19", "16:30", "12", "feed", { set_index: "1,301.11", set_value: "45,212.40" }],
    ]);
    const feb = resultsMonthSchema.parse((await call(t, "GET", "/api/lottery/results/2D?month=2026-02")).json());
    expect(feb.results.map((r) => r.number)).toEqual(["12", "17"]);
    expect(feb.off_days).toEqual(["2026-02-28"]);
    // Without a month: the current Asia/Yangon month.
    expect(resultsMonthSchema.parse((await call(t, "GET", "/api/lottery/results/2D")).json()).month).toBe("2026-03");
    expectErrorBody(await call(t, "GET", "/api/lottery/results/2D?month=2026-13"), 400, "VALIDATION_FAILED");
    // A month outside the days the site knows is refused, not a failed query (the year 906's next month was "906-02").
    for (const month of ["0906-01", "0000-01", "1999-12", "2101-01", "9999-12"])
      expectErrorBody(await call(t, "GET", `/api/lottery/results/2D?month=${month}`), 400, "VALIDATION_FAILED");
    for (const month of ["2000-01", "2100-12"])
      expect(resultsMonthSchema.parse((await call(t, "GET", `/api/lottery/results/2D?month=${month}`)).json()).results).toEqual([]);
  });

  it("answers from the public cache until the lottery scope is emptied", async () => {
    const first = await stats("?days=30");
    await settled("2D", "2026-03-20", "12:01", "77", { feed: feed("1300.07", "40007.00") });
    expect(await stats("?days=30")).toEqual(first);
    const month = await call(t, "GET", "/api/lottery/results/2D?month=2026-03");
    expect(month.headers["cache-control"]).toBe("no-cache");
    t.ctx.publicCache.invalidate("lottery");
    const after = await stats("?days=30");
    expect(after.draws).toBe(5);
    expect(stat(after.numbers, "12")?.draws_since).toBe(1);
    expect(after.hot[0]).toBe("12");
  });

  it("the demo's past results are seeded once, from the demo feed, on the games' draw days", async () => {
    const today = yangonInstant("2026-06-10", "09:00"); // a Wednesday
    const config = { ...t.config, demoResultDays: 7 };
    const first = await seedPastResults(t.ctx.db, config, today);
    expect(await seedPastResults(t.ctx.db, config, today)).toBe(0);
    const rows = rowsOf<{ type: string; draw_at: string | Date; result: string; feed_values: { values: Record<string, string> } }>(
      await t.ctx.db.execute(sql`select type, draw_at, result, feed_values from draws
        where draw_at >= ${yangonInstant("2026-06-03", "00:00").toISOString()}::timestamptz
          and draw_at < ${yangonInstant("2026-06-10", "00:00").toISOString()}::timestamptz order by draw_at, type`),
    );
    expect(rows.length).toBe(first);
    // 3 June (Wed) to 9 June (Tue): 5 weekdays × 2 draws of 2D and of 1D, 7 × 4 crypto draws of each game, no 3D day.
    const count = (type: string) => rows.filter((r) => r.type === type).length;
    expect([count("2D"), count("1D"), count("C2D"), count("C1D"), count("3D")]).toEqual([10, 10, 28, 28, 0]);
    for (const r of rows) {
      const at = new Date(r.draw_at);
      expect(r.feed_values.values).toEqual(demoFeedValues(r.type as "2D", at));
      expect(r.result).toBe(resultFromFeed(r.type as "2D", r.feed_values.values));
    }
    expect(await seedPastResults(t.ctx.db, { ...config, mode: "production" }, today)).toBe(0);
  });

  it("a start on a day already seeded leaves the draws alone; the next day's start, or more days asked, seeds again", async () => {
    const today = yangonInstant("2026-08-12", "09:00"); // a Wednesday
    const config = { ...t.config, demoResultDays: 3 };
    const seededRows = async () =>
      rowsOf<{ n: number }>(
        await t.ctx.db.execute(sql`select count(*)::int as n from draws where feed_values->>'url' = 'demo://feed'
          and draw_at >= ${yangonInstant("2026-08-01", "00:00").toISOString()}::timestamptz`),
      )[0]?.n;
    const first = await seedPastResults(t.ctx.db, config, today);
    expect(first).toBeGreaterThan(0);
    // A draw of those days gone (as if it had never been seeded): a start the same day does not look at the draws.
    await t.ctx.db.execute(sql`delete from draws where type = 'C2D' and feed_values->>'url' = 'demo://feed'
      and draw_at = (select min(draw_at) from draws where type = 'C2D' and feed_values->>'url' = 'demo://feed'
        and draw_at >= ${yangonInstant("2026-08-10", "00:00").toISOString()}::timestamptz)`);
    expect(await seededRows()).toBe(first - 1);
    expect(await seedPastResults(t.ctx.db, config, yangonInstant("2026-08-12", "23:00"))).toBe(0);
    expect(await seededRows()).toBe(first - 1);
    // The next day: that day's draws, and the one missing.
    const thursday = yangonInstant("2026-08-13", "09:00");
    const next = await seedPastResults(t.ctx.db, config, thursday);
    // 12 August, a Wednesday: 2 draws of 2D and of 1D, 4 of each crypto game; plus the missing one.
    expect(next).toBe(2 + 2 + 4 + 4 + 1);
    expect(await seedPastResults(t.ctx.db, config, thursday)).toBe(0);
    // More days asked the same day: seeded again, the days before added (Friday 7 and Saturday 8 August).
    expect(await seedPastResults(t.ctx.db, { ...config, demoResultDays: 6 }, thursday)).toBe(2 + 2 + 4 + 4 + (4 + 4));
  });
});
