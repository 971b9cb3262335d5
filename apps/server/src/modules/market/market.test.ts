import { randomUUID } from "node:crypto";
import { type MarketSettings, marketNowSchema, marketSettingsResponseSchema, wsMarketTickMessageSchema } from "@shwe/contracts";
import { DEFAULT_SCHEDULES, resultFromFeed } from "@shwe/domain";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { openDatabase, rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, databaseUrlOf, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { call, createUser, expectErrorBody } from "../ledger/testing.ts";
import { type Opened, open } from "../realtime/ws-testing.ts";
import { DEMO_UNWATCHED_READ_MS, marketReader } from "./market.module.ts";
import { changeOf, deriveReading, type MarketFetcher, readMarketTick } from "./market.service.ts";
import { DEFAULT_MARKET_SETTINGS, marketStatus } from "./market-hours.ts";
import { simulatedFeed } from "./market-sim.ts";

const yangon = (local: string) => new Date(`${local}+06:30`);
const SET_PATHS = { setIndex: "setIndex", setValue: "setValue" };

describe("market hours (Asia/Yangon, injected clock)", () => {
  const set: MarketSettings = DEFAULT_MARKET_SETTINGS.set;
  const schedule = { ...DEFAULT_SCHEDULES["2D"], off_days: ["2025-03-06"] };
  // Friday 7 March 2025; Thursday 6 March an off day; Saturday 8 March no trading.
  it.each([
    ["2025-03-07T07:00:00", "closed"],
    ["2025-03-07T08:45:00", "opening_soon"],
    ["2025-03-07T09:29:59", "opening_soon"],
    ["2025-03-07T09:30:00", "open"],
    ["2025-03-07T12:01:30", "open"],
    ["2025-03-07T12:02:00", "lunch_break"],
    ["2025-03-07T13:59:59", "lunch_break"],
    ["2025-03-07T14:00:00", "open"],
    ["2025-03-07T16:30:59", "open"],
    ["2025-03-07T16:31:00", "closed"],
    ["2025-03-06T10:00:00", "holiday"],
    ["2025-03-08T10:00:00", "closed"],
  ])("SET at %s reads %s", (local, status) => {
    expect(marketStatus(set, schedule, yangon(local))).toEqual({ day: local.slice(0, 10), status });
  });

  it("the crypto market is open all day, every day; a game without schedule reads closed", () => {
    const crypto = DEFAULT_MARKET_SETTINGS.crypto;
    for (const local of ["2025-03-08T00:00:00", "2025-03-08T13:00:00", "2025-03-09T23:59:59"]) {
      expect(marketStatus(crypto, DEFAULT_SCHEDULES.C2D, yangon(local)).status).toBe("open");
    }
    expect(marketStatus(set, null, yangon("2025-03-07T10:00:00")).status).toBe("closed");
  });
});

describe("running numbers come from the result rules at every reading", () => {
  const decimalText = fc
    .tuple(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 999 }), fc.boolean())
    .map(([whole, frac, grouped]) => `${grouped ? whole.toLocaleString("en-US") : whole}.${String(frac).padStart(3, "0")}`);

  it("SET: the running 2D and 1D are what a feed result would be for the same values", () => {
    fc.assert(
      fc.property(decimalText, decimalText, (setIndex, setValue) => {
        const reading = deriveReading("set", { setIndex, setValue }, SET_PATHS);
        expect(reading.twoD).toBe(resultFromFeed("2D", { setIndex, setValue }));
        expect(reading.oneD).toBe(resultFromFeed("1D", { setIndex, setValue }));
      }),
    );
  });

  it("crypto: the running crypto 2D and 1D are the feed result's", () => {
    fc.assert(
      fc.property(decimalText, (price) => {
        const reading = deriveReading("crypto", { price }, { price: "price" });
        expect(reading.twoD).toBe(resultFromFeed("C2D", { price }));
        expect(reading.oneD).toBe(resultFromFeed("C1D", { price }));
      }),
    );
  });

  it("the demo simulator's every reading of a trading day goes through the same rules and moves", () => {
    const twoDs = new Set<string>();
    for (let step = 0; step < 600; step += 7) {
      const at = new Date(yangon("2025-03-07T09:30:00").getTime() + step * 5000);
      const doc = simulatedFeed("set", at);
      const reading = deriveReading("set", doc, SET_PATHS);
      expect(reading.twoD).toBe(resultFromFeed("2D", doc));
      expect(Number(reading.setIndex)).toBeGreaterThan(500);
      twoDs.add(reading.twoD);
    }
    expect(twoDs.size).toBeGreaterThan(10);
    expect(simulatedFeed("set", yangon("2025-03-07T10:00:00"))).toEqual(simulatedFeed("set", yangon("2025-03-07T10:00:00")));
  });

  it("junk is refused, never read as a number", () => {
    for (const doc of [{ setIndex: "abc", setValue: "1.00" }, { setIndex: "1.00" }, null, "x", { setIndex: -1, setValue: "2" }]) {
      expect(() => deriveReading("set", doc, SET_PATHS)).toThrow();
    }
  });

  it("changes are exact and signed", () => {
    expect(changeOf("1402.35", "1401.15")).toBe("+1.20");
    expect(changeOf("1402.30", "1402.35")).toBe("-0.05");
    expect(changeOf("99999999.99", "0.00")).toBe("+99999999.99");
    expect(changeOf("1.00", null)).toBeNull();
  });
});

describe("the tick reader", () => {
  let t: TestApp;
  let clock: ManualClock;
  const stop: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    // Friday 7 March 2025, 10:00 in Yangon: the SET is open.
    clock = new ManualClock(yangon("2025-03-07T10:00:00"));
    t = await createTestApp({ clock });
  });
  afterEach(async () => {
    for (const s of stop.splice(0).reverse()) await s();
    await t.close();
  });

  const ticksOf = async (ctx: AppContext) =>
    rowsOf<{ status: string; two_d: string | null; claimed_by: string }>(
      await ctx.db.execute(sql`select status, two_d, claimed_by from market_ticks where market = 'set' order by slot_at`),
    );

  /** A visitor's socket watching the SET readings (as the 2D and 1D pages do), or watching nothing. */
  async function visitor(app: ZodApp, watch = true): Promise<Opened> {
    const s = await open(app, "/api/ws");
    s.ws.send(JSON.stringify({ type: "hello" }));
    await s.next((m) => m.type === "ready");
    if (watch) {
      s.ws.send(JSON.stringify({ type: "watch", topics: ["market:set"] }));
      // The socket answers in order: once the pong is back, the watch is in place.
      s.ws.send(JSON.stringify({ type: "ping" }));
      await s.next((m) => m.type === "pong");
    }
    return s;
  }

  /** Another server process on the same database (its own pool and listener on real PostgreSQL). */
  async function secondInstance(): Promise<{ app: ZodApp; ctx: AppContext }> {
    // On real PostgreSQL: its own pool and listening connection, like another process (with this test's clock).
    const database = onRealPostgres ? await openDatabase({ url: await databaseUrlOf(t.database), poolSize: 5 }) : t.database;
    if (onRealPostgres) stop.push(() => database.close());
    const { app, ctx } = await buildApp({ config: t.config, database, clock });
    await app.ready();
    stop.push(() => app.close());
    return { app, ctx };
  }

  it("the demo reads a market no socket watches once a minute, at its interval while one does; production always at its interval", async () => {
    let reads = 0;
    const fetchFeed: MarketFetcher = async () => {
      reads++;
      return { setIndex: "1,402.35", setValue: "45,678.91" };
    };
    let watching = false;
    const demo = marketReader(t.ctx, { instanceId: "demo", fetchFeed, watched: () => watching });
    // A look every 5 s for two minutes nobody watches: one reading a minute.
    for (let second = 0; second < 120; second += 5) {
      await demo("set");
      clock.advance(5000);
    }
    expect(DEMO_UNWATCHED_READ_MS).toBe(60_000);
    expect(reads).toBe(2);
    // A socket watches: the next look reads, and so does every slot after it.
    watching = true;
    for (let i = 0; i < 3; i++) {
      await demo("set");
      clock.advance(5000);
    }
    expect(reads).toBe(5);
    // Watched no more: back to a reading a minute (this minute's is done).
    watching = false;
    await demo("set");
    expect(reads).toBe(5);

    // Production reads at the operator's interval whoever watches.
    const production = marketReader(
      { ...t.ctx, config: { ...t.ctx.config, mode: "production" } },
      { instanceId: "live", fetchFeed, watched: () => false },
    );
    clock.advance(60_000);
    for (let i = 0; i < 4; i++) {
      await production("set");
      clock.advance(5000);
    }
    expect(reads).toBe(9);
    expect((await ticksOf(t.ctx)).every((r) => r.status === "ok")).toBe(true);
  });

  it("one reader across two instances: one claims the slot, reads once; every instance's sockets get the reading", async () => {
    const other = await secondInstance();
    const here = await visitor(t.app);
    const there = await visitor(other.app);
    const elsewhere = await visitor(t.app, false);
    let reads = 0;
    const fetchFeed: MarketFetcher = async () => {
      reads++;
      return { setIndex: "1,402.35", setValue: "45,678.91" };
    };
    const [a, b] = await Promise.all([
      readMarketTick(t.ctx, "set", { instanceId: "a", fetchFeed }),
      readMarketTick(other.ctx, "set", { instanceId: "b", fetchFeed }),
    ]);
    expect(reads).toBe(1);
    expect([a, b].filter((m) => m !== null)).toHaveLength(1);
    const rows = await ticksOf(t.ctx);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "ok", two_d: "58" });
    for (const s of [here, there]) {
      const m = wsMarketTickMessageSchema.parse(await s.next((x) => x.type === "market_tick"));
      expect(m).toMatchObject({ market: "set", status: "open", delayed: false, tick: { two_d: "58", one_d: "8", set_index: "1402.35" } });
    }

    // A page that does not watch the market (any page but 2D, 1D and crypto) gets no reading.
    elsewhere.ws.send(JSON.stringify({ type: "ping" }));
    await elsewhere.next((m) => m.type === "pong");
    expect(elsewhere.messages.filter((m) => m.type === "market_tick")).toEqual([]);

    // The next slot: read again (by whichever instance), with the change since the reading before.
    clock.advance(5000);
    const next = await readMarketTick(other.ctx, "set", {
      instanceId: "b",
      fetchFeed: async () => ({ setIndex: "1,401.15", setValue: "45,690.00" }),
    });
    expect(next?.tick).toMatchObject({ two_d: "50", change: { set_index: "-1.20", set_value: "+11.09", price: null } });
    // The same slot again: nobody reads it twice.
    expect(await readMarketTick(t.ctx, "set", { instanceId: "a", fetchFeed })).toBeNull();
    expect(reads).toBe(1);
  });

  it("a socket that starts watching (a page opened, or back after a drop) gets the latest reading at once, visitors too", async () => {
    const fetchAt =
      (setIndex: string, setValue: string): MarketFetcher =>
      async () => ({ setIndex, setValue });
    // A page watching before the first reading of the day; the reading reaches it live.
    const v = await visitor(t.app);
    await readMarketTick(t.ctx, "set", { instanceId: randomUUID(), fetchFeed: fetchAt("1,402.35", "45,678.91") });
    expect(await v.next((m) => m.type === "market_tick")).toMatchObject({ tick: { two_d: "58" } });
    // The page's start-of-watch lookup runs on its own: on a busy database it can meet the reading before
    // the reading's notification arrives, and then the page has it twice. Never another reading.
    const firstTicks = v.messages.filter((m) => m.type === "market_tick");
    expect(firstTicks.length).toBeGreaterThanOrEqual(1);
    for (const m of firstTicks) expect(m).toMatchObject({ market: "set", tick: { two_d: "58", set_index: "1402.35" } });

    // The visitor's socket drops; a reading is made while it is down (another page has it live).
    const other = await visitor(t.app);
    v.ws.terminate();
    clock.advance(5000);
    await readMarketTick(t.ctx, "set", { instanceId: randomUUID(), fetchFeed: fetchAt("1,401.15", "45,690.00") });
    await other.next((m) => m.type === "market_tick" && (m.tick as { two_d?: string } | null)?.two_d === "50");
    other.ws.close();

    // Back: the page watches again and has the reading it missed, with its change, without waiting for the next one.
    const back = await visitor(t.app);
    const caught = wsMarketTickMessageSchema.parse(await back.next((m) => m.type === "market_tick"));
    expect(caught).toMatchObject({
      market: "set",
      status: "open",
      delayed: false,
      tick: { two_d: "50", set_index: "1401.15", change: { set_index: "-1.20", set_value: "+11.09" } },
    });
    // A signed-in socket the same way.
    const u = await createUser(t);
    const p = await open(t.app, `/api/ws?token=${u.token}`);
    await p.next((m) => m.type === "ready");
    p.ws.send(JSON.stringify({ type: "watch", topics: ["market:set"] }));
    expect(await p.next((m) => m.type === "market_tick")).toMatchObject({ tick: { two_d: "50" } });

    // Watching more topics later sends only the new ones' state (the crypto market has no reading: nothing).
    back.ws.send(JSON.stringify({ type: "watch", topics: ["market:set", "market:crypto"] }));
    await back.next((m) => m.type === "watching");
    // Taking the SET off and on again is a new start: its state again.
    back.ws.send(JSON.stringify({ type: "watch", topics: ["market:crypto"] }));
    back.ws.send(JSON.stringify({ type: "watch", topics: ["market:crypto", "market:set"] }));
    expect(await back.next((m) => m.type === "market_tick")).toMatchObject({ market: "set", tick: { two_d: "50" } });
    expect(back.messages.filter((m) => m.type === "market_tick")).toHaveLength(2);
    back.ws.close();
    p.ws.close();
  });

  it("a feed that times out or answers junk: the reading is skipped and 'delayed' is sent; nothing crashes", async () => {
    const v = await visitor(t.app);
    await readMarketTick(t.ctx, "set", { instanceId: randomUUID(), fetchFeed: async () => ({ setIndex: "1,400.01", setValue: "100.00" }) });
    await v.next((m) => m.type === "market_tick");

    clock.advance(5000);
    const timedOut = await readMarketTick(t.ctx, "set", {
      instanceId: randomUUID(),
      fetchFeed: async () => {
        throw new Error("The feed did not answer within 5000 ms.");
      },
    });
    expect(timedOut).toEqual({ type: "market_tick", market: "set", status: "open", delayed: true, tick: null });
    // The page's first reading can come twice (live and in the snapshot its watch asked for): skip to the delayed one.
    expect(await v.next((m) => m.type === "market_tick" && m.delayed === true)).toMatchObject({ delayed: true, tick: null });
    const now = marketNowSchema.parse((await call(t, "GET", "/api/market/set")).json());
    expect(now).toMatchObject({ status: "open", delayed: true, latest: { two_d: "10" } });

    clock.advance(5000);
    const junk = await readMarketTick(t.ctx, "set", {
      instanceId: randomUUID(),
      fetchFeed: async () => ({ setIndex: "n/a", setValue: [] }),
    });
    expect(junk).toMatchObject({ delayed: true, tick: null });
    const rows = await ticksOf(t.ctx);
    expect(rows.map((r) => r.status)).toEqual(["ok", "delayed", "delayed"]);
  });

  it("reads nothing in the lunch break or on a day without trading", async () => {
    const fetchFeed: MarketFetcher = async () => {
      throw new Error("must not be read");
    };
    clock.set(yangon("2025-03-07T13:00:00"));
    expect(await readMarketTick(t.ctx, "set", { instanceId: "a", fetchFeed })).toBeNull();
    clock.set(yangon("2025-03-08T10:00:00"));
    expect(await readMarketTick(t.ctx, "set", { instanceId: "a", fetchFeed })).toBeNull();
    expect(await ticksOf(t.ctx)).toEqual([]);
    const saturday = marketNowSchema.parse((await call(t, "GET", "/api/market/set")).json());
    expect(saturday).toMatchObject({ status: "closed", latest: null, delayed: false });
  });

  it("the public answer: latest reading, change, the day's marks (09:30 from the feed), and the demo hook moves the simulator", async () => {
    clock.set(yangon("2025-03-07T09:30:02"));
    await readMarketTick(t.ctx, "set", { instanceId: "a", fetchFeed: async () => ({ setIndex: "1,400.07", setValue: "12.30" }) });
    clock.set(yangon("2025-03-07T09:31:00"));
    const hook = await call(t, "POST", "/api/dev/market-feed/advance", { body: { market: "set", steps: 3 } });
    expect(hook.statusCode).toBe(200);
    const message = wsMarketTickMessageSchema.parse(hook.json().message);
    const expected = resultFromFeed("2D", simulatedFeed("set", clock.now(), 3));
    expect(message.tick?.two_d).toBe(expected);
    const now = marketNowSchema.parse((await call(t, "GET", "/api/market/set")).json());
    expect(now.latest?.two_d).toBe(expected);
    expect(now.marks).toEqual([
      { time: "09:30", two_d: "72", source: "feed" },
      { time: "12:01", two_d: null, source: null },
      { time: "14:00", two_d: null, source: null },
      { time: "16:30", two_d: null, source: null },
    ]);
    expect((await call(t, "GET", "/api/market/nope")).statusCode).toBe(400);
  });

  it("operators set a market's hours; a session that closes before it opens is refused and changes nothing", async () => {
    const op = await createUser(t, { role: "admin" });
    const auth = { authorization: `Bearer ${op.token}` };
    expect((await call(t, "GET", "/api/admin/market/set", { token: op.token })).json()).toEqual({
      market: "set",
      settings: DEFAULT_MARKET_SETTINGS.set,
      status: "open",
      last_reading: null,
    });
    const settings = { ...DEFAULT_MARKET_SETTINGS.set, sessions: [{ open: "10:30", close: "12:01" }] };
    const put = await t.app.inject({ method: "PUT", url: "/api/admin/market/set", headers: auth, payload: settings });
    expect(put.json()).toEqual({ market: "set", settings, status: "opening_soon", last_reading: null });
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/admin/market/set",
      headers: auth,
      payload: { ...settings, sessions: [{ open: "12:00", close: "10:00" }] },
    });
    expectErrorBody(bad, 400, "VALIDATION_FAILED");
    const overlapping = await t.app.inject({
      method: "PUT",
      url: "/api/admin/market/set",
      headers: auth,
      payload: {
        ...settings,
        sessions: [
          { open: "14:00", close: "16:30" },
          { open: "09:30", close: "14:01" },
        ],
      },
    });
    expectErrorBody(overlapping, 400, "VALIDATION_FAILED");
    expect((await call(t, "GET", "/api/admin/market/set", { token: op.token })).json().settings).toEqual(settings);
    // 10:00 is now before the session: opening soon, and nothing is read.
    expect(marketNowSchema.parse((await call(t, "GET", "/api/market/set")).json()).status).toBe("opening_soon");
    expect(await readMarketTick(t.ctx, "set", { instanceId: "a", fetchFeed: async () => ({}) })).toBeNull();
    expect((await t.app.inject({ method: "PUT", url: "/api/admin/market/set", payload: settings })).statusCode).toBe(401);
  });

  it("the console's view: the last reading of the day and whether it was read; only an admin changes the settings", async () => {
    const admin = await createUser(t, { role: "admin" });
    const operator = await createUser(t, { role: "operator" });
    await readMarketTick(t.ctx, "set", { instanceId: "a", fetchFeed: async () => ({ setIndex: "1,402.35", setValue: "45,678.91" }) });
    const read = marketSettingsResponseSchema.parse((await call(t, "GET", "/api/admin/market/set", { token: operator.token })).json());
    expect(read).toMatchObject({ status: "open", last_reading: { status: "ok", error: null, two_d: "58", at: clock.now().toISOString() } });

    clock.advance(5000);
    await readMarketTick(t.ctx, "set", {
      instanceId: "a",
      fetchFeed: async () => {
        throw new Error("The feed did not answer within 5000 ms.");
      },
    });
    const failed = marketSettingsResponseSchema.parse((await call(t, "GET", "/api/admin/market/set", { token: admin.token })).json());
    expect(failed.last_reading).toEqual({
      status: "delayed",
      error: "The feed did not answer within 5000 ms.",
      two_d: null,
      at: clock.now().toISOString(),
    });

    // An operator who is not an admin reads the settings but cannot change them; nothing changes.
    const off = { ...DEFAULT_MARKET_SETTINGS.set, enabled: false };
    const refused = await t.app.inject({
      method: "PUT",
      url: "/api/admin/market/set",
      headers: { authorization: `Bearer ${operator.token}` },
      payload: off,
    });
    expectErrorBody(refused, 403, "FORBIDDEN");
    expect((await call(t, "GET", "/api/admin/market/set", { token: admin.token })).json().settings).toEqual(DEFAULT_MARKET_SETTINGS.set);
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/admin/market/set",
      headers: { authorization: `Bearer ${admin.token}` },
      payload: off,
    });
    expect(marketSettingsResponseSchema.parse(put.json()).settings.enabled).toBe(false);
  });
});
