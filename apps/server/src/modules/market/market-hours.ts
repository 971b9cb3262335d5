import type { LotteryType, Market, MarketSettings, MarketStatus } from "@shwe/contracts";
import { isDrawDay, type ScheduleConfig, yangonDate, yangonInstant } from "@shwe/domain";

/**
 * When a market is read, in Asia/Yangon time. The Thai SET trades 10:00–12:30 and 14:30–16:30 Thai
 * time, that is 09:30–12:00 and 14:00–16:00 Yangon time, with the closing prices in by the 2D draws at
 * 12:01 and 16:30; so by default the SET is read 09:30–12:01 and 14:00–16:30, the lunch break between.
 * The BTC/USDT price never closes. Trading days are the draw days of the market's 2D game (its
 * schedule's weekdays, minus its off days: an off day on a weekday is a holiday).
 */

/** The game whose feed, schedule and running number a market follows, and the 1D game derived from it. */
export const MARKET_GAMES: Record<Market, { twoD: LotteryType; oneD: LotteryType }> = {
  set: { twoD: "2D", oneD: "1D" },
  crypto: { twoD: "C2D", oneD: "C1D" },
};

export const DEFAULT_MARKET_SETTINGS: Record<Market, MarketSettings> = {
  set: {
    enabled: true,
    interval_ms: 5000,
    sessions: [
      { open: "09:30", close: "12:01" },
      { open: "14:00", close: "16:30" },
    ],
    opening_soon_minutes: 60,
  },
  crypto: { enabled: true, interval_ms: 5000, sessions: [{ open: "00:00", close: "24:00" }], opening_soon_minutes: 0 },
};

/** The marked times of the day players follow: the 09:30 and 14:00 readings and the 12:01 and 16:30 results. */
export const MARKET_MARKS: Record<Market, { time: string; source: "feed" | "result" }[]> = {
  set: [
    { time: "09:30", source: "feed" },
    { time: "12:01", source: "result" },
    { time: "14:00", source: "feed" },
    { time: "16:30", source: "result" },
  ],
  crypto: [],
};

const MINUTE = 60_000;

export interface MarketDay {
  day: string;
  status: MarketStatus;
}

/** The market's status at `now`; no schedule (game missing or its schedule unusable) reads as closed. */
export function marketStatus(settings: MarketSettings, schedule: ScheduleConfig | null, now: Date): MarketDay {
  const day = yangonDate(now);
  if (!schedule) return { day, status: "closed" };
  if (schedule.off_days.includes(day)) return { day, status: "holiday" };
  if (!isDrawDay(schedule, day)) return { day, status: "closed" };
  const t = now.getTime();
  const sessions = [...settings.sessions]
    .map((s) => ({ open: yangonInstant(day, s.open).getTime(), close: yangonInstant(day, s.close).getTime() }))
    .sort((a, b) => a.open - b.open);
  const first = sessions[0];
  const last = sessions[sessions.length - 1];
  if (!first || !last) return { day, status: "closed" };
  if (sessions.some((s) => t >= s.open && t < s.close + MINUTE)) return { day, status: "open" };
  if (t < first.open) return { day, status: t >= first.open - settings.opening_soon_minutes * MINUTE ? "opening_soon" : "closed" };
  if (t >= last.close + MINUTE) return { day, status: "closed" };
  return { day, status: "lunch_break" };
}

/** The start of the reading slot `now` falls in (slots of `intervalMs` from the epoch). */
export function slotOf(now: Date, intervalMs: number): Date {
  return new Date(Math.floor(now.getTime() / intervalMs) * intervalMs);
}
