import { type Decision, refusal } from "../ledger/rules.ts";

/**
 * Loyalty points (domain-rules §7): settled stakes earn points, and points buy rewards paid to the
 * main balance. Points are whole units kept in the player's `point` ledger account.
 */

/** Default earning rate: 1 point per 1,000 kyat of settled stake. */
export const DEFAULT_KYAT_PER_POINT = 1_000;

/** Points earned by a settled stake: floor(stake / kyatPerPoint); nothing for a stake of 0 or less. */
export function pointsForStake(stake: number, kyatPerPoint: number): number {
  if (!Number.isSafeInteger(kyatPerPoint) || kyatPerPoint < 1)
    throw new RangeError(`kyat per point must be a positive integer, got ${kyatPerPoint}`);
  if (!Number.isSafeInteger(stake) || stake <= 0) return 0;
  return Math.floor(stake / kyatPerPoint);
}

export const POINT_MESSAGES = {
  short: "Not enough points for this reward.",
  inactive: "This reward is no longer available.",
  unknown: "This reward does not exist.",
} as const;

/** What a claim needs to know of its reward. */
export interface RewardTerms {
  points: number;
  amount: number;
  active: boolean;
}

/**
 * Whether a player holding `held` points may claim the reward: an inactive reward is refused (422
 * REWARD_INACTIVE), as is one that costs more than the player holds (422 INSUFFICIENT_POINTS, with
 * the points needed and held). On success: the points spent and the kyat paid.
 */
export function checkPointClaim(held: number, reward: RewardTerms): Decision<{ points: number; amount: number }> {
  if (!reward.active) return refusal(422, "REWARD_INACTIVE", POINT_MESSAGES.inactive);
  if (held < reward.points) {
    return refusal(422, "INSUFFICIENT_POINTS", POINT_MESSAGES.short, { needed: reward.points, point: Math.max(0, held) });
  }
  return { ok: true, value: { points: reward.points, amount: reward.amount } };
}
