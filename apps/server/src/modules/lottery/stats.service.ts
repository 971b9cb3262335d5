import type { LotteryType, MonthResult, NumberStat, NumberStats, ResultsMonth } from "@shwe/contracts";
import { yangonDate, yangonDayBounds, yangonInstant, yangonTime } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import { readGame } from "./lottery-config.ts";
import { type HitRow, selectHitCounts, selectResultsBetween } from "./stats.repository.ts";

/** The results calendar (past results by month) and the number statistics of a game. */

const DAY_MS = 86_400_000;
/** How many numbers the hot and cold lists name. */
export const HOT_COLD_SIZE = 5;
/** Games whose numbers are few enough to list every one of them, with their number of digits. */
const LISTED_DIGITS: Partial<Record<LotteryType, number>> = { "1D": 1, C1D: 1, "2D": 2, C2D: 2 };

/** The Asia/Yangon month of an instant, YYYY-MM. */
export function yangonMonth(at: Date): string {
  return yangonDate(at).slice(0, 7);
}

function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

function feedOf(raw: unknown): MonthResult["feed"] {
  if (!raw || typeof raw !== "object") return undefined;
  const values = (raw as { values?: unknown }).values;
  if (!values || typeof values !== "object") return undefined;
  const v = values as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === "string" || typeof x === "number" ? String(x) : undefined);
  const feed: NonNullable<MonthResult["feed"]> = {};
  const pairs = [
    ["set_index", v.setIndex],
    ["set_value", v.setValue],
    ["first_prize", v.firstPrize],
    ["price", v.price],
  ] as const;
  for (const [key, value] of pairs) {
    const s = str(value);
    if (s !== undefined) feed[key] = s;
  }
  return Object.keys(feed).length > 0 ? feed : undefined;
}

/** GET /api/lottery/results/{type}?month=: the settled draws of an Asia/Yangon month with their feed values, and its off days. */
export async function resultsOfMonth(
  ctx: AppContext,
  type: LotteryType,
  month: string = yangonMonth(ctx.clock.now()),
): Promise<ResultsMonth> {
  const from = yangonInstant(`${month}-01`, "00:00");
  const to = yangonInstant(`${nextMonth(month)}-01`, "00:00");
  const [rows, game] = await Promise.all([selectResultsBetween(ctx.db, type, from, to), readGame(ctx.db, type)]);
  const results = rows.map((r): MonthResult => {
    const item: MonthResult = {
      draw_id: r.id,
      draw_at: r.drawAt.toISOString(),
      day: yangonDate(r.drawAt),
      time: yangonTime(r.drawAt),
      number: r.result ?? "",
      source: r.resultSource,
    };
    const feed = r.resultSource === "feed" ? feedOf(r.feedValues) : undefined;
    if (feed) item.feed = feed;
    return item;
  });
  const offDays = (game?.schedule?.off_days ?? []).filter((d) => d.startsWith(`${month}-`)).sort();
  return { type, month, results, off_days: offDays };
}

/** The numbers every stat list covers: all numbers of a game with few, the ones that came otherwise. */
function keysOf(kind: HitRow["kind"], type: LotteryType, seen: string[]): string[] {
  const digits = LISTED_DIGITS[type];
  if (kind !== "number") return type === "1D" || type === "C1D" ? [] : Array.from({ length: 10 }, (_, i) => String(i));
  if (digits === undefined) return seen;
  return Array.from({ length: 10 ** digits }, (_, i) => String(i).padStart(digits, "0"));
}

function statsOf(kind: HitRow["kind"], type: LotteryType, rows: HitRow[], total: number): NumberStat[] {
  const mine = new Map(rows.filter((r) => r.kind === kind).map((r) => [r.key, r]));
  return keysOf(kind, type, [...mine.keys()].sort()).map((key) => {
    const row = mine.get(key);
    return {
      number: key,
      hits: row?.hits ?? 0,
      last_draw_at: row ? row.lastAt.toISOString() : null,
      draws_since: row ? row.drawsSince : total,
    };
  });
}

/**
 * GET /api/lottery/stats/{type}?days=30|90: per number (and head and tail digit) how often it came in
 * the settled draws of the last `days` Asia/Yangon days (today included) and how many draws ago it
 * last came; the hot (most often) and cold (least often, longest absent) numbers. Counted in SQL.
 */
export async function numberStats(ctx: AppContext, type: LotteryType, days: 30 | 90 = 30): Promise<NumberStats> {
  const today = yangonDate(ctx.clock.now());
  const to = yangonDayBounds(today).end;
  const from = new Date(to.getTime() - days * DAY_MS);
  const { total, rows } = await selectHitCounts(ctx.db, type, from, to);
  const numbers = statsOf("number", type, rows, total);
  const hot = numbers
    .filter((n) => n.hits > 0)
    .sort((a, b) => b.hits - a.hits || (b.last_draw_at ?? "").localeCompare(a.last_draw_at ?? "") || a.number.localeCompare(b.number))
    .slice(0, HOT_COLD_SIZE)
    .map((n) => n.number);
  const cold = [...numbers]
    .sort((a, b) => a.hits - b.hits || b.draws_since - a.draws_since || a.number.localeCompare(b.number))
    .slice(0, HOT_COLD_SIZE)
    .map((n) => n.number);
  return {
    type,
    days,
    from: from.toISOString(),
    draws: total,
    numbers,
    heads: statsOf("head", type, rows, total),
    tails: statsOf("tail", type, rows, total),
    hot,
    cold,
  };
}
