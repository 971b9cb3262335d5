import { z } from "zod";

// ---- The markets behind the 2D games, as they move (issue 25) ----------------------------------

/**
 * The two markets read live: `set` (the Thai SET index and value, behind 2D and 1D) and `crypto`
 * (the BTC/USDT price, behind crypto 2D and crypto 1D). A running number is information only: the
 * result of a draw still comes from the game's result rules.
 */
export const MARKETS = ["set", "crypto"] as const;
export const marketSchema = z.enum(MARKETS);
export type Market = z.infer<typeof marketSchema>;

/** Where the market is in its day, in Asia/Yangon time. */
export const MARKET_STATUSES = ["opening_soon", "open", "lunch_break", "closed", "holiday"] as const;
export const marketStatusSchema = z.enum(MARKET_STATUSES);
export type MarketStatus = z.infer<typeof marketStatusSchema>;

/** A decimal as the market prints it with two decimals ("1234.56"); a change carries its sign ("+1.20", "-0.05"). */
const decimal = z.string().regex(/^[0-9]+\.[0-9]{2}$/);
const signedDecimal = z.string().regex(/^[+-][0-9]+\.[0-9]{2}$/);
const twoDigits = z.string().regex(/^[0-9]{2}$/);
const oneDigit = z.string().regex(/^[0-9]$/);

/** The values of one reading: SET index and value (set) or the price (crypto), each with its change since the reading before. */
export const marketValuesSchema = z.object({
  set_index: decimal.nullable(),
  set_value: decimal.nullable(),
  price: decimal.nullable(),
  change: z.object({ set_index: signedDecimal.nullable(), set_value: signedDecimal.nullable(), price: signedDecimal.nullable() }),
});

/** One reading of the market's feed: its values and the running numbers derived by the result rules. */
export const marketTickSchema = marketValuesSchema.extend({
  at: z.string(),
  /** The running 2D number (2D or crypto 2D) from these values. */
  two_d: twoDigits,
  /** The running 1D number (1D or crypto 1D) from these values. */
  one_d: oneDigit,
});
export type MarketTick = z.infer<typeof marketTickSchema>;

/** A marked time of the day and its number, once known (12:01 and 16:30 are the draws' results). */
export const marketMarkSchema = z.object({
  time: z.string().regex(/^\d{2}:\d{2}$/),
  two_d: twoDigits.nullable(),
  /** "result": the draw's settled number; "feed": the running number read at that time. */
  source: z.enum(["result", "feed"]).nullable(),
});

/** GET /api/market/{market}: the market now (public, cached like other public answers). */
export const marketNowSchema = z.object({
  market: marketSchema,
  day: z.string(),
  status: marketStatusSchema,
  /** True when the last reading of an open market failed (timeout, junk): the numbers shown are older. */
  delayed: z.boolean(),
  /** Milliseconds between readings while open. */
  interval_ms: z.number().int().min(1),
  /** The trading sessions of the day, Yangon time. */
  sessions: z.array(z.object({ open: z.string(), close: z.string() })),
  latest: marketTickSchema.nullable(),
  marks: z.array(marketMarkSchema),
  /** The server's time of this answer. */
  now: z.string(),
});
export type MarketNow = z.infer<typeof marketNowSchema>;

export const marketParamsSchema = z.object({ market: marketSchema });

/** The socket message of a reading, to every socket, visitors too. `tick` null when the reading failed (status delayed). */
export const wsMarketTickMessageSchema = z.object({
  type: z.literal("market_tick"),
  market: marketSchema,
  status: marketStatusSchema,
  delayed: z.boolean(),
  tick: marketTickSchema.nullable(),
});
export type WsMarketTickMessage = z.infer<typeof wsMarketTickMessageSchema>;

/** Whether no two sessions overlap (one may open when the one before closes). */
function apart(sessions: { open: string; close: string }[]): boolean {
  const sorted = [...sessions].sort((a, b) => (a.open < b.open ? -1 : a.open > b.open ? 1 : 0));
  let close = "";
  for (const s of sorted) {
    if (s.open < close) return false;
    close = s.close;
  }
  return true;
}

/** Per-market settings: whether it is read, how often, its sessions (Yangon time). */
export const marketSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  interval_ms: z.number().int().min(1000).max(60_000),
  sessions: z
    .array(
      z
        .strictObject({
          open: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
          close: z.string().regex(/^(?:([01]\d|2[0-3]):[0-5]\d|24:00)$/),
        })
        .refine((s) => s.open < s.close, "A session must open before it closes."),
    )
    .min(1)
    .max(4)
    .refine(apart, "Trading sessions must not overlap."),
  /** Minutes before the first session the status reads "opening soon". */
  opening_soon_minutes: z.number().int().min(0).max(720),
});
export type MarketSettings = z.infer<typeof marketSettingsSchema>;

/** The market's last finished reading as the console shows it: when, and whether it was read (ok) or failed (delayed, with why). */
export const marketLastReadingSchema = z.object({
  at: z.string(),
  status: z.enum(["ok", "delayed"]),
  /** Why the reading failed (timeout, junk), null when it was read. */
  error: z.string().nullable(),
  two_d: twoDigits.nullable(),
});
export type MarketLastReading = z.infer<typeof marketLastReadingSchema>;

/** GET and PUT /api/admin/market/{market}: the settings, where the market is now and its last reading (today's, Yangon time). */
export const marketSettingsResponseSchema = z.object({
  market: marketSchema,
  settings: marketSettingsSchema,
  status: marketStatusSchema,
  last_reading: marketLastReadingSchema.nullable(),
});
export type MarketSettingsResponse = z.infer<typeof marketSettingsResponseSchema>;
