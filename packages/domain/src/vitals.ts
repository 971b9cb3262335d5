/**
 * Speed on players' phones (real-user measurement): what a sample may say, and how Core Web Vitals
 * rate a value. The browser sends, the server checks and aggregates, the console shows, all from
 * these lists.
 */

/** The measures a visit reports (web-vitals): milliseconds, except CLS (a unitless score). */
export const VITAL_METRICS = ["LCP", "INP", "CLS", "TTFB"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** The pages a sample may name: where the visit started. Anything else is "other". */
export const VITAL_PAGES = [
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
export type VitalPage = (typeof VITAL_PAGES)[number];

/** A coarse class of the phone: from its memory and cores (no model, nothing that tells one apart). */
export const VITAL_DEVICES = ["low", "mid", "high", "desktop", "unknown"] as const;
export type VitalDevice = (typeof VITAL_DEVICES)[number];

/** The connection as the browser rates it (navigator.connection.effectiveType), where it tells. */
export const VITAL_CONNECTIONS = ["slow-2g", "2g", "3g", "4g", "unknown"] as const;
export type VitalConnection = (typeof VITAL_CONNECTIONS)[number];

/** The largest value a sample may carry for each measure; above it the sample is refused. */
export const VITAL_MAX: Readonly<Record<VitalMetric, number>> = { LCP: 120_000, INP: 60_000, CLS: 100, TTFB: 120_000 };

/** Core Web Vitals thresholds: at or below `good` is good, above `poor` is poor, between needs improvement. */
export const VITAL_THRESHOLDS: Readonly<Record<VitalMetric, { good: number; poor: number }>> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

export type VitalRating = "good" | "needs-improvement" | "poor";

export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const t = VITAL_THRESHOLDS[metric];
  return value <= t.good ? "good" : value <= t.poor ? "needs-improvement" : "poor";
}

/** The 75th percentile by nearest rank: the smallest value at least 75 % of the values are at or below. */
export function p75(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1];
}

/** The device class from what the browser tells (navigator.deviceMemory, hardwareConcurrency, UA-CH mobile). */
export function deviceClassOf(hint: { memoryGb?: number; cores?: number; mobile?: boolean }): VitalDevice {
  if (hint.mobile === false) return "desktop";
  if (typeof hint.memoryGb === "number" && hint.memoryGb > 0) return hint.memoryGb <= 2 ? "low" : hint.memoryGb <= 4 ? "mid" : "high";
  if (typeof hint.cores === "number" && hint.cores > 0) return hint.cores <= 2 ? "low" : hint.cores <= 4 ? "mid" : "high";
  return "unknown";
}

/** The connection class from navigator.connection.effectiveType. */
export function connectionOf(effectiveType: unknown): VitalConnection {
  return (VITAL_CONNECTIONS as readonly unknown[]).includes(effectiveType) && effectiveType !== "unknown"
    ? (effectiveType as VitalConnection)
    : "unknown";
}
