import {
  type Market,
  type MarketNow,
  type MarketSettings,
  type MarketSettingsResponse,
  type MarketTick,
  marketSettingsSchema,
  type WsMarketTickMessage,
} from "@shwe/contracts";
import { type FeedValues, formatDecimal2, parseDecimal2, yangonInstant, yangonTime } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../content/audit.service.ts";
import { defineSetting, readSetting, type SettingDef, updateSetting } from "../content/settings.service.ts";
import { feedValuesOf, readLiveFeedSource, runningNumberOf } from "../lottery/market-feed.service.ts";
import { luckyDaily } from "../lottery/public.service.ts";
import {
  announceTick,
  claimTickSlot,
  completeTick,
  failTick,
  type MarketTickRow,
  pruneTicks,
  selectFirstOkTick,
  selectLastFinishedTick,
  selectOkTicks,
} from "./market.repository.ts";
import { DEFAULT_MARKET_SETTINGS, MARKET_GAMES, MARKET_MARKS, marketStatus, slotOf } from "./market-hours.ts";

/**
 * Live market readings (issue 25): while a market is open, one server process reads its game's
 * configured result feed every few seconds (the first to claim the reading's slot), stores the
 * values and the running numbers the result rules derive from them, and announces the reading to
 * every process, which sends it to its sockets. A reading that times out or answers junk is stored
 * as failed and announced as "delayed". A running number never settles anything.
 */

export const MARKET_SETTINGS: Record<Market, SettingDef<MarketSettings>> = {
  set: defineSetting("market.settings.set", marketSettingsSchema, DEFAULT_MARKET_SETTINGS.set),
  crypto: defineSetting("market.settings.crypto", marketSettingsSchema, DEFAULT_MARKET_SETTINGS.crypto),
};

/** Fetches a feed URL and answers its parsed JSON (lottery/feed.ts fetchFeedJson, or a test's). */
export type MarketFetcher = (url: string, timeoutMs: number) => Promise<unknown>;

export interface ReadOptions {
  /** This server process. */
  instanceId: string;
  fetchFeed: MarketFetcher;
  /** Read now whatever the hours (the demo hook); the slot is the instant itself. */
  force?: boolean;
}

const DAY_MS = 86_400_000;
const KEEP_TICKS_MS = 7 * DAY_MS;

/** Cents of a "1234.56" value, exact. */
function centsOf(value: string): bigint {
  return BigInt(value.replace(".", ""));
}

/** The signed change from `before` to `after` ("+1.20", "-0.05"), or null when either is missing. */
export function changeOf(after: string | null, before: string | null | undefined): string | null {
  if (after === null || before === null || before === undefined) return null;
  const diff = centsOf(after) - centsOf(before);
  const abs = diff < 0n ? -diff : diff;
  const text = abs.toString().padStart(3, "0");
  return `${diff < 0n ? "-" : "+"}${text.slice(0, -2)}.${text.slice(-2)}`;
}

function tickOf(row: MarketTickRow, previous: MarketTickRow | undefined): MarketTick {
  return {
    at: (row.readAt ?? row.slotAt).toISOString(),
    set_index: row.setIndex,
    set_value: row.setValue,
    price: row.price,
    two_d: row.twoD ?? "00",
    one_d: row.oneD ?? "0",
    change: {
      set_index: changeOf(row.setIndex, previous?.setIndex),
      set_value: changeOf(row.setValue, previous?.setValue),
      price: changeOf(row.price, previous?.price),
    },
  };
}

/** The values of a market's feed document as printed with two decimals, and the running numbers the result rules give them. */
export function deriveReading(market: Market, doc: unknown, paths: Parameters<typeof feedValuesOf>[2]) {
  const games = MARKET_GAMES[market];
  const values: FeedValues = feedValuesOf(games.twoD, doc, paths);
  const twoD = runningNumberOf(games.twoD, values);
  const oneD = runningNumberOf(games.oneD, values);
  const norm = (raw: string | number | undefined, label: string) => (raw === undefined ? null : formatDecimal2(parseDecimal2(raw, label)));
  return {
    setIndex: norm(values.setIndex, "SET index"),
    setValue: norm(values.setValue, "SET value"),
    price: norm(values.price, "Price"),
    twoD,
    oneD,
  };
}

async function readSettingsAndSource(db: Db, market: Market) {
  const [settings, source] = await Promise.all([
    readSetting(db, MARKET_SETTINGS[market]),
    readLiveFeedSource(db, MARKET_GAMES[market].twoD),
  ]);
  return { settings, source };
}

/**
 * One reading of `market` at the clock's now, if it is open, configured and this process claims the
 * slot; answers the message announced, or null when there was nothing to read or another process reads it.
 */
export async function readMarketTick(ctx: AppContext, market: Market, opts: ReadOptions): Promise<WsMarketTickMessage | null> {
  const now = ctx.clock.now();
  const { settings, source } = await readSettingsAndSource(ctx.db, market);
  const { day, status } = marketStatus(settings, source.schedule, now);
  const url = source.feed.url;
  if (!url) return null;
  if (!opts.force && (!settings.enabled || !source.enabled || status !== "open")) return null;
  const slotAt = opts.force ? now : slotOf(now, settings.interval_ms);
  const id = await claimTickSlot(ctx.db, market, slotAt, opts.instanceId);
  if (id === null) return null;

  let message: WsMarketTickMessage;
  try {
    const doc = await opts.fetchFeed(url, Math.min(source.feed.timeout_ms, Math.max(settings.interval_ms, 1000)));
    const reading = deriveReading(market, doc, source.feed.paths);
    const readAt = ctx.clock.now();
    await completeTick(ctx.db, id, reading, readAt);
    const [previous] = await selectOkTicks(ctx.db, market, yangonInstant(day, "00:00"), slotAt, 1);
    const row = { ...reading, readAt, slotAt } as MarketTickRow;
    message = { type: "market_tick", market, status, delayed: false, tick: tickOf(row, previous) };
  } catch (err) {
    await failTick(ctx.db, id, err instanceof Error ? err.message : "The feed could not be read.", ctx.clock.now());
    message = { type: "market_tick", market, status, delayed: true, tick: null };
  }
  await announceTick(ctx.db, JSON.stringify(message));
  // Now and then (about once an hour of readings), readings older than a week go.
  if (id % 720 === 0) await pruneTicks(ctx.db, new Date(now.getTime() - KEEP_TICKS_MS));
  return message;
}

/**
 * Where the market is now and its newest good reading of the day with its change: what the public
 * answer and a socket's first reading both start from.
 */
async function marketLatest(ctx: AppContext, market: Market, now: Date) {
  const { settings, source } = await readSettingsAndSource(ctx.db, market);
  const { day, status } = marketStatus(settings, source.schedule, now);
  const dayStart = yangonInstant(day, "00:00");
  const [[latest, previous], lastFinished] = await Promise.all([
    selectOkTicks(ctx.db, market, dayStart, new Date(now.getTime() + 1), 2),
    selectLastFinishedTick(ctx.db, market, dayStart),
  ]);
  return {
    settings,
    day,
    status,
    delayed: status === "open" && lastFinished?.status === "delayed",
    latest: latest ? tickOf(latest, previous) : null,
    finished: Boolean(latest || lastFinished),
  };
}

/** GET /api/market/{market}: the status, the latest reading with its change, the day's marked numbers. */
export async function marketNow(ctx: AppContext, market: Market, now: Date = ctx.clock.now()): Promise<MarketNow> {
  const { settings, day, status, delayed, latest } = await marketLatest(ctx, market, now);
  const results = MARKET_MARKS[market].some((m) => m.source === "result") ? await luckyDaily(ctx, MARKET_GAMES[market].twoD, now) : [];
  const marks = await Promise.all(
    MARKET_MARKS[market].map(async ({ time, source: kind }) => {
      if (kind === "result") {
        const draw = results.find((d) => yangonTime(new Date(d.draw_at)) === time && d.number !== null);
        return { time, two_d: draw?.number ?? null, source: draw ? ("result" as const) : null };
      }
      const at = yangonInstant(day, time);
      if (at.getTime() > now.getTime()) return { time, two_d: null, source: null };
      const first = await selectFirstOkTick(ctx.db, market, at, new Date(at.getTime() + 5 * 60_000));
      return { time, two_d: first?.twoD ?? null, source: first ? ("feed" as const) : null };
    }),
  );
  return {
    market,
    day,
    status,
    delayed,
    interval_ms: settings.interval_ms,
    sessions: settings.sessions,
    latest,
    marks,
    now: now.toISOString(),
  };
}

/**
 * The market's latest reading as a socket message (status now, delayed or not, the day's newest good
 * reading with its change), or null when it has none today: what a socket that starts watching the
 * market is sent at once, so a page that reconnects does not wait for the next reading (or a poll).
 */
export async function marketSnapshot(ctx: AppContext, market: Market, now: Date = ctx.clock.now()): Promise<WsMarketTickMessage | null> {
  const { status, delayed, latest, finished } = await marketLatest(ctx, market, now);
  if (!finished) return null;
  return { type: "market_tick", market, status, delayed, tick: latest };
}

/** The settings with where the market is now and its last finished reading of the day (the console's view). */
async function settingsView(ctx: AppContext, market: Market, settings: MarketSettings): Promise<MarketSettingsResponse> {
  const now = ctx.clock.now();
  const schedule = (await readLiveFeedSource(ctx.db, MARKET_GAMES[market].twoD)).schedule;
  const { day, status } = marketStatus(settings, schedule, now);
  const last = await selectLastFinishedTick(ctx.db, market, yangonInstant(day, "00:00"));
  return {
    market,
    settings,
    status,
    last_reading: last
      ? {
          at: (last.readAt ?? last.slotAt).toISOString(),
          status: last.status === "ok" ? "ok" : "delayed",
          error: last.status === "ok" ? null : (last.error ?? null),
          two_d: last.status === "ok" ? last.twoD : null,
        }
      : null,
  };
}

/** GET /api/admin/market/{market}: whether the market is read, how often, its sessions (Yangon time), its last reading. */
export async function marketSettingsOf(ctx: AppContext, market: Market): Promise<MarketSettingsResponse> {
  return settingsView(ctx, market, await readSetting(ctx.db, MARKET_SETTINGS[market]));
}

/** PUT /api/admin/market/{market}: an admin's, audited like every operator setting. */
export async function setMarketSettings(
  ctx: AppContext,
  market: Market,
  settings: MarketSettings,
  actor: Actor,
): Promise<MarketSettingsResponse> {
  return settingsView(ctx, market, await updateSetting(ctx.db, MARKET_SETTINGS[market], actor, () => settings));
}
