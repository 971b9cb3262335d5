import { z } from "zod";
import { amountSchema, daySchema, nextCursorSchema, pageQueryShape, text } from "./common.ts";
import { lotteryTypeSchema } from "./content.ts";

/**
 * Lottery calls (api.md "Lotteries" and the draw calls of "Operator calls"). Numbers are strings
 * with the game's digits ("7" for 1D, "07" for 2D, "007" for 3D); amounts are whole kyat;
 * timestamps ISO 8601 with offset.
 */

const id = z.number().int();
const money = z.number().int();
const timestamp = z.string();
/** A lottery number as written on a slip; the server checks it against the game (422 INVALID_NUMBER). */
const lotteryNumber = text().max(8);
/** A draw id in a body or query (positive BIGINT that fits a JS number). */
const drawIdInput = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const drawStatusSchema = z.enum(["open", "closed", "resulted", "settled", "void"]);
export const resultSourceSchema = z.enum(["manual", "feed", "fair"]);
/** Path segment of the calls keyed by game (`/api/luckynumber_history/{type}`, `/api/winner_users/{type}`); any case. */
const lotteryTypeParam = z.preprocess((v) => (typeof v === "string" ? v.toUpperCase() : v), lotteryTypeSchema);
export const lotteryTypeParamsSchema = z.strictObject({ type: lotteryTypeParam });

/**
 * A draw (the spec's "section"): one result time of one game. `number` is set once the result is
 * public (settled); `commitment` is the SHA-256 published before a fair draw (null for other sources).
 */
export const drawSchema = z.object({
  id,
  type: lotteryTypeSchema,
  draw_at: timestamp,
  closes_at: timestamp,
  status: drawStatusSchema,
  odds: z.number().int(),
  result_source: resultSourceSchema,
  commitment: z.string().nullable(),
  number: z.string().nullable(),
});

/** GET /api/section (2D), section_1d, section_3d, section_crypton2d, section_crypton1d: open and upcoming draws, earliest first. */
export const sectionResponseSchema = z.object({ data: z.array(drawSchema), server_time: timestamp });

// ---- Betting board -----------------------------------------------------------------------------

/** POST /api/new_two_d, new_one_d, crypto_two_d, crypto_one_d. */
export const boardBodySchema = z.strictObject({ draw_id: drawIdInput });
/** GET /api/three_d?draw_id= */
export const boardQuerySchema = z.strictObject({ draw_id: drawIdInput });

export const boardNumberSchema = z.object({
  number: z.string(),
  /** What the number can still take on this draw, all players together (0 when blocked or full). */
  remaining: money,
  hot: z.boolean(),
  blocked: z.boolean(),
});

/** The game's stake rules, so the board can warn before sending (the server checks them again). */
export const slipLimitsSchema = z.object({
  min_stake: money,
  max_stake: money,
  max_lines: z.number().int(),
  number_cap: money,
  hot_cap: money,
});

export const boardResponseSchema = z.object({
  draw: drawSchema,
  numbers: z.array(boardNumberSchema),
  limits: slipLimitsSchema,
  server_time: timestamp,
});

// ---- Bets --------------------------------------------------------------------------------------

/** At most 1,000 lines ever (3D has 1,000 numbers and a number appears once); the game setting is usually lower. */
export const MAX_SLIP_LINES_HARD = 1000;

export const betLineInputSchema = z.strictObject({ number: lotteryNumber, amount: amountSchema });

/**
 * POST /api/user/betting (2D), betting_1d, betting_3d, betting_c2d, betting_c1d, with an optional
 * Idempotency-Key header. Refusals: 400 VALIDATION_FAILED (empty slip, too many lines, duplicate
 * number, bad amount), 404 DRAW_NOT_FOUND, 422 WRONG_GAME, 422 BETTING_CLOSED, 422 INSUFFICIENT_FUNDS,
 * 422 LINES_REJECTED with details.rejected.
 */
export const betBodySchema = z.strictObject({
  draw_id: drawIdInput,
  lines: z.array(betLineInputSchema).min(1).max(MAX_SLIP_LINES_HARD),
});
export const betResponseSchema = z.object({ slip_id: id, total: money, balance: money });

export const rejectReasonSchema = z.enum(["BLOCKED", "OVER_LIMIT", "BELOW_MIN", "ABOVE_MAX", "INVALID_NUMBER"]);
/** details.rejected of a 422 LINES_REJECTED answer. */
export const rejectedLineSchema = z.object({
  number: z.string(),
  reason: rejectReasonSchema,
  remaining: money.optional(),
});
export const linesRejectedDetailsSchema = z.object({ rejected: z.array(rejectedLineSchema) });

// ---- Results, history, winners ------------------------------------------------------------------

/** GET /api/luckynumber_daily: today's draws of every game (Asia/Yangon day), number null until settled. */
export const luckyDailyItemSchema = z.object({
  type: lotteryTypeSchema,
  draw_id: id,
  draw_at: timestamp,
  number: z.string().nullable(),
  status: drawStatusSchema,
});
export const luckyDailySchema = z.array(luckyDailyItemSchema);

/** GET /api/luckynumber1d: today's 1D draws. */
export const luckyNumber1dSchema = z.object({
  data: z.array(z.object({ draw_id: id, draw_at: timestamp, number: z.string().nullable(), status: drawStatusSchema })),
});

export const luckyHistoryQuerySchema = z.strictObject({
  start_date: daySchema.optional(),
  end_date: daySchema.optional(),
  ...pageQueryShape,
});

/**
 * A 1D / crypto 1D fair number is taken from the 2D / crypto 2D draw at the same time: the number
 * HMAC-SHA256(seed, draw_id of that draw) gives as a 2-digit number, then its last digit.
 */
export const fairDerivedFromSchema = z.object({ draw_id: id, type: lotteryTypeSchema, digit: z.literal("last") });

/**
 * What anyone needs to check a fair draw: SHA-256(seed) = commitment and HMAC-SHA256(seed, draw_id) → number.
 * With `derived_from`, the HMAC message is derived_from.draw_id and the number is the chosen digit of that
 * draw's number. `fallback: "no_source_draw"` marks a 1D / crypto 1D draw that had no fair 2D / crypto 2D
 * draw at the same time, so it was drawn on its own (HMAC-SHA256(seed, draw_id) as a 1-digit number).
 */
export const fairProofSchema = z.object({
  commitment: z.string(),
  seed: z.string(),
  draw_id: id,
  derived_from: fairDerivedFromSchema.optional(),
  fallback: z.literal("no_source_draw").optional(),
});

/** GET /api/luckynumber_history/{type}?start_date&end_date: settled draws, newest first. */
export const luckyHistoryItemSchema = z.object({
  draw_id: id,
  draw_at: timestamp,
  number: z.string(),
  source: resultSourceSchema,
  proof: fairProofSchema.optional(),
  /** Raw values a feed returned (feed source only), so anyone can check the digits. */
  feed_values: z.record(z.string(), z.unknown()).optional(),
});
export const luckyHistorySchema = z.object({ data: z.array(luckyHistoryItemSchema), next_cursor: nextCursorSchema });

/** GET /api/winner_users/{type}?draw_id= (default: the latest settled draw). */
export const winnerQuerySchema = z.strictObject({ draw_id: drawIdInput.optional() });
export const winnerRowSchema = z.object({
  /** Already masked by the server (09*****123). */
  phone: z.string(),
  bet_amount: money,
  win_amount: money,
});
export const winnerListSchema = z.object({
  /** The draw time (ISO) of the section shown, null when the game has no settled draw yet. */
  section: timestamp.nullable(),
  draw_id: id.nullable(),
  lucky_number: z.string().nullable(),
  data: z.array(winnerRowSchema),
});

/** GET /api/lottery/fair/{draw_id}: the commitment before the draw, the full proof after. */
export const fairDrawParamsSchema = z.strictObject({ draw_id: drawIdInput });
export const fairDrawSchema = z.object({
  draw_id: id,
  type: lotteryTypeSchema,
  draw_at: timestamp,
  status: drawStatusSchema,
  commitment: z.string(),
  /** Revealed with the result; null before. */
  seed: z.string().nullable(),
  number: z.string().nullable(),
  /** HMAC-SHA256(seed, draw_id) in hex (null before the reveal), the value the number was read from (HMAC over derived_from.draw_id when set). */
  hmac: z.string().nullable(),
  /** Set for a 1D / crypto 1D draw that shares the commitment of the 2D / crypto 2D draw at the same time. */
  derived_from: fairDerivedFromSchema.optional(),
  /** Set for a 1D / crypto 1D draw drawn on its own because no fair source draw existed. */
  fallback: z.literal("no_source_draw").optional(),
  /** True when the server re-checked the revealed seed against the commitment and the number. */
  verified: z.boolean().nullable(),
});

/** GET /api/user/bet_slip_history_{1d,2d,3d,c1d,c2d}?start_date&end_date: the player's own slips, newest first. */
export const betSlipLineSchema = z.object({
  number: z.string(),
  amount: money,
  odds: z.number().int(),
  status: z.enum(["pending", "won", "lost", "refunded"]),
  win_amount: money,
});
export const betSlipSchema = z.object({
  id,
  draw_id: id,
  draw_at: timestamp,
  draw_status: drawStatusSchema,
  /** The draw's result once settled. */
  result: z.string().nullable(),
  lines: z.array(betSlipLineSchema),
  total: money,
  win_total: money,
  created_at: timestamp,
});
export const betSlipHistorySchema = z.object({ data: z.array(betSlipSchema), next_cursor: nextCursorSchema });

/** Live socket message to every signed-in tab when a draw is settled. */
export const wsResultMessageSchema = z.object({
  type: z.literal("result"),
  lottery: lotteryTypeSchema,
  draw_id: id,
  number: z.string(),
  draw_at: timestamp,
});

// ---- Operator calls ----------------------------------------------------------------------------

export const adminDrawQuerySchema = z.strictObject({
  type: lotteryTypeSchema.optional(),
  status: drawStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export const drawExposureSchema = z.object({
  number: z.string(),
  staked: money,
  lines: z.number().int(),
  /** What the house would pay if this number wins (stakes × their odds). */
  payout: money,
  remaining: money,
  hot: z.boolean(),
  blocked: z.boolean(),
});
export const adminDrawSchema = drawSchema.extend({
  /**
   * The number entered or derived (operators only). A manual entry waiting for its confirmation is
   * shown only to the operator who entered it (null to everyone else, the checker included).
   */
  result: z.string().nullable(),
  feed_values: z.record(z.string(), z.unknown()).nullable(),
  feed_error: z.string().nullable(),
  entered_by: id.nullable(),
  /** Which manual entry of the result this is (1, 2, …; 0 before any): a confirmation is for one entry. */
  result_entry: z.number().int().min(0),
  confirmed_by: id.nullable(),
  void_reason: z.string().nullable(),
  settled_at: timestamp.nullable(),
  total_staked: money,
  line_count: z.number().int(),
  /** Numbers with stakes, highest stake first. */
  exposure: z.array(drawExposureSchema),
});
export const adminDrawListSchema = z.object({ data: z.array(adminDrawSchema) });
export const adminDrawParamsSchema = z.strictObject({ draw_id: drawIdInput });

/** POST /api/admin/draws/{draw_id}/result */
export const drawResultBodySchema = z.strictObject({ number: lotteryNumber });
/**
 * POST /api/admin/draws/{draw_id}/confirm: the number the confirming operator checked (must equal
 * the entered result, else 409 RESULT_MISMATCH) and optionally the entry they reviewed (`result_entry`
 * of the draw; a newer entry answers 409 RESULT_CHANGED).
 */
export const drawConfirmBodySchema = z.strictObject({
  number: lotteryNumber,
  entry: z.number().int().min(1).max(2_147_483_647).optional(),
});
/** POST /api/admin/draws/{draw_id}/void */
export const drawVoidBodySchema = z.strictObject({ reason: text().trim().min(1).max(500) });
export const drawDecisionSchema = z.object({ draw_id: id, status: drawStatusSchema });

/** A game's schedule (lottery_games.schedule): draw days and times in Asia/Yangon. */
export const scheduleSchema = z.strictObject({
  weekdays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
  month_days: z.array(z.number().int().min(1).max(31)).max(31).optional(),
  extra_days: z.array(daySchema).max(400).optional(),
  times: z
    .array(text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM"))
    .min(1)
    .max(48),
  cutoff: z.union([
    z.strictObject({ minutes_before: z.number().int().min(0).max(1440) }),
    z.strictObject({ at: text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM") }),
  ]),
  off_days: z.array(daySchema).max(1000),
});

/** Where a feed game reads its values: an HTTP(S) JSON URL and dotted paths into the answer ("data.0.price"). */
export const feedConfigSchema = z.strictObject({
  url: text().url().max(500).nullable(),
  paths: z.strictObject({
    setIndex: text().min(1).max(200).optional(),
    setValue: text().min(1).max(200).optional(),
    firstPrize: text().min(1).max(200).optional(),
    price: text().min(1).max(200).optional(),
  }),
  timeout_ms: z.number().int().min(500).max(30_000),
});

export const adminLotteryGameSchema = z.object({
  type: lotteryTypeSchema,
  name: z.string(),
  odds: z.number().int(),
  enabled: z.boolean(),
  result_source: resultSourceSchema,
  /** The stored schedule; null when it is unusable (then schedule_error says why and no draws are made). */
  schedule: scheduleSchema.nullable(),
  schedule_error: z.string().nullable(),
  limits: slipLimitsSchema,
  feed: feedConfigSchema,
  next_draw_at: timestamp.nullable(),
});
export const adminLotteryGameListSchema = z.object({ data: z.array(adminLotteryGameSchema) });

/** PUT /api/admin/lottery/{type}: every field optional; odds apply to lines placed afterwards only. */
export const adminLotteryUpdateSchema = z.strictObject({
  name: text().trim().min(1).max(60).optional(),
  odds: z.number().int().min(1).max(100_000).optional(),
  enabled: z.boolean().optional(),
  result_source: resultSourceSchema.optional(),
  schedule: scheduleSchema.optional(),
  min_stake: amountSchema.optional(),
  max_stake: amountSchema.optional(),
  max_lines: z.number().int().min(1).max(MAX_SLIP_LINES_HARD).optional(),
  number_cap: amountSchema.optional(),
  hot_cap: amountSchema.optional(),
});

/** GET /api/admin/lottery/{type}/numbers: numbers marked hot or blocked (every draw of the game). */
export const numberRuleSchema = z.object({ number: z.string(), hot: z.boolean(), blocked: z.boolean() });
export const numberRuleListSchema = z.object({ type: lotteryTypeSchema, data: z.array(numberRuleSchema) });
/** PUT /api/admin/lottery/{type}/numbers: sets hot and/or blocked on the listed numbers (false + false clears them). */
export const numberRuleUpdateSchema = z.strictObject({
  numbers: z.array(lotteryNumber).min(1).max(MAX_SLIP_LINES_HARD),
  hot: z.boolean().optional(),
  blocked: z.boolean().optional(),
});

/** POST /api/admin/lottery/{type}/off-days {day}; DELETE /api/admin/lottery/{type}/off-days/{day}. */
export const offDayBodySchema = z.strictObject({ day: daySchema });
export const offDayParamsSchema = z.strictObject({ type: lotteryTypeParam, day: daySchema });
export const offDaysResponseSchema = z.object({
  type: lotteryTypeSchema,
  off_days: z.array(z.string()),
  /** Draws of that day that had bets and were voided with refunds (adding an off day only). */
  voided_draw_ids: z.array(id),
});

/** GET / PUT /api/admin/lottery/{type}/feed */
export const feedConfigResponseSchema = z.object({ type: lotteryTypeSchema, feed: feedConfigSchema });

export type DrawStatus = z.infer<typeof drawStatusSchema>;
export type ResultSource = z.infer<typeof resultSourceSchema>;
export type Draw = z.infer<typeof drawSchema>;
export type SectionResponse = z.infer<typeof sectionResponseSchema>;
export type BoardNumber = z.infer<typeof boardNumberSchema>;
export type SlipLimits = z.infer<typeof slipLimitsSchema>;
export type BoardResponse = z.infer<typeof boardResponseSchema>;
export type BetLineInput = z.infer<typeof betLineInputSchema>;
export type BetBody = z.infer<typeof betBodySchema>;
export type BetResponse = z.infer<typeof betResponseSchema>;
export type RejectReason = z.infer<typeof rejectReasonSchema>;
export type RejectedLine = z.infer<typeof rejectedLineSchema>;
export type LuckyDailyItem = z.infer<typeof luckyDailyItemSchema>;
export type LuckyHistoryItem = z.infer<typeof luckyHistoryItemSchema>;
export type FairProof = z.infer<typeof fairProofSchema>;
export type FairDerivedFrom = z.infer<typeof fairDerivedFromSchema>;
export type WinnerRow = z.infer<typeof winnerRowSchema>;
export type WinnerList = z.infer<typeof winnerListSchema>;
export type FairDraw = z.infer<typeof fairDrawSchema>;
export type BetSlipLine = z.infer<typeof betSlipLineSchema>;
export type BetSlip = z.infer<typeof betSlipSchema>;
export type WsResultMessage = z.infer<typeof wsResultMessageSchema>;
export type AdminDraw = z.infer<typeof adminDrawSchema>;
export type DrawExposure = z.infer<typeof drawExposureSchema>;
export type Schedule = z.infer<typeof scheduleSchema>;
export type FeedConfig = z.infer<typeof feedConfigSchema>;
export type AdminLotteryGame = z.infer<typeof adminLotteryGameSchema>;
export type AdminLotteryUpdate = z.infer<typeof adminLotteryUpdateSchema>;
export type NumberRule = z.infer<typeof numberRuleSchema>;

/** Path segment of each game in the player calls: betting_1d, bet_slip_history_c2d, … */
export const LOTTERY_PATHS = {
  "1D": { section: "section_1d", board: "new_one_d", bet: "user/betting_1d", history: "user/bet_slip_history_1d" },
  "2D": { section: "section", board: "new_two_d", bet: "user/betting", history: "user/bet_slip_history_2d" },
  "3D": { section: "section_3d", board: "three_d", bet: "user/betting_3d", history: "user/bet_slip_history_3d" },
  C1D: { section: "section_crypton1d", board: "crypto_one_d", bet: "user/betting_c1d", history: "user/bet_slip_history_c1d" },
  C2D: { section: "section_crypton2d", board: "crypto_two_d", bet: "user/betting_c2d", history: "user/bet_slip_history_c2d" },
} as const;
