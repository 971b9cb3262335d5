import { isoInstant, yangonDate, yangonInstant } from "../format.ts";

/**
 * Draw schedules of the five lottery games (domain-rules §3). Every rule is computed in
 * Asia/Yangon time (UTC+06:30, no daylight saving); instants are plain UTC Dates.
 * The configuration is data (lottery_games.schedule) that operators edit.
 */
export type LotteryGameType = "1D" | "2D" | "3D" | "C1D" | "C2D";

/** Betting closes a number of minutes before the draw, or at a fixed time on the draw day. */
export type CutoffRule = { minutes_before: number } | { at: string };

export interface ScheduleConfig {
  /** Draw days of the week, 0 = Sunday … 6 = Saturday. */
  weekdays?: number[];
  /** Draw days of the month, 1–31 (a day a month does not have is skipped). */
  month_days?: number[];
  /** Extra draw days, YYYY-MM-DD (a draw moved around a holiday). */
  extra_days?: string[];
  /** Draw times of a draw day, HH:MM. */
  times: string[];
  cutoff: CutoffRule;
  /** Days without any draw (holidays, market closures), YYYY-MM-DD. They win over every other rule. */
  off_days: string[];
}

export interface ScheduledDraw {
  /** The draw instant. */
  at: Date;
  /** Betting closes at this instant (never after the draw). */
  closesAt: Date;
  /** The Asia/Yangon day of the draw, YYYY-MM-DD. */
  day: string;
  /** The configured draw time, HH:MM. */
  time: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** How far ahead a search looks before deciding a schedule has no further draw. */
const MAX_SCAN_DAYS = 800;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The house defaults of domain-rules §3: 2D/1D Mon–Fri 12:01 and 16:30, 3D on the 1st and 16th at 15:00, crypto 4 times a day. */
export const DEFAULT_SCHEDULES: Record<LotteryGameType, ScheduleConfig> = {
  "2D": { weekdays: [1, 2, 3, 4, 5], times: ["12:01", "16:30"], cutoff: { minutes_before: 10 }, off_days: [] },
  "1D": { weekdays: [1, 2, 3, 4, 5], times: ["12:01", "16:30"], cutoff: { minutes_before: 10 }, off_days: [] },
  "3D": { month_days: [1, 16], times: ["15:00"], cutoff: { at: "12:00" }, off_days: [] },
  C2D: { weekdays: [0, 1, 2, 3, 4, 5, 6], times: ["10:00", "14:00", "18:00", "21:00"], cutoff: { minutes_before: 10 }, off_days: [] },
  C1D: { weekdays: [0, 1, 2, 3, 4, 5, 6], times: ["10:00", "14:00", "18:00", "21:00"], cutoff: { minutes_before: 10 }, off_days: [] },
};

export class ScheduleConfigError extends Error {
  override name = "ScheduleConfigError";
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  if (!DAY_RE.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(t) && isoInstant(t).slice(0, 10) === value;
}

function addDays(day: string, n: number): string {
  return isoInstant(Date.parse(`${day}T00:00:00Z`) + n * DAY).slice(0, 10);
}

function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** True when the schedule has draws on this Yangon day. */
export function isDrawDay(config: ScheduleConfig, day: string): boolean {
  if (config.off_days.includes(day)) return false;
  if (config.extra_days?.includes(day)) return true;
  if (config.weekdays?.includes(weekdayOf(day))) return true;
  return config.month_days?.includes(Number(day.slice(8, 10))) ?? false;
}

/** When betting on a draw closes: `minutes_before` the draw, or at a fixed time on the draw day, never after the draw. */
export function cutoffFor(draw: { at: Date }, config: Pick<ScheduleConfig, "cutoff">): Date {
  const rule = config.cutoff;
  if ("minutes_before" in rule) return new Date(draw.at.getTime() - rule.minutes_before * MINUTE);
  const closes = yangonInstant(yangonDate(draw.at), rule.at);
  return closes.getTime() < draw.at.getTime() ? closes : new Date(draw.at);
}

function sortedTimes(config: ScheduleConfig): string[] {
  return [...new Set(config.times)].sort();
}

/** The draws of one Yangon day, earliest first (none on an off day). */
export function drawsOnDay(config: ScheduleConfig, day: string): ScheduledDraw[] {
  if (!isDrawDay(config, day)) return [];
  return sortedTimes(config).map((time) => {
    const at = yangonInstant(day, time);
    return { at, closesAt: cutoffFor({ at }, config), day, time };
  });
}

/** The first draw strictly after `from`, or null when the schedule has none in the next ~2 years. */
export function nextDraw(config: ScheduleConfig, from: Date): ScheduledDraw | null {
  const start = yangonDate(from);
  for (let i = 0; i <= MAX_SCAN_DAYS; i++) {
    for (const draw of drawsOnDay(config, addDays(start, i))) {
      if (draw.at.getTime() > from.getTime()) return draw;
    }
  }
  return null;
}

/** The next `count` draws strictly after `from`, in increasing order (fewer when the schedule runs out). */
export function nextDraws(config: ScheduleConfig, from: Date, count: number): ScheduledDraw[] {
  const out: ScheduledDraw[] = [];
  let cursor = from;
  while (out.length < count) {
    const draw = nextDraw(config, cursor);
    if (!draw) break;
    out.push(draw);
    cursor = draw.at;
  }
  return out;
}

function intList(value: unknown, name: string, min: number, max: number): number[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => Number.isInteger(v) && v >= min && v <= max)) {
    throw new ScheduleConfigError(`${name} must be a list of whole numbers from ${min} to ${max}`);
  }
  return [...new Set(value as number[])].sort((a, b) => a - b);
}

function dayList(value: unknown, name: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string" && isCalendarDay(v))) {
    throw new ScheduleConfigError(`${name} must be a list of YYYY-MM-DD days`);
  }
  return [...new Set(value as string[])].sort();
}

function parseCutoff(value: unknown): CutoffRule {
  if (typeof value === "object" && value !== null) {
    const rule = value as Record<string, unknown>;
    const keys = Object.keys(rule);
    if (keys.length === 1 && Number.isInteger(rule.minutes_before)) {
      const m = rule.minutes_before as number;
      if (m >= 0 && m <= 24 * 60) return { minutes_before: m };
    }
    if (keys.length === 1 && typeof rule.at === "string" && TIME_RE.test(rule.at)) return { at: rule.at };
  }
  throw new ScheduleConfigError("cutoff must be {minutes_before: 0–1440} or {at: 'HH:MM'}");
}

/** Checks a stored schedule and returns it in canonical form (sorted, without duplicates); throws ScheduleConfigError. */
export function parseScheduleConfig(value: unknown): ScheduleConfig {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ScheduleConfigError("schedule must be an object");
  const raw = value as Record<string, unknown>;
  const known = new Set(["weekdays", "month_days", "extra_days", "times", "cutoff", "off_days"]);
  const unknown = Object.keys(raw).filter((k) => !known.has(k));
  if (unknown.length > 0) throw new ScheduleConfigError(`unknown schedule fields: ${unknown.join(", ")}`);
  const times = raw.times;
  if (!Array.isArray(times) || times.length === 0 || !times.every((t) => typeof t === "string" && TIME_RE.test(t))) {
    throw new ScheduleConfigError("times must be a non-empty list of HH:MM");
  }
  const config: ScheduleConfig = {
    times: [...new Set(times as string[])].sort(),
    cutoff: parseCutoff(raw.cutoff),
    off_days: dayList(raw.off_days ?? [], "off_days") ?? [],
  };
  const weekdays = intList(raw.weekdays, "weekdays", 0, 6);
  const monthDays = intList(raw.month_days, "month_days", 1, 31);
  const extraDays = dayList(raw.extra_days, "extra_days");
  if (weekdays) config.weekdays = weekdays;
  if (monthDays) config.month_days = monthDays;
  if (extraDays) config.extra_days = extraDays;
  if (!weekdays?.length && !monthDays?.length && !extraDays?.length) {
    throw new ScheduleConfigError("a schedule needs weekdays, month_days or extra_days");
  }
  return config;
}
