import { z } from "zod";

/** The error body of every non-2xx answer (api.md). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A whole, positive kyat amount up to the contract's cap (never a float, string or huge number). */
export const amountSchema = z.number().int().min(1).max(10_000_000_000);

/** YYYY-MM-DD (an Asia/Yangon day). */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD")
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    "is not a real date",
  );

export const dateRangeQuerySchema = z.strictObject({
  start_date: daySchema.optional(),
  end_date: daySchema.optional(),
});

/** Idempotency-Key header value (api.md: 1–64 characters). */
export const idempotencyKeySchema = z.string().min(1).max(64);

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
