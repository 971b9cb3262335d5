import { z } from "zod";
import { daySchema, FIRST_DAY, LAST_DAY, text } from "./common.ts";
import { lotteryTypeSchema } from "./content.ts";

/**
 * Past results by month, number statistics (public, cached like the other lottery pages) and the
 * market holiday import of the console. Days are Asia/Yangon days.
 */

const lotteryTypeParam = z.preprocess((v) => (typeof v === "string" ? v.toUpperCase() : v), lotteryTypeSchema);
/** YYYY-MM, a month of the days the site knows (FIRST_DAY to LAST_DAY). */
const [FIRST_MONTH, LAST_MONTH] = [FIRST_DAY.slice(0, 7), LAST_DAY.slice(0, 7)];
const monthSchema = text()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be YYYY-MM")
  .refine((s) => s >= FIRST_MONTH && s <= LAST_MONTH, `must be between ${FIRST_MONTH} and ${LAST_MONTH}`);

/** GET /api/lottery/results/{type}?month=YYYY-MM (default: this month). */
export const resultsMonthParamsSchema = z.strictObject({ type: lotteryTypeParam });
export const resultsMonthQuerySchema = z.strictObject({ month: monthSchema.optional() });

/** The market values behind a result that came from a feed (as the feed wrote them). */
export const resultFeedSchema = z.object({
  set_index: z.string().optional(),
  set_value: z.string().optional(),
  first_prize: z.string().optional(),
  price: z.string().optional(),
});

export const monthResultSchema = z.object({
  draw_id: z.number().int(),
  draw_at: z.string(),
  /** The Asia/Yangon day of the draw, YYYY-MM-DD. */
  day: z.string(),
  /** The draw's Asia/Yangon time, HH:MM. */
  time: z.string(),
  number: z.string(),
  source: z.enum(["manual", "feed", "fair"]),
  /** Present when the result came from a feed. */
  feed: resultFeedSchema.optional(),
});

export const resultsMonthSchema = z.object({
  type: lotteryTypeSchema,
  month: z.string(),
  /** Settled draws of the month, earliest first. */
  results: z.array(monthResultSchema),
  /** The game's off days (holidays) in the month. */
  off_days: z.array(z.string()),
});

/** GET /api/lottery/stats/{type}?days=30|90 (default 30). */
export const numberStatsParamsSchema = z.strictObject({ type: lotteryTypeParam });
export const numberStatsQuerySchema = z.strictObject({
  days: z.preprocess((v) => (typeof v === "string" ? Number(v) : v), z.union([z.literal(30), z.literal(90)])).optional(),
});

/** How often a number (or a head or tail digit) came in the window, and how long ago it last did. */
export const numberStatSchema = z.object({
  number: z.string(),
  hits: z.number().int(),
  last_draw_at: z.string().nullable(),
  /** Settled draws of the window after its last hit (all of them when it never came). */
  draws_since: z.number().int(),
});

export const numberStatsSchema = z.object({
  type: lotteryTypeSchema,
  days: z.number().int(),
  /** The window: settled draws at or after `from` (the start of the first Asia/Yangon day). */
  from: z.string(),
  /** Settled draws in the window. */
  draws: z.number().int(),
  /** Every number of the game (3D: the numbers that came). */
  numbers: z.array(numberStatSchema),
  /** First digit of the number (2D, 3D, crypto 2D). */
  heads: z.array(numberStatSchema),
  /** Last digit of the number. */
  tails: z.array(numberStatSchema),
  /** Most frequent numbers, most first (ties: the latest hit first). */
  hot: z.array(z.string()),
  /** Least frequent numbers, fewest first (ties: the longest absent first). */
  cold: z.array(z.string()),
});

/** POST /api/admin/lottery/markets/{market}/holidays: a holiday file, previewed (apply false) or applied. */
export const holidayMarketSchema = z.enum(["SET"]);
export const holidayImportParamsSchema = z.strictObject({
  market: z.preprocess((v) => (typeof v === "string" ? v.toUpperCase() : v), holidayMarketSchema),
});
export const holidayImportBodySchema = z.strictObject({
  file_name: text().max(200).optional(),
  /** The file's bytes, base64 (a file over 64 KB is refused by the reader with FILE_TOO_LARGE). */
  content_base64: z
    .string()
    .max(200_000)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64"),
  apply: z.boolean(),
});

export const holidayImportRowSchema = z.object({
  day: daySchema,
  name: z.string(),
  line: z.number().int(),
  /** Games of the market for which the day is not an off day yet. */
  new_for: z.array(lotteryTypeSchema),
  /** Draws of those games that day that already have bets (voided with refunds when applied). */
  draws_with_bets: z.number().int(),
});

export const holidayImportResultSchema = z.object({
  market: holidayMarketSchema,
  games: z.array(lotteryTypeSchema),
  holidays: z.array(holidayImportRowSchema),
  applied: z.boolean(),
  voided_draw_ids: z.array(z.number().int()),
});

export type ResultsMonth = z.infer<typeof resultsMonthSchema>;
export type MonthResult = z.infer<typeof monthResultSchema>;
export type NumberStat = z.infer<typeof numberStatSchema>;
export type NumberStats = z.infer<typeof numberStatsSchema>;
export type HolidayMarket = z.infer<typeof holidayMarketSchema>;
export type HolidayImportBody = z.infer<typeof holidayImportBodySchema>;
export type HolidayImportResult = z.infer<typeof holidayImportResultSchema>;

/** POST /api/admin/lottery/{type}/moved-days: a draw day moved (3D: a Thai Government Lottery date moved around a holiday). */
export const movedDayBodySchema = z.strictObject({ from: daySchema, to: daySchema });
export const movedDayResponseSchema = z.object({
  type: lotteryTypeSchema,
  off_days: z.array(z.string()),
  extra_days: z.array(z.string()),
  /** Draws of the day moved from that had bets, voided with refunds. */
  voided_draw_ids: z.array(z.number().int()),
});
export type MovedDayResponse = z.infer<typeof movedDayResponseSchema>;
