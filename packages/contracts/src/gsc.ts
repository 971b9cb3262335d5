import { z } from "zod";
import { daySchema } from "./common.ts";

/** The console's GSC+ calls (admin): catalogue sync and the daily wager reconciliation. */

export const gscSyncChangeSchema = z.object({
  target: z.enum(["provider", "game"]),
  p_code: z.string(),
  g_code: z.string().optional(),
  change: z.enum(["added", "name", "image", "active", "maintenance", "unlisted", "kept"]),
  field: z.string().optional(),
  from: z.union([z.string(), z.boolean()]).optional(),
  to: z.union([z.string(), z.boolean()]).optional(),
});
export type GscSyncChange = z.infer<typeof gscSyncChangeSchema>;

export const gscSyncReportSchema = z.object({
  products_added: z.number().int(),
  products_updated: z.number().int(),
  products_unlisted: z.number().int(),
  games_added: z.number().int(),
  games_updated: z.number().int(),
  games_unlisted: z.number().int(),
  operator_changes_kept: z.number().int(),
  skipped: z.array(z.object({ product_code: z.number().int(), reason: z.string() })),
  changes: z.array(gscSyncChangeSchema),
  changes_total: z.number().int(),
});
export type GscSyncReport = z.infer<typeof gscSyncReportSchema>;

export const gscStatusSchema = z.object({
  /** True in demo mode: the built-in simulator plays the aggregator. */
  simulated: z.boolean(),
  operator_code: z.string(),
  /** The callback base URL to hand the aggregator (the site's origin followed by the callback prefix). */
  callback_base_url: z.string(),
  products: z.number().int(),
  last_sync: z.object({ finished_at: z.string(), report: gscSyncReportSchema.nullable() }).nullable(),
});
export type GscStatus = z.infer<typeof gscStatusSchema>;

export const gscReconcileSummarySchema = z.object({
  day: daySchema,
  windows: z.number().int(),
  theirs: z.number().int(),
  ours: z.number().int(),
  matched: z.number().int(),
  mismatched: z.number().int(),
  missing_ours: z.number().int(),
  missing_theirs: z.number().int(),
  amount: z.number().int(),
  status: z.number().int(),
});
export type GscReconcileSummary = z.infer<typeof gscReconcileSummarySchema>;

export const gscMismatchSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["missing_ours", "missing_theirs", "amount", "status"]),
  wager_code: z.string(),
  member_account: z.string().nullable(),
  product_code: z.number().int().nullable(),
  /** Our record (provider round) and the aggregator's wager row, as they were compared. */
  ours: z.unknown(),
  theirs: z.unknown(),
});
export type GscMismatch = z.infer<typeof gscMismatchSchema>;

export const gscReconciliationSchema = z.object({
  day: daySchema,
  run: z
    .object({
      started_at: z.string(),
      finished_at: z.string().nullable(),
      error: z.string().nullable(),
      summary: gscReconcileSummarySchema.nullable(),
    })
    .nullable(),
  mismatches: z.array(gscMismatchSchema),
});
export type GscReconciliation = z.infer<typeof gscReconciliationSchema>;

export const gscDayQuerySchema = z.object({ day: daySchema });
export const gscReconcileBodySchema = z.object({ day: daySchema });

/** GET /api/admin/gsc/debts: players who owe the house after an overdrawing correction (decision 0015), largest first. */
export const gscDebtSchema = z.object({
  user_id: z.number().int(),
  user_code: z.string(),
  /** The debt in kyat, exact (up to 4 decimals). */
  debt: z.number(),
  since: z.string().nullable(),
});
export type GscDebt = z.infer<typeof gscDebtSchema>;

export const gscDebtsSchema = z.object({
  /** The sum of the listed debts in kyat, exact. */
  total: z.number(),
  debts: z.array(gscDebtSchema),
});
export type GscDebts = z.infer<typeof gscDebtsSchema>;
