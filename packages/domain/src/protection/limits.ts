import { isoInstant, yangonDate, yangonDayBounds } from "../format.ts";

/**
 * Player protection (limits a player sets and self-exclusion). Pure rules, no I/O.
 *
 * Limits: deposit, loss and stake, each per day, week or month, in Asia/Yangon calendar periods
 * (a day from 00:00, a week from Monday 00:00, a month from the 1st 00:00; UTC+06:30, no daylight
 * saving). Lowering a limit, or setting one where there was none, applies at once; raising or
 * removing one waits a 24-hour cooling period, during which the lower limit stays in force.
 *
 * What counts in a period (the server reads the amounts under the player's locks):
 *   - deposit: cash-in requests made in the period that are waiting or approved;
 *   - stake: lottery stakes placed and money moved to the game balance, less voided stakes refunded;
 *   - loss: the net of the same play: stakes and moves to the game balance, less lottery wins,
 *     refunds and moves back from the game balance. A new stake counts in full, as if it were lost.
 *
 * Self-exclusion: 1 day, 1 week, 1 month, 6 months or indefinite. Nobody shortens it: a new
 * exclusion only ever extends the end, and operators have no way to lift it.
 */

export const LIMIT_KINDS = ["deposit", "loss", "stake"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ["day", "week", "month"] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const EXCLUSION_PERIODS = ["1d", "1w", "1m", "6m", "indefinite"] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];

/** The cooling period before a raised or removed limit takes effect. */
export const LIMIT_COOLING_MS = 24 * 3_600_000;
/** The largest limit a player may set (kyat). */
export const MAX_LIMIT_AMOUNT = 1_000_000_000_000;
/** Reality-check intervals a player may choose (minutes). */
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

const DAY_MS = 86_400_000;

/** A calendar day (YYYY-MM-DD) `days` later (or earlier): arithmetic on day names, no time zone. */
function addDays(day: string, days: number): string {
  return isoInstant(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).slice(0, 10);
}

/** The Yangon day (YYYY-MM-DD) the day, week (Monday) or month holding `now` starts on. */
function firstDayOf(now: Date, period: LimitPeriod): string {
  const day = yangonDate(now);
  if (period === "day") return day;
  if (period === "month") return `${day.slice(0, 8)}01`;
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}

/** The first instant of the Yangon day, week (Monday) or month holding `now`. */
export function periodStart(now: Date, period: LimitPeriod): Date {
  return yangonDayBounds(firstDayOf(now, period)).start;
}

/** The first instant of the next period: when the current period's count starts again from 0. */
export function periodEnd(now: Date, period: LimitPeriod): Date {
  const first = firstDayOf(now, period);
  if (period === "day") return yangonDayBounds(first).end;
  if (period === "week") return yangonDayBounds(addDays(first, 7)).start;
  const [y, m] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))];
  const next = m === 12 ? `${String(y + 1).padStart(4, "0")}-01-01` : `${first.slice(0, 5)}${String(m + 1).padStart(2, "0")}-01`;
  return yangonDayBounds(next).start;
}

/** A stored limit: the amount in force and, during a cooling period, the one waiting (null = removal). */
export interface StoredLimit {
  amount: number | null;
  pendingAmount: number | null;
  pendingAt: Date | null;
}

/** The limit in force at `now` (null = no limit): a waiting change counts once its time has come. */
export function limitInForce(limit: StoredLimit | undefined, now: Date): number | null {
  if (!limit) return null;
  if (limit.pendingAt !== null && limit.pendingAt.getTime() <= now.getTime()) return limit.pendingAmount;
  return limit.amount;
}

/**
 * A player asks for `requested` (null = no limit). Lower (or a first limit) applies at once and drops
 * any waiting change; higher or removal waits LIMIT_COOLING_MS with the current limit in force; the
 * same as the limit in force drops any waiting change.
 */
export function decideLimitChange(current: StoredLimit | undefined, requested: number | null, now: Date): StoredLimit {
  if (requested !== null && (!Number.isSafeInteger(requested) || requested <= 0 || requested > MAX_LIMIT_AMOUNT)) {
    throw new RangeError(`not a limit amount: ${requested}`);
  }
  const inForce = limitInForce(current, now);
  const lowerOrSame = requested !== null && (inForce === null || requested <= inForce);
  if (lowerOrSame || requested === inForce) return { amount: requested, pendingAmount: null, pendingAt: null };
  return { amount: inForce, pendingAmount: requested, pendingAt: new Date(now.getTime() + LIMIT_COOLING_MS) };
}

export interface LimitCheck {
  kind: LimitKind;
  period: LimitPeriod;
  limit: number;
  used: number;
}

/**
 * The first limit that `amount` more would pass (used + amount > limit), or undefined when every
 * limit allows it. `used` is what already counts in the limit's period.
 */
export function firstLimitPassed(checks: readonly LimitCheck[], amount: number): (LimitCheck & { remaining: number }) | undefined {
  for (const c of checks) {
    if (c.used + amount > c.limit) return { ...c, remaining: Math.max(0, c.limit - c.used) };
  }
  return undefined;
}

/** The end of an exclusion that starts at `now` (null = indefinite), by calendar months for 1m and 6m. */
export function exclusionEnd(now: Date, period: ExclusionPeriod): Date | null {
  switch (period) {
    case "1d":
      return new Date(now.getTime() + DAY_MS);
    case "1w":
      return new Date(now.getTime() + 7 * DAY_MS);
    case "1m":
    case "6m": {
      const months = period === "1m" ? 1 : 6;
      const d = new Date(now.getTime());
      const day = d.getUTCDate();
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() + months);
      // The same day of the month, or the month's last day when it is shorter.
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      d.setUTCDate(Math.min(day, last));
      return d;
    }
    case "indefinite":
      return null;
  }
}

/** An exclusion as stored: the end, or indefinite. */
export interface Exclusion {
  until: Date | null;
  indefinite: boolean;
}

/** True while the player is excluded at `now`. */
export function isExcluded(ex: Exclusion | undefined, now: Date): boolean {
  if (!ex) return false;
  return ex.indefinite || (ex.until !== null && ex.until.getTime() > now.getTime());
}

/** The exclusion after a new request: never shorter than the one in force. */
export function extendExclusion(current: Exclusion | undefined, period: ExclusionPeriod, now: Date): Exclusion {
  if (current?.indefinite || period === "indefinite") return { until: null, indefinite: true };
  const end = exclusionEnd(now, period) as Date;
  const currentEnd = current && isExcluded(current, now) ? current.until : null;
  return { until: currentEnd !== null && currentEnd.getTime() > end.getTime() ? currentEnd : end, indefinite: false };
}
