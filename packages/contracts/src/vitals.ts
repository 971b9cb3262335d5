import { z } from "zod";

/*
 * Speed on players' phones: the browser's report of a visit (LCP, INP, CLS, TTFB from web-vitals)
 * and the console's summary. The lists repeat @shwe/domain's (VITAL_*; contracts import only zod):
 * the server's vitals test holds them equal.
 */
export const VITAL_METRIC_NAMES = ["LCP", "INP", "CLS", "TTFB"] as const;
export const VITAL_PAGE_IDS = [
  "home",
  "2d",
  "3d",
  "1d",
  "crypto-2d",
  "crypto-1d",
  "winner-list",
  "win-number",
  "sign-in",
  "register",
  "cash-in",
  "cash-out",
  "bet-slip",
  "wallet-history",
  "profile",
  "games",
  "console",
  "other",
] as const;
export const VITAL_DEVICE_CLASSES = ["low", "mid", "high", "desktop", "unknown"] as const;
export const VITAL_CONNECTION_TYPES = ["slow-2g", "2g", "3g", "4g", "unknown"] as const;

/** The largest value each measure may carry (ms; CLS unitless). */
const MAX = { LCP: 120_000, INP: 60_000, CLS: 100, TTFB: 120_000 } as const;

const sample = z.discriminatedUnion("metric", [
  z.strictObject({ metric: z.literal("LCP"), value: z.number().finite().min(0).max(MAX.LCP) }),
  z.strictObject({ metric: z.literal("INP"), value: z.number().finite().min(0).max(MAX.INP) }),
  z.strictObject({ metric: z.literal("CLS"), value: z.number().finite().min(0).max(MAX.CLS) }),
  z.strictObject({ metric: z.literal("TTFB"), value: z.number().finite().min(0).max(MAX.TTFB) }),
]);

/**
 * POST /api/vitals (sent with navigator.sendBeacon, no session): one visit's measures, at most one
 * of each, with the page the visit started on, the device class and the connection type. Nothing
 * that names the player or the phone.
 */
export const vitalsReportSchema = z
  .strictObject({
    page: z.enum(VITAL_PAGE_IDS),
    device: z.enum(VITAL_DEVICE_CLASSES),
    connection: z.enum(VITAL_CONNECTION_TYPES),
    samples: z.array(sample).min(1).max(VITAL_METRIC_NAMES.length),
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
  page: z.enum(VITAL_PAGE_IDS),
  device: z.enum(VITAL_DEVICE_CLASSES),
  connection: z.enum(VITAL_CONNECTION_TYPES),
  metric: z.enum(VITAL_METRIC_NAMES),
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
