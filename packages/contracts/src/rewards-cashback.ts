import { z } from "zod";
import { nextCursorSchema, pageQueryShape } from "./common.ts";

/** Weekly cashback into the claimable balance (p_balance) and its Claim (domain-rules §7). */
const id = z.number().int();
const money = z.number().int();
const timestamp = z.string();
const day = z.string();

/** POST /api/promotion/claim (bearer, Idempotency-Key): no body, or an empty object. */
export const promotionClaimBodySchema = z.strictObject({}).nullish();
/** The claimed amount moved from p_balance to the main balance, and both balances after. */
export const promotionClaimResponseSchema = z.object({
  message: z.string(),
  amount: money,
  balance: money,
  p_balance: money,
});
export type PromotionClaimResponse = z.infer<typeof promotionClaimResponseSchema>;

/** GET /api/promotion/claim/history: one page, newest first. */
export const promotionHistoryQuerySchema = z.strictObject(pageQueryShape);
export const promotionHistoryItemSchema = z.object({
  id,
  /** cashback: a weekly credit to p_balance; claim: p_balance moved to the main balance. */
  kind: z.enum(["cashback", "claim"]),
  /** Always positive: the amount credited or claimed. */
  amount: money,
  /** p_balance right after this movement. */
  p_balance_after: money,
  /** The Monday (Asia/Yangon) of the week a cashback is for; null for a claim. */
  week_start: day.nullable(),
  created_at: timestamp,
});
export const promotionHistorySchema = z.object({ data: z.array(promotionHistoryItemSchema), next_cursor: nextCursorSchema });
export type PromotionHistory = z.infer<typeof promotionHistorySchema>;
export type PromotionHistoryItem = z.infer<typeof promotionHistoryItemSchema>;

/** Operator console: the cashback percentage (0–100, two decimals at most). */
export const cashbackPercentSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "must have at most two decimals");
export const cashbackPercentBodySchema = z.strictObject({ percent: cashbackPercentSchema });

export const cashbackWeekSchema = z.object({
  week_start: day,
  /** The last day (Sunday) of the week. */
  week_end: day,
  percent: z.number(),
  players: z.number().int(),
  total: money,
  started_at: timestamp,
  finished_at: timestamp.nullable(),
});
export type CashbackWeek = z.infer<typeof cashbackWeekSchema>;

/** GET /api/admin/rewards/cashback: settings and what each processed week paid out, newest first. */
export const adminCashbackSchema = z.object({
  percent: z.number(),
  is_maintain: z.enum(["0", "1"]),
  /** The latest closed week (YYYY-MM-DD Monday); weeks are processed an hour after they close. */
  last_closed_week: day,
  weeks: z.array(cashbackWeekSchema),
});
export type AdminCashback = z.infer<typeof adminCashbackSchema>;
