import { sql } from "drizzle-orm";
import { check, doublePrecision, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";

/**
 * One measure of one real visit (LCP, INP, CLS or TTFB), with the page the visit started on, the
 * device class and the connection type. No player, no address, no browser string: nothing personal.
 * Kept VITALS_RETENTION_DAYS (the housekeeping deletes older ones).
 */
export const webVitalSamples = pgTable(
  "web_vital_samples",
  {
    id: id(),
    createdAt: createdAt(),
    page: text("page").notNull(),
    device: text("device").notNull(),
    connection: text("connection").notNull(),
    metric: text("metric", { enum: ["LCP", "INP", "CLS", "TTFB"] }).notNull(),
    value: doublePrecision("value").notNull(),
  },
  (t) => [
    index("web_vital_samples_created_idx").on(t.createdAt),
    check("web_vital_samples_metric_chk", sql`${t.metric} in ('LCP', 'INP', 'CLS', 'TTFB')`),
    check("web_vital_samples_value_chk", sql`${t.value} >= 0`),
  ],
);
