import { hasNoControlCharacters, isoInstant, MAX_AMOUNT, type TextFieldRule } from "@shwe/domain";
import { z } from "zod";

/** The error body of every non-2xx answer (api.md). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A whole, positive kyat amount up to the contract's cap (never a float, string or huge number). */
export const amountSchema = z.number().int().min(1).max(MAX_AMOUNT);

/** The control-character rule lives with the other field rules in the domain (text-fields.ts). */
export { hasNoControlCharacters };

export const CONTROL_CHARACTER_MESSAGE = "must not contain control characters (such as NUL) or broken characters";

/**
 * Every text a client sends (body, query, path, multipart field). NUL and the other C0 control
 * characters are refused with 400 naming the field: PostgreSQL cannot store a NUL, and no field
 * needs the others (tab, line feed and carriage return stay allowed). Chain the field's own rules
 * after it: `text().trim().min(1).max(60)`.
 */
export function text() {
  return z.string().refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE);
}

/**
 * A text field of one of the domain's rules (text-fields.ts: the name, the passwords), which the web
 * forms check with `textProblem`: `text()`, trimmed when the rule says so, `min` to `max` characters.
 */
export function textField(rule: TextFieldRule, messages: { min?: string; max?: string } = {}) {
  return (rule.trim ? text().trim() : text()).min(rule.min, messages.min).max(rule.max, messages.max);
}

/** The days a date field accepts: anything outside is a typing mistake, not a real query. */
export const FIRST_DAY = "2000-01-01";
export const LAST_DAY = "2100-12-31";

/** True for a YYYY-MM-DD that is a real calendar day between FIRST_DAY and LAST_DAY. */
export function isUsableDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < FIRST_DAY || value > LAST_DAY) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && isoInstant(time).startsWith(value);
}

/** YYYY-MM-DD (an Asia/Yangon day), a real calendar day from FIRST_DAY to LAST_DAY. */
export const daySchema = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD")
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && isoInstant(Date.parse(`${s}T00:00:00Z`)).startsWith(s),
    "is not a real date",
  )
  .refine((s) => s >= FIRST_DAY && s <= LAST_DAY, `must be between ${FIRST_DAY} and ${LAST_DAY}`);

export const dateRangeQuerySchema = z.strictObject({
  start_date: daySchema.optional(),
  end_date: daySchema.optional(),
});

/** Rows of one history page: `limit` asks for 1–200 (default 50). */
export const HISTORY_PAGE_DEFAULT = 50;
export const HISTORY_PAGE_MAX = 200;

/**
 * Keyset paging of a history (newest first): `cursor` is the `next_cursor` of the previous page,
 * opaque to clients; a malformed one is refused with 400.
 */
export const pageQueryShape = {
  cursor: text().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).optional(),
};

/** A history in a range of Asia/Yangon days, one page at a time. */
export const historyQuerySchema = dateRangeQuerySchema.extend(pageQueryShape);
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** The cursor of the next page, or null on the last page. */
export const nextCursorSchema = z.string().nullable();

/** Idempotency-Key header value (api.md: 1–64 characters). */
export const idempotencyKeySchema = text().min(1).max(64);

export const roleSchema = z.enum(["player", "operator", "admin"]);

export const profileSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  user_code: z.string(),
  referral_code: z.string(),
  role: roleSchema,
  lvl_2: z.union([z.literal(1), z.literal(2)]),
  lvl_2_status: z.enum(["none", "pending", "approved", "rejected"]),
  lvl_2_reason: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
  balance: z.number().int(),
  game_balance: z.number().int(),
  point: z.number().int(),
  p_balance: z.number().int(),
  turnover: z.number().int(),
  refer_count: z.number().int(),
  game_refer_amt: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

export const messageSchema = z.object({ message: z.string() });
