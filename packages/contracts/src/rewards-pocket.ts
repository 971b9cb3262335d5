import { POCKET_MAX_AMOUNT, POCKET_MAX_BUDGET } from "@shwe/domain";
import { z } from "zod";
import { daySchema, nextCursorSchema, pageQueryShape } from "./common.ts";

/**
 * Pocket money (domain-rules §7): a daily campaign; an eligible player claims once per day and the
 * server draws the amount. Public: the winners of a day. Bearer: claim and the player's history.
 * Operators: campaigns per day and the re-derivation of any claim's amount.
 */

const money = z.number().int();

/** POST /api/pocket/money/claim (bearer, Idempotency-Key, no body). */
export const pocketClaimResponseSchema = z.object({
  status: z.literal("success"),
  amount: money,
  /** Main balance after the claim. */
  balance: money,
});
export type PocketClaimResponse = z.infer<typeof pocketClaimResponseSchema>;

/** GET /api/pocket/money/winner?date=YYYY-MM-DD (default today, Asia/Yangon). */
export const pocketWinnerQuerySchema = z.strictObject({ date: daySchema.optional() });
export type PocketWinnerQuery = z.infer<typeof pocketWinnerQuerySchema>;

export const pocketWinnerSchema = z.object({
  /** Masked by the server. */
  phone: z.string(),
  promo_amount: money,
  created_at: z.string(),
});
export type PocketWinner = z.infer<typeof pocketWinnerSchema>;

/** Highest amount first. */
export const pocketWinnerListSchema = z.object({
  date: z.string(),
  data: z.array(pocketWinnerSchema),
  /** SHA-256 of the day's secret seed (null when the day has no campaign). */
  commitment: z.string().nullable(),
  /** The seed, revealed once the day is over (null before). */
  seed: z.string().nullable(),
});
export type PocketWinnerList = z.infer<typeof pocketWinnerListSchema>;

/** GET /api/pocket/money/history/user_only: the player's own claims, newest first, one page at a time. */
export const pocketHistoryQuerySchema = z.strictObject(pageQueryShape);
export type PocketHistoryQuery = z.infer<typeof pocketHistoryQuerySchema>;

export const pocketHistoryItemSchema = z.object({ id: money, date: z.string(), amount: money, created_at: z.string() });
export type PocketHistoryItem = z.infer<typeof pocketHistoryItemSchema>;

export const pocketHistorySchema = z.object({ data: z.array(pocketHistoryItemSchema), next_cursor: nextCursorSchema });
export type PocketHistory = z.infer<typeof pocketHistorySchema>;

/** Operator console: a campaign for one Asia/Yangon day (created or replaced). */
export const pocketCampaignBodySchema = z
  .strictObject({
    date: daySchema,
    budget: z.number().int().min(0).max(POCKET_MAX_BUDGET),
    min_amount: z.number().int().min(1).max(POCKET_MAX_AMOUNT),
    max_amount: z.number().int().min(1).max(POCKET_MAX_AMOUNT),
    /** The account level a player needs: 1 (everyone) or 2. */
    min_level: z.union([z.literal(1), z.literal(2)]),
  })
  .refine((b) => b.min_amount <= b.max_amount, { message: "must not be above max_amount", path: ["min_amount"] });
export type PocketCampaignBody = z.infer<typeof pocketCampaignBodySchema>;

export const pocketCampaignSchema = z.object({
  id: money,
  date: z.string(),
  budget: money,
  min_amount: money,
  max_amount: money,
  min_level: z.number().int(),
  /** Paid out so far: number of claims, their total, and what is left of the budget. */
  claims: z.number().int(),
  spent: money,
  remaining: money,
  /** SHA-256 of the day's seed: publishable before the day. */
  commitment: z.string(),
  /** The seed itself, shown once the day is over. */
  seed: z.string().nullable(),
  updated_at: z.string(),
});
export type PocketCampaign = z.infer<typeof pocketCampaignSchema>;

export const pocketCampaignListQuerySchema = z.strictObject({ from: daySchema.optional(), to: daySchema.optional() });
export type PocketCampaignListQuery = z.infer<typeof pocketCampaignListQuerySchema>;

export const pocketCampaignListSchema = z.object({ data: z.array(pocketCampaignSchema) });
export type PocketCampaignList = z.infer<typeof pocketCampaignListSchema>;

/** GET /api/admin/pocket/claims/{id}/verify: a claim's amount re-derived from its stored seed material. */
export const pocketClaimProofSchema = z.object({
  claim_id: money,
  campaign_id: money,
  user_id: money,
  date: z.string(),
  seed: z.string(),
  commitment: z.string(),
  message: z.string(),
  round_message: z.string(),
  hmac: z.string(),
  lower: money,
  upper: money,
  amount: money,
  derived_amount: money,
  /** The seed matches the commitment and gives exactly the stored amount. */
  valid: z.boolean(),
});
export type PocketClaimProof = z.infer<typeof pocketClaimProofSchema>;

export const pocketClaimIdParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** GET /api/admin/pocket/campaigns/{id}/claims: what a campaign paid, highest first. */
export const pocketCampaignClaimsSchema = z.object({
  data: z.array(z.object({ id: money, user_id: money, phone: z.string(), amount: money, created_at: z.string() })),
});
export type PocketCampaignClaims = z.infer<typeof pocketCampaignClaimsSchema>;
