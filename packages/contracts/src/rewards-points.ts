import { z } from "zod";
import { amountSchema, daySchema, nextCursorSchema, pageQueryShape, text } from "./common.ts";
import { localizedTextBodySchema, textLanguageSchema, translationsSchema } from "./texts.ts";

/**
 * Loyalty points (domain-rules §7): settled stakes earn points; rewards turn points into kyat on the
 * main balance. Public: the reward list and the operator's warning text; bearer: claim and history.
 */

const id = z.number().int();
const money = z.number().int();

/**
 * A reward as players see it: `points` spent → `amount` kyat paid to main; `name` in the `?lng=` asked
 * (Burmese when absent or not written in that language).
 */
export const pointRewardSchema = z.object({ id, name: z.string(), points: money, amount: money });
export type PointReward = z.infer<typeof pointRewardSchema>;

/** GET /api/point/list[?lng=]: the active rewards, in the operator's order, names in `lng` (else Burmese). */
export const pointListSchema = z.object({ data: z.array(pointRewardSchema), kyat_per_point: z.number().int() });
export type PointList = z.infer<typeof pointListSchema>;

/** GET /api/point/warning: the operator's text for the points page (empty when none). */
export const pointWarningSchema = z.object({ text: z.string() });
export type PointWarning = z.infer<typeof pointWarningSchema>;

/** POST /api/point/claim (bearer, Idempotency-Key): which reward to claim. */
export const pointClaimBodySchema = z.strictObject({ point_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export type PointClaimBody = z.infer<typeof pointClaimBodySchema>;

export const pointClaimResponseSchema = z.object({
  message: z.string(),
  claim_id: id,
  point_id: id,
  points: money,
  amount: money,
  /** Main balance and points after the claim. */
  balance: money,
  point: money,
});
export type PointClaimResponse = z.infer<typeof pointClaimResponseSchema>;

/** How points moved: earned by settled lottery stakes or casino rounds, spent on a reward. */
export const POINT_MOVE_KINDS = ["lottery", "casino", "claim", "other"] as const;
export const pointMoveKindSchema = z.enum(POINT_MOVE_KINDS);
export type PointMoveKind = z.infer<typeof pointMoveKindSchema>;

/** One movement of the player's points (newest first). */
export const pointHistoryItemSchema = z.object({
  id,
  kind: pointMoveKindSchema,
  /** Signed: positive earned, negative spent. */
  points: money,
  /** Points held right after this movement. */
  point_after: money,
  /** Kyat paid to main (claims only). */
  amount: money.nullable(),
  /** The reward's name (claims only), in `lng` (else Burmese). */
  reward_name: z.string().nullable(),
  created_at: z.string(),
});
export type PointHistoryItem = z.infer<typeof pointHistoryItemSchema>;

/** GET /api/point/history[?lng=] (bearer): one page of the player's point movements, reward names in `lng`. */
export const pointHistoryQuerySchema = z.strictObject({ ...pageQueryShape, lng: textLanguageSchema.optional() });
export const pointHistorySchema = z.object({ data: z.array(pointHistoryItemSchema), next_cursor: nextCursorSchema, point: money });
export type PointHistory = z.infer<typeof pointHistorySchema>;

// ---- Operator console -------------------------------------------------------------------------

/** `name` is the Burmese name (every language falls back to it); `name_translations` the other languages written. */
export const adminPointRewardSchema = pointRewardSchema.extend({
  name_translations: translationsSchema,
  active: z.boolean(),
  sort: z.number().int(),
});
export type AdminPointReward = z.infer<typeof adminPointRewardSchema>;

/** GET /api/admin/points: the earning rate and every reward (active or not). */
export const adminPointsSchema = z.object({ kyat_per_point: z.number().int(), rewards: z.array(adminPointRewardSchema) });
export type AdminPoints = z.infer<typeof adminPointsSchema>;

/** PUT /api/admin/points/rate: kyat of settled stake per point. */
export const pointRateBodySchema = z.strictObject({ kyat_per_point: z.number().int().min(1).max(1_000_000_000) });
export type PointRateBody = z.infer<typeof pointRateBodySchema>;

export const POINT_REWARD_NAME_MAX = 80;
const rewardFields = {
  /** Burmese, required (an empty one is refused with 422 BURMESE_TEXT_REQUIRED). */
  name: text().trim().max(POINT_REWARD_NAME_MAX),
  /** The name in English, Chinese and Thai (an empty one falls back to Burmese). */
  name_translations: localizedTextBodySchema(POINT_REWARD_NAME_MAX).omit({ mm: true }),
  points: amountSchema,
  amount: amountSchema,
  active: z.boolean(),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
};
/** POST /api/admin/points/rewards */
export const createPointRewardBodySchema = z.strictObject({
  ...rewardFields,
  name_translations: rewardFields.name_translations.optional(),
  active: rewardFields.active.optional(),
  sort: rewardFields.sort.optional(),
});
export type CreatePointRewardBody = z.infer<typeof createPointRewardBodySchema>;
/** PUT /api/admin/points/rewards/{id}: any subset (rewards are never deleted: claims point at them). */
export const updatePointRewardBodySchema = z
  .strictObject({
    name: rewardFields.name.optional(),
    name_translations: rewardFields.name_translations.optional(),
    points: rewardFields.points.optional(),
    amount: rewardFields.amount.optional(),
    active: rewardFields.active.optional(),
    sort: rewardFields.sort.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "name at least one field to change" });
export type UpdatePointRewardBody = z.infer<typeof updatePointRewardBodySchema>;
export const pointRewardParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** GET /api/admin/points/payouts?start_date&end_date: claims per Asia/Yangon day and reward. */
export const pointPayoutsQuerySchema = z.strictObject({ start_date: daySchema.optional(), end_date: daySchema.optional() });
export const pointPayoutRowSchema = z.object({
  day: z.string(),
  reward_id: id,
  reward_name: z.string(),
  claims: z.number().int(),
  points: money,
  amount: money,
});
export const pointPayoutsSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  data: z.array(pointPayoutRowSchema),
  total_claims: z.number().int(),
  total_points: money,
  total_amount: money,
});
export type PointPayouts = z.infer<typeof pointPayoutsSchema>;
