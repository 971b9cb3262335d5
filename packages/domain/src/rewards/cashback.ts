import { isoInstant, yangonDate, yangonDayBounds } from "../format.ts";

/**
 * Weekly cashback into the claimable balance (domain-rules §7). Pure rules, no I/O:
 *
 * - A cashback week runs Monday 00:00 to the next Monday 00:00, Asia/Yangon (UTC+06:30, no
 *   daylight saving). It is named by its Monday, `YYYY-MM-DD`.
 * - A player's net loss of a week = the stakes settled within it minus the payouts of those
 *   settlements: lottery lines settled won or lost (stake − win amount; refunded lines count for
 *   nothing) plus casino rounds settled (bet − payout), each by its settlement time.
 * - Only a positive net loss earns cashback. The amount is floor(net loss × percent / 100), the
 *   percent having at most two decimals (held as basis points: 5 % = 500 bp). An amount below
 *   the 1-kyat minimum is not credited at all.
 * - The Claim moves floor(p_balance) to the main balance; below 1 kyat there is nothing to claim.
 */

export const DEFAULT_CASHBACK_PERCENT = 5;
export const MAX_CASHBACK_PERCENT = 100;
/** The smallest cashback credited, and the smallest claim (kyat). */
export const MIN_CASHBACK_AMOUNT = 1;
export const MIN_CLAIM_AMOUNT = 1;
const BP_PER_PERCENT = 100;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** True for a percent an operator may set: 0–100 with at most two decimals. */
export function isCashbackPercent(value: number): boolean {
  return (
    Number.isFinite(value) &&
    value >= 0 &&
    value <= MAX_CASHBACK_PERCENT &&
    Math.abs(Math.round(value * BP_PER_PERCENT) - value * BP_PER_PERCENT) < 1e-6
  );
}

/** A percent (0–100, two decimals at most) as basis points: 5 → 500, 2.5 → 250. */
export function percentToBasisPoints(percent: number): number {
  if (!isCashbackPercent(percent)) throw new RangeError(`not a cashback percent: ${percent}`);
  return Math.round(percent * BP_PER_PERCENT);
}

/** Basis points back to a percent: 250 → 2.5. */
export function basisPointsToPercent(bp: number): number {
  return bp / BP_PER_PERCENT;
}

/**
 * The cashback of a week's net loss: floor(loss × bp / 10,000) in exact integer arithmetic, 0 for a
 * loss that is not positive or an amount below the minimum.
 */
export function cashbackAmount(netLoss: number, basisPoints: number): number {
  if (!Number.isSafeInteger(netLoss) || !Number.isSafeInteger(basisPoints)) throw new RangeError("amounts must be safe integers");
  if (basisPoints < 0 || basisPoints > MAX_CASHBACK_PERCENT * BP_PER_PERCENT)
    throw new RangeError(`basis points out of range: ${basisPoints}`);
  if (netLoss <= 0 || basisPoints === 0) return 0;
  const amount = Number((BigInt(netLoss) * BigInt(basisPoints)) / 10_000n);
  return amount >= MIN_CASHBACK_AMOUNT ? amount : 0;
}

/** Net loss of a week from its settled totals: stakes minus payouts (negative when the player won). */
export function netLoss(totals: { staked: number; paid: number }): number {
  return totals.staked - totals.paid;
}

export interface CashbackWeek {
  /** The Monday that names the week (Asia/Yangon), YYYY-MM-DD. */
  weekStart: string;
  /** Monday 00:00 Asia/Yangon, as an instant. */
  startsAt: Date;
  /** The next Monday 00:00 Asia/Yangon (exclusive end). */
  endsAt: Date;
}

/** The week named by its Monday (YYYY-MM-DD); a day that is not a Monday is refused. */
export function weekStarting(weekStart: string): CashbackWeek {
  const midnightUtc = Date.parse(`${weekStart}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(weekStart) || Number.isNaN(midnightUtc)) throw new RangeError(`not a day: ${weekStart}`);
  if (new Date(midnightUtc).getUTCDay() !== 1) throw new RangeError(`not a Monday: ${weekStart}`);
  const startsAt = yangonDayBounds(weekStart).start;
  return { weekStart, startsAt, endsAt: new Date(startsAt.getTime() + WEEK_MS) };
}

/** The week (Asia/Yangon, Monday to Sunday) an instant falls in. */
export function weekOf(at: Date | number): CashbackWeek {
  const day = yangonDate(at);
  const noon = Date.parse(`${day}T12:00:00Z`);
  const sinceMonday = (new Date(noon).getUTCDay() + 6) % 7;
  return weekStarting(isoInstant(noon - sinceMonday * DAY_MS).slice(0, 10));
}

/** The week after (or, with a negative step, before) the named one. */
export function addWeeks(weekStart: string, weeks: number): string {
  const t = Date.parse(`${weekStart}T00:00:00Z`) + weeks * WEEK_MS;
  return isoInstant(t).slice(0, 10);
}

/**
 * The latest week that has closed by `now`, counting a week as closed `graceMs` after its end (so
 * that settlements committed just after midnight with a Sunday settlement time are in).
 */
export function lastClosedWeek(now: Date | number, graceMs = 0): CashbackWeek {
  return weekStarting(addWeeks(weekOf(new Date(now).getTime() - graceMs).weekStart, -1));
}

/**
 * The weeks a cashback run must process, oldest first: every week after the latest one already
 * processed up to the last closed week (a missed run catches up), at most `limit` of them. With no
 * week processed yet, only the last closed week: cashback starts with the week before the first run.
 */
export function weeksToProcess(latestProcessed: string | null, lastClosed: string, limit: number): string[] {
  if (latestProcessed === null) return limit > 0 ? [lastClosed] : [];
  const out: string[] = [];
  for (let w = addWeeks(latestProcessed, 1); w <= lastClosed && out.length < limit; w = addWeeks(w, 1)) out.push(w);
  return out;
}

/** What a Claim moves to the main balance: floor(p_balance), or 0 when below the minimum claim. */
export function claimableAmount(pBalance: number): number {
  if (!Number.isFinite(pBalance)) return 0;
  const whole = Math.floor(pBalance);
  return whole >= MIN_CLAIM_AMOUNT ? whole : 0;
}
