import { EXCLUSION_PERIODS, LIMIT_KINDS, LIMIT_PERIODS, MAX_LIMIT_AMOUNT, REALITY_CHECK_MINUTES } from "@shwe/domain";
import { z } from "zod";

/**
 * Player protection: limits a player sets on their own play, self-exclusion and the reality check
 * (bearer). Rules: @shwe/domain protection/limits.ts.
 */

export const limitKindSchema = z.enum(LIMIT_KINDS);
export type LimitKindName = z.infer<typeof limitKindSchema>;
export const limitPeriodSchema = z.enum(LIMIT_PERIODS);
export type LimitPeriodName = z.infer<typeof limitPeriodSchema>;
export const exclusionPeriodSchema = z.enum(EXCLUSION_PERIODS);
export type ExclusionPeriodName = z.infer<typeof exclusionPeriodSchema>;

const money = z.number().int();

/** One limit as the player sees it: in force now, what counts so far this period, and a waiting change. */
export const playerLimitSchema = z.object({
  kind: limitKindSchema,
  period: limitPeriodSchema,
  /** The limit in force now (null: none). */
  amount: money.nullable(),
  /** What already counts in the current period. */
  used: money,
  /** What remains of the limit in this period (null: no limit). */
  remaining: money.nullable(),
  /** When the current period ends and the count starts again. */
  resets_at: z.string(),
  /** A raise or removal waiting for its cooling period: the amount (null: removal) and when it applies. */
  pending: z.object({ amount: money.nullable(), at: z.string() }).nullable(),
});
export type PlayerLimit = z.infer<typeof playerLimitSchema>;

export const protectionSchema = z.object({
  limits: z.array(playerLimitSchema),
  /** The self-exclusion in force: until when (null with indefinite), or null when none. */
  self_exclusion: z.object({ until: z.string().nullable(), indefinite: z.boolean() }).nullable(),
  reality_check_minutes: z.number().int().nullable(),
});
export type Protection = z.infer<typeof protectionSchema>;

/** PUT /api/user/limits: a limit for one kind and period (null: no limit). */
export const setLimitBodySchema = z.strictObject({
  kind: limitKindSchema,
  period: limitPeriodSchema,
  amount: z.number().int().min(1).max(MAX_LIMIT_AMOUNT).nullable(),
});
export type SetLimitBody = z.infer<typeof setLimitBodySchema>;

/** POST /api/user/self-exclusion: how long; the password confirms it is the player. */
export const selfExclusionBodySchema = z.strictObject({
  period: exclusionPeriodSchema,
  password: z.string().min(1).max(200),
});
export type SelfExclusionBody = z.infer<typeof selfExclusionBodySchema>;

/** PUT /api/user/reality-check: the reminder interval in minutes, or null to switch it off. */
export const realityCheckBodySchema = z.strictObject({
  minutes: z.union(REALITY_CHECK_MINUTES.map((m) => z.literal(m))).nullable(),
});
export type RealityCheckBody = z.infer<typeof realityCheckBodySchema>;

/** GET /api/user/play-summary?since=ISO: the net result of play since an instant (wins − stakes). */
export const playSummaryQuerySchema = z.strictObject({ since: z.iso.datetime({ offset: true }) });
export const playSummarySchema = z.object({ since: z.string(), net: money, staked: money });
export type PlaySummary = z.infer<typeof playSummarySchema>;
