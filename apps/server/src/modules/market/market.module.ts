import { randomUUID } from "node:crypto";
import { MARKETS, type Market, type WsMarketTickMessage, wsMarketTickMessageSchema } from "@shwe/contracts";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { readSetting } from "../content/settings.service.ts";
import { fetchFeedDocument } from "../lottery/market-feed.service.ts";
import { DEMO_FEED_PATH, registerMarketDemoRoutes, registerMarketRoutes } from "./market.routes.ts";
import { MARKET_SETTINGS, type MarketFetcher, marketSnapshot, type ReadOptions, readMarketTick } from "./market.service.ts";
import { slotOf } from "./market-hours.ts";
import { createSimulatorState, type SimulatorState, simulatedFeed } from "./market-sim.ts";

/** Sends a reading to this process's sockets watching its market (`watch` "market:set" or "market:crypto"), visitors too. */
export type Broadcast = (message: WsMarketTickMessage) => void;

/** Whether a socket of this process watches the market. */
export type Watched = (market: Market) => boolean;

/** The message a socket that starts watching a topic is sent at once (a market's latest reading), or null. */
type TopicSnapshot = (topic: string) => Promise<WsMarketTickMessage | null>;

/**
 * A market's snapshot is read once for every socket that starts watching it within this long (a
 * server restart brings every page back at once), and again as soon as a new reading is announced.
 */
const SNAPSHOT_FRESH_MS = 2000;

/** How often a listening server looks whether a market's next reading slot has come. */
const LOOK_EVERY_MS = 1000;
/**
 * The demo's pace for a market no socket of the process watches: a reading a minute keeps the page's
 * first drawing recent without reading the feed every few seconds all day for nobody. Production
 * reads at the operator's interval whoever watches (other processes' sockets count there too).
 */
export const DEMO_UNWATCHED_READ_MS = 60_000;

/**
 * One look per market and call: reads the market when its next slot has come (the operator's
 * interval; in demo mode, while no socket watches it, once a minute). One look at a time per market.
 */
export function marketReader(ctx: AppContext, opts: ReadOptions & { watched: Watched }): (market: Market) => Promise<void> {
  const lastSlot: Record<Market, number> = { set: 0, crypto: 0 };
  const busy = new Set<Market>();
  return async (market) => {
    if (busy.has(market)) return;
    busy.add(market);
    try {
      if (ctx.config.mode === "demo" && !opts.watched(market)) {
        // Nobody here follows it: no database work until a minute without a reading has come.
        const slot = slotOf(ctx.clock.now(), DEMO_UNWATCHED_READ_MS).getTime();
        if (slotOf(new Date(lastSlot[market]), DEMO_UNWATCHED_READ_MS).getTime() === slot) return;
        lastSlot[market] = slot;
        await readMarketTick(ctx, market, { instanceId: opts.instanceId, fetchFeed: opts.fetchFeed });
        return;
      }
      const settings = await readSetting(ctx.db, MARKET_SETTINGS[market]);
      const slot = slotOf(ctx.clock.now(), settings.interval_ms).getTime();
      if (slot === lastSlot[market]) return;
      lastSlot[market] = slot;
      await readMarketTick(ctx, market, { instanceId: opts.instanceId, fetchFeed: opts.fetchFeed });
    } finally {
      busy.delete(market);
    }
  };
}

/**
 * The live markets in the app: the public route, the reader (started on listen: each process tries
 * each slot, one claims it), and the `market_tick` channel every process listens on to send the
 * readings to its sockets. Tests that never listen call readMarketTick themselves. Answers the
 * snapshot of a market topic ("market:set", "market:crypto"): its latest reading, for a socket that
 * starts watching it (a page opened or reconnected); null for any other topic.
 */
export function registerMarket(app: ZodApp, ctx: AppContext, broadcast: Broadcast, watched: Watched): TopicSnapshot {
  const instanceId = randomUUID();
  const sim = createSimulatorState();
  const fetchFeed = demoAwareFetcher(ctx, sim);
  registerMarketRoutes(app, ctx);
  registerMarketDemoRoutes(app, ctx, sim, { instanceId, fetchFeed });

  const snapshots = new Map<Market, { readAt: number; message: Promise<WsMarketTickMessage | null> }>();
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    stopListening = await ctx.database.listen("market_tick", (payload) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        return app.log.warn({ payload }, "bad market_tick notification");
      }
      const message = wsMarketTickMessageSchema.safeParse(parsed);
      if (message.success) {
        snapshots.delete(message.data.market);
        broadcast(message.data);
      } else app.log.warn({ payload }, "bad market_tick notification");
    });
  });

  let timer: NodeJS.Timeout | undefined;
  const look = marketReader(ctx, { instanceId, fetchFeed, watched });
  app.addHook("onListen", async () => {
    timer = setInterval(() => {
      for (const market of MARKETS) void ctx.dbOutage.round(`market_${market}`, () => look(market), "market reading failed");
    }, LOOK_EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await stopListening?.().catch(() => undefined);
  });
  return async (topic) => {
    const market = MARKETS.find((m) => topic === `market:${m}`);
    if (!market) return null;
    const cached = snapshots.get(market);
    if (cached && performance.now() - cached.readAt < SNAPSHOT_FRESH_MS) return cached.message;
    const message = marketSnapshot(ctx, market);
    snapshots.set(market, { readAt: performance.now(), message });
    // A failed read is not kept.
    message.catch(() => {
      if (snapshots.get(market)?.message === message) snapshots.delete(market);
    });
    return message;
  };
}

/**
 * The feed fetcher; in demo mode a feed URL on this machine under DEMO_FEED_PATH is answered by the
 * simulator in-process (whatever port the site listens on), like the GSC+ simulator is.
 */
function demoAwareFetcher(ctx: AppContext, sim: SimulatorState): MarketFetcher {
  if (ctx.config.mode !== "demo") return fetchFeedDocument;
  return async (url, timeoutMs) => {
    const parsed = new URL(url);
    const local = parsed.hostname === "127.0.0.1" || parsed.hostname === "localhost";
    const match = new RegExp(`^${DEMO_FEED_PATH}/(set|crypto)$`).exec(parsed.pathname);
    if (local && match) {
      const market = match[1] as Market;
      return simulatedFeed(market, ctx.clock.now(), sim.extraSteps[market]);
    }
    return fetchFeedDocument(url, timeoutMs);
  };
}
