import type { VitalsReport, VitalsSummary, VitalsSummaryRow } from "@shwe/contracts";
import { Gauge } from "prom-client";
import type { AppContext } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import { deleteOldVitalSamples, insertVitalSamples, type VitalGroupRow, vitalGroups } from "./vitals.repository.ts";

/** How long samples are kept: the console's longest window (30 days) and a day more. */
export const VITALS_RETENTION_DAYS = 31;
/** The window of the p75 gauge in /metrics. */
export const VITALS_METRICS_WINDOW_DAYS = 1;
/** A scrape reuses the gauge's figures this long (one query a minute, however often Prometheus asks). */
export const VITALS_METRICS_REFRESH_MS = 60_000;

/** Stores one visit's measures (already checked by the route's schema); answers how many. */
export async function recordVitals(ctx: Pick<AppContext, "db">, report: VitalsReport): Promise<number> {
  return insertVitalSamples(
    ctx.db,
    report.samples.map((s) => ({
      page: report.page,
      device: report.device,
      connection: report.connection,
      metric: s.metric,
      value: s.value,
    })),
  );
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);

function summaryRow(g: VitalGroupRow): VitalsSummaryRow {
  const good = share(g.good, g.samples);
  const poor = share(g.poor, g.samples);
  return {
    page: g.page as VitalsSummaryRow["page"],
    device: g.device as VitalsSummaryRow["device"],
    connection: g.connection as VitalsSummaryRow["connection"],
    metric: g.metric,
    samples: g.samples,
    p75: g.p75,
    good,
    needs_improvement: share(g.samples - g.good - g.poor, g.samples),
    poor,
  };
}

/** The console's panel: every page, device class, connection and measure of the last `days` days. */
export async function vitalsSummary(ctx: Pick<AppContext, "db" | "clock">, days: number): Promise<VitalsSummary> {
  const rows = (await vitalGroups(ctx.db, days)).map(summaryRow);
  const since = new Date(ctx.clock.now().getTime() - days * 86_400_000).toISOString();
  return { since, days, rows };
}

/** Retention (run by the housekeeping): deletes up to `batch` samples older than VITALS_RETENTION_DAYS. */
export function deleteExpiredVitalSamples(db: Db, batch: number): Promise<number> {
  return deleteOldVitalSamples(db, batch, VITALS_RETENTION_DAYS);
}

/**
 * `shwe_web_vitals_p75{metric,page,device,connection}` in /metrics: the 75th percentile of the last
 * VITALS_METRICS_WINDOW_DAYS, read from the database at most once per VITALS_METRICS_REFRESH_MS.
 */
export function registerVitalsGauge(ctx: Pick<AppContext, "db" | "clock" | "metrics">): void {
  let cached: { at: number; rows: VitalGroupRow[] } | undefined;
  new Gauge({
    name: "shwe_web_vitals_p75",
    help: `75th percentile of real visits' LCP, INP, TTFB (ms) and CLS over the last ${VITALS_METRICS_WINDOW_DAYS * 24} h, by page, device class and connection.`,
    labelNames: ["metric", "page", "device", "connection"],
    registers: [ctx.metrics.registry],
    async collect() {
      const now = ctx.clock.now().getTime();
      if (!cached || now - cached.at >= VITALS_METRICS_REFRESH_MS) {
        try {
          cached = { at: now, rows: await vitalGroups(ctx.db, VITALS_METRICS_WINDOW_DAYS) };
        } catch {
          // The database away: the last figures stand (or none), /metrics still answers.
          if (!cached) return;
        }
      }
      this.reset();
      for (const r of cached.rows) this.set({ metric: r.metric, page: r.page, device: r.device, connection: r.connection }, r.p75);
    },
  });
}
