import { MAX_AMOUNT } from "@shwe/domain";
import { z } from "zod";
import { daySchema, historyQuerySchema, nextCursorSchema, pageQueryShape, text } from "./common.ts";

/**
 * Casino games from providers (api.md "Provider wallet API", domain-rules §6, docs/provider-wallet.md):
 * the signed wallet API the providers call, game launch, game reports and the referral share.
 */

const id = z.number().int();
const money = z.number().int();
const timestamp = z.string();

// ---- Provider wallet API (called by game providers) --------------------------------------------

export const PROVIDER_WALLET_ACTIONS = ["balance", "debit", "credit", "rollback"] as const;
export const providerWalletActionSchema = z.enum(PROVIDER_WALLET_ACTIONS);
export type ProviderWalletAction = z.infer<typeof providerWalletActionSchema>;

/** Headers every wallet call carries: unix seconds, and lowercase hex HMAC-SHA256(secret, `${ts}.${raw body}`). */
export const PROVIDER_TIMESTAMP_HEADER = "x-timestamp";
export const PROVIDER_SIGNATURE_HEADER = "x-signature";
/** A timestamp further than this from the server clock is refused as INVALID_SIGNATURE. */
export const PROVIDER_SIGNATURE_WINDOW_SECONDS = 300;

export const PROVIDER_WALLET_STATUSES = [
  "OK",
  "INVALID_SIGNATURE",
  "INVALID_REQUEST",
  "UNKNOWN_PLAYER",
  "INSUFFICIENT_FUNDS",
  "DUPLICATE_TRANSACTION",
  "TRANSACTION_NOT_FOUND",
  "ALREADY_SETTLED",
  "ALREADY_ROLLED_BACK",
  "PLAYER_BLOCKED",
  "PROVIDER_DISABLED",
] as const;
export const providerWalletStatusSchema = z.enum(PROVIDER_WALLET_STATUSES);
export type ProviderWalletStatus = z.infer<typeof providerWalletStatusSchema>;

export const providerCreditKindSchema = z.enum(["win", "bonus", "jackpot"]);
export type ProviderCreditKind = z.infer<typeof providerCreditKindSchema>;

/** Ids chosen by the provider: printable ASCII without spaces, 1–100 characters. */
export const providerIdSchema = text()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces");
const walletAmount = z.number().int().min(0).max(MAX_AMOUNT);

/**
 * The body of every wallet call (one shape for all actions; which fields are required depends on the
 * action, see providerWalletRequestFor). Unknown fields are refused (INVALID_REQUEST).
 */
export const providerWalletBodySchema = z.strictObject({
  /** The player's user_code. */
  player: text()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, "must be a user code"),
  transaction_id: providerIdSchema.optional(),
  round_id: providerIdSchema.optional(),
  game_code: providerIdSchema.optional(),
  amount: walletAmount.optional(),
  reference_transaction_id: providerIdSchema.optional(),
  kind: providerCreditKindSchema.optional(),
});
export type ProviderWalletBody = z.infer<typeof providerWalletBodySchema>;

/** balance: player only (a transaction_id is accepted and echoed, nothing is recorded under it). */
export const providerBalanceRequestSchema = providerWalletBodySchema;
/** debit (a bet): transaction_id, round_id and a positive amount; game_code recommended. */
export const providerDebitRequestSchema = providerWalletBodySchema.extend({
  transaction_id: providerIdSchema,
  round_id: providerIdSchema,
  amount: walletAmount.min(1),
});
/**
 * credit (the round's result): transaction_id and round_id of a bet already debited. amount ≥ 0; a
 * credit of 0 closes a round the player lost. kind defaults to "win".
 */
export const providerCreditRequestSchema = providerWalletBodySchema.extend({
  transaction_id: providerIdSchema,
  round_id: providerIdSchema,
  amount: walletAmount,
});
/** rollback: transaction_id, and the debit it cancels in reference_transaction_id. No amount (the debit's is used). */
export const providerRollbackRequestSchema = providerWalletBodySchema.extend({
  transaction_id: providerIdSchema,
  reference_transaction_id: providerIdSchema,
});

export const providerWalletRequestSchemas = {
  balance: providerBalanceRequestSchema,
  debit: providerDebitRequestSchema,
  credit: providerCreditRequestSchema,
  rollback: providerRollbackRequestSchema,
} as const;

/** Always HTTP 200. balance is the player's game balance (absent when the player is unknown or the signature bad). */
export const providerWalletAnswerSchema = z.object({
  status: providerWalletStatusSchema,
  balance: money.optional(),
  /** The provider's transaction_id of the call, echoed. */
  transaction_id: z.string().optional(),
});
export type ProviderWalletAnswer = z.infer<typeof providerWalletAnswerSchema>;

// ---- Game launch --------------------------------------------------------------------------------

const codeSchema = text().trim().min(1).max(64);
/** Category id, as the catalogue's cate_code (a string) or a number. */
const cateCodeSchema = z.union([codeSchema, z.number().int().min(0).max(2_147_483_647)]).transform((v) => String(v));

/**
 * POST /api/getgamelaunch (bearer) — also GET with the same fields as query. The game always launches
 * for the signed-in player; a user_code naming anyone else is refused (403).
 */
export const gameLaunchBodySchema = z.strictObject({
  p_code: codeSchema,
  cate_code: cateCodeSchema,
  g_code: codeSchema,
  user_code: text().trim().min(1).max(64).optional(),
  language: z.enum(["mm", "en", "cn", "thai"]).optional(),
});
export type GameLaunchBody = z.input<typeof gameLaunchBodySchema>;
/** The URL to open in the game overlay (site-relative for built-in games, absolute for aggregators). */
export const gameLaunchResponseSchema = z.object({ Url: z.string() });
export type GameLaunchResponse = z.infer<typeof gameLaunchResponseSchema>;

// ---- Game reports -------------------------------------------------------------------------------

export const roundStatusSchema = z.enum(["open", "settled", "rolled_back"]);
export type RoundStatus = z.infer<typeof roundStatusSchema>;

/**
 * One round (wager) of the player's: before_balance is the game balance before its first bet, balance
 * the game balance after its last movement; win_lose = payout_amount − bet_amount.
 */
export const gameReportItemSchema = z.object({
  id,
  wager_id: z.string(),
  p_code: z.string(),
  before_balance: money,
  balance: money,
  slip_game: z.object({ name: z.string(), g_code: z.string().nullable() }),
  bet_amount: money,
  /** Stake that counts for turnover and referral (0 until settled; 0 for a rolled-back round). */
  valid_bet_amount: money,
  payout_amount: money,
  win_lose: money,
  status: roundStatusSchema,
  created_at: timestamp,
  settled_at: timestamp.nullable(),
});
export type GameReportItem = z.infer<typeof gameReportItemSchema>;

/** GET /api/game/report/{p_code}?start_date&end_date (bearer): the player's own rounds, newest first. */
export const gameReportQuerySchema = historyQuerySchema;
export const gameReportParamsSchema = z.strictObject({ p_code: codeSchema });
export const gameReportSchema = z.object({ data: z.array(gameReportItemSchema), next_cursor: nextCursorSchema });
export type GameReport = z.infer<typeof gameReportSchema>;

/** GET /api/transition/details?p_code=&start_date&end_date (bearer): the same rows as the game report. */
export const transitionDetailsQuerySchema = z.strictObject({
  p_code: codeSchema,
  start_date: daySchema.optional(),
  end_date: daySchema.optional(),
  ...pageQueryShape,
});

/** GET /api/transition/history?start_date&end_date (bearer): the player's rounds summed per provider. */
export const transitionHistoryItemSchema = z.object({
  p_code: z.string(),
  name: z.string(),
  bets: z.number().int(),
  bet_amount: money,
  valid_bet_amount: money,
  payout_amount: money,
  win_lose: money,
});
export type TransitionHistoryItem = z.infer<typeof transitionHistoryItemSchema>;
export const transitionHistorySchema = z.object({ data: z.array(transitionHistoryItemSchema) });

// ---- Referral share -----------------------------------------------------------------------------

/** POST /api/user/claim_game_refer_amt (bearer, Idempotency-Key accepted): the whole referral balance → main. */
export const claimGameReferBodySchema = z.strictObject({}).nullish();
export const claimGameReferResponseSchema = z.object({
  message: z.string(),
  amount: money,
  balance: money,
  game_refer_amt: money,
});
export type ClaimGameReferResponse = z.infer<typeof claimGameReferResponseSchema>;

/** GET /api/user/my_referral_his (bearer): the player's referees (phones masked) and the share each earned. */
export const myReferralItemSchema = z.object({
  id,
  /** Masked (spec §5): only the last three digits are shown. */
  phone: z.string(),
  joined_at: timestamp,
  share_earned: money,
});
export const myReferralHistoryQuerySchema = z.strictObject(pageQueryShape);
export const myReferralHistorySchema = z.object({
  data: z.array(myReferralItemSchema),
  next_cursor: nextCursorSchema,
  refer_count: z.number().int(),
  total_earned: money,
  game_refer_amt: money,
});
export type MyReferralItem = z.infer<typeof myReferralItemSchema>;
export type MyReferralHistory = z.infer<typeof myReferralHistorySchema>;
