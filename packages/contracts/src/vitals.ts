import { VITAL_CONNECTIONS, VITAL_DEVICES, VITAL_MAX, VITAL_METRICS, VITAL_PAGES } from "@shwe/domain";
import { z } from "zod";

/*
 * Speed on players' phones: the browser's report of a visit (LCP, INP, CLS, TTFB from web-vitals)
 * and the console's summary, on @shwe/domain's lists and caps (VITAL_*).
 */

const sample = z.discriminatedUnion("metric", [
  z.strictObject({ metric: z.literal("LCP"), value: z.number().finite().min(0).max(VITAL_MAX.LCP) }),
  z.strictObject({ metric: z.literal("INP"), value: z.number().finite().min(0).max(VITAL_MAX.INP) }),
  z.strictObject({ metric: z.literal("CLS"), value: z.number().finite().min(0).max(VITAL_MAX.CLS) }),
  z.strictObject({ metric: z.literal("TTFB"), value: z.number().finite().min(0).max(VITAL_MAX.TTFB) }),
]);

/**
 * POST /api/vitals (sent with navigator.sendBeacon, no session): one visit's measures, at most one
 * of each, with the page the visit started on, the device class and the connection type. Nothing
 * that names the player or the phone.
 */
export const vitalsReportSchema = z
  .strictObject({
    page: z.enum(VITAL_PAGES),
    device: z.enum(VITAL_DEVICES),
    connection: z.enum(VITAL_CONNECTIONS),
    samples: z.array(sample).min(1).max(VITAL_METRICS.length),
  })
  .refine((r) => new Set(r.samples.map((s) => s.metric)).size === r.samples.length, {
    message: "each measure at most once",
    path: ["samples"],
  });
export type VitalsReport = z.infer<typeof vitalsReportSchema>;

/** The answer to a report: how many samples were kept. */
export const vitalsAcceptedSchema = z.object({ accepted: z.number().int() });

/** GET /api/admin/vitals?days=1..30 (default 7). */
export const vitalsSummaryQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(30).default(7) });

/** One measure on one page, device class and connection over the window. */
export const vitalsSummaryRowSchema = z.object({
  page: z.enum(VITAL_PAGES),
  device: z.enum(VITAL_DEVICES),
  connection: z.enum(VITAL_CONNECTIONS),
  metric: z.enum(VITAL_METRICS),
  samples: z.number().int(),
  /** 75th percentile, nearest rank (ms; CLS unitless). */
  p75: z.number(),
  /** Shares (0–1) rated good, needs improvement and poor on the Core Web Vitals thresholds. */
  good: z.number(),
  needs_improvement: z.number(),
  poor: z.number(),
});
export type VitalsSummaryRow = z.infer<typeof vitalsSummaryRowSchema>;

export const vitalsSummarySchema = z.object({
  /** Start of the window (ISO time); it ends now. */
  since: z.string(),
  days: z.number().int(),
  rows: z.array(vitalsSummaryRowSchema),
});
export type VitalsSummary = z.infer<typeof vitalsSummarySchema>;
