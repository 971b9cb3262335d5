import { VITAL_METRICS, VITAL_THRESHOLDS } from "@shwe/domain";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { webVitalSamples } from "../../db/schema/index.ts";

export interface NewVitalSample {
  page: string;
  device: string;
  connection: string;
  metric: "LCP" | "INP" | "CLS" | "TTFB";
  value: number;
}

export interface VitalGroupRow {
  page: string;
  device: string;
  connection: string;
  metric: "LCP" | "INP" | "CLS" | "TTFB";
  samples: number;
  p75: number;
  good: number;
  poor: number;
}

export async function insertVitalSamples(db: Executor, samples: readonly NewVitalSample[]): Promise<number> {
  if (samples.length === 0) return 0;
  await db.insert(webVitalSamples).values([...samples]);
  return samples.length;
}

/** `case metric when 'LCP' then 2500 … end`: the Core Web Vitals threshold `which` of each row's measure. */
function thresholdOf(which: "good" | "poor"): SQL {
  const arms = sql.join(
    VITAL_METRICS.map((m) => sql`when ${m} then ${VITAL_THRESHOLDS[m][which]}::double precision`),
    sql` `,
  );
  return sql`case metric ${arms} end`;
}

/**
 * Every page, device class, connection and measure seen in the last `days` days (database clock):
 * sample count, 75th percentile by nearest rank, and how many are good (≤ the good threshold) and
 * poor (> the poor threshold).
 */
export async function vitalGroups(db: Executor, days: number): Promise<VitalGroupRow[]> {
  const res = await db.execute(sql`
    select page, device, connection, metric,
           count(*)::int as samples,
           percentile_disc(0.75) within group (order by value) as p75,
           (count(*) filter (where value <= ${thresholdOf("good")}))::int as good,
           (count(*) filter (where value > ${thresholdOf("poor")}))::int as poor
      from web_vital_samples
     where created_at > now() - make_interval(days => ${days})
     group by page, device, connection, metric
     order by page, device, connection, metric`);
  return rowsOf<VitalGroupRow>(res).map((r) => ({ ...r, p75: Number(r.p75) }));
}

/** Deletes up to `batch` samples older than `days` days, oldest first; answers how many. */
export async function deleteOldVitalSamples(db: Executor, batch: number, days: number): Promise<number> {
  const res = await db.execute(sql`
    delete from web_vital_samples where id in (
      select id from web_vital_samples
       where created_at <= now() - make_interval(days => ${days})
       order by id limit ${batch} for update skip locked)
    returning id`);
  return rowsOf(res).length;
}
