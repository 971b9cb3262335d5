import { z } from "zod";
import { promoCodeInputSchema } from "./wallet.ts";

/**
 * Promo codes as admins run them (console → Promo codes): the bonus (a percent of the cash-in,
 * optionally capped), the turnover rule, limits on uses in total and per player, and a schedule.
 * Players type the code on the cash-in form; the bonus goes to the game balance on approval.
 */

const percent = z.number().int().min(1).max(1_000);
const multiplier = z.number().int().min(0).max(100);
const cap = z.number().int().min(1).max(1_000_000_000);
const uses = z.number().int().min(1).max(10_000_000);
const EARLIEST = Date.parse("2000-01-01T00:00:00Z");
const LATEST = Date.parse("2100-01-01T00:00:00Z");
/** A start or end: an ISO instant with its offset, in this century (anything else is a typing mistake). */
const instant = z.iso.datetime({ offset: true }).refine((s) => {
  const t = Date.parse(s);
  return t >= EARLIEST && t < LATEST;
}, "must be between the years 2000 and 2099");

/** Where a code stands now: not started yet, taking cash-ins, every use taken, or over (ended or past its end). */
export const promoCodeStateSchema = z.enum(["scheduled", "running", "used_up", "ended"]);

export const adminPromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  percent: z.number().int(),
  max_bonus: z.number().int().nullable(),
  turnover_multiplier: z.number().int(),
  max_uses: z.number().int().nullable(),
  max_uses_per_player: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  active: z.boolean(),
  state: promoCodeStateSchema,
  /** Approved cash-ins that were paid the bonus, and requests with the code still waiting. */
  uses: z.number().int(),
  pending: z.number().int(),
  created_at: z.string(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;

/** GET /api/admin/promo-codes: every code, newest first. */
export const adminPromoCodesSchema = z.object({ data: z.array(adminPromoCodeSchema) });
export type AdminPromoCodes = z.infer<typeof adminPromoCodesSchema>;

const startBeforeEnd = (b: { starts_at?: string | null | undefined; ends_at?: string | null | undefined }) =>
  !b.starts_at || !b.ends_at || Date.parse(b.starts_at) < Date.parse(b.ends_at);
const scheduleIssue = { message: "starts_at must be before ends_at", path: ["ends_at"] };

/** POST /api/admin/promo-codes (admins): a new code; limits and schedule are optional. */
export const createPromoCodeBodySchema = z
  .strictObject({
    code: promoCodeInputSchema,
    percent,
    max_bonus: cap.nullish(),
    turnover_multiplier: multiplier,
    max_uses: uses.nullish(),
    max_uses_per_player: uses.nullish(),
    starts_at: instant.nullish(),
    ends_at: instant.nullish(),
  })
  .refine(startBeforeEnd, scheduleIssue);
export type CreatePromoCodeBody = z.infer<typeof createPromoCodeBodySchema>;

/** PUT /api/admin/promo-codes/{id} (admins): any of the fields (null removes a cap, limit or date); the code itself stays. */
export const updatePromoCodeBodySchema = z
  .strictObject({
    percent: percent.optional(),
    max_bonus: cap.nullable().optional(),
    turnover_multiplier: multiplier.optional(),
    max_uses: uses.nullable().optional(),
    max_uses_per_player: uses.nullable().optional(),
    starts_at: instant.nullable().optional(),
    ends_at: instant.nullable().optional(),
    active: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, "must change at least one field")
  .refine(startBeforeEnd, scheduleIssue);
export type UpdatePromoCodeBody = z.infer<typeof updatePromoCodeBodySchema>;

export const promoCodeParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
