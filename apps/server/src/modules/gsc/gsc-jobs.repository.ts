import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { gscJobRuns } from "../../db/schema/index.ts";

/**
 * Runs of the daily GSC+ jobs, one row per (job, Yangon day). A run holds a lease: another instance
 * (or a second press of the button) does not start the same job for the same day while it lasts. The
 * daily job runs a day once; the console may run it again once no run holds the lease.
 */

export type GscJob = "sync" | "reconcile";

/** Long enough for the slowest run (a day's reconciliation is 288 list calls). */
export const JOB_LEASE_S = 30 * 60;
/** After a failed run the daily job waits this long before trying the day again. */
export const JOB_RETRY_AFTER_S = 30 * 60;

/**
 * Takes the (job, day) run: a new row, or an old one whose lease has run out and that is unfinished
 * (or finished, with `again`). True when this caller holds it now.
 */
export async function claimJobRun(db: Executor, job: GscJob, day: string, again: boolean): Promise<boolean> {
  const res = await db.execute(sql`
    insert into gsc_job_runs (job, day, lease_until) values (${job}, ${day}::date, now() + make_interval(secs => ${JOB_LEASE_S}))
    on conflict (job, day) do update
       set started_at = now(), lease_until = excluded.lease_until, finished_at = null, error = null
     where gsc_job_runs.lease_until < now() and (${again}::boolean or gsc_job_runs.finished_at is null)
    returning job`);
  return rowsOf(res).length > 0;
}

export async function finishJobRun(db: Executor, job: GscJob, day: string, report: unknown): Promise<void> {
  await db
    .update(gscJobRuns)
    .set({ finishedAt: sql`now()`, leaseUntil: sql`now()`, report, error: null })
    .where(and(eq(gscJobRuns.job, job), eq(gscJobRuns.day, day)));
}

/** Records a failed run; the day can be taken again after `retryAfterS` (0: at once, for the console's button). */
export async function failJobRun(db: Executor, job: GscJob, day: string, error: string, retryAfterS = JOB_RETRY_AFTER_S): Promise<void> {
  await db
    .update(gscJobRuns)
    .set({ error: error.slice(0, 500), leaseUntil: sql`now() + make_interval(secs => ${retryAfterS})` })
    .where(and(eq(gscJobRuns.job, job), eq(gscJobRuns.day, day)));
}

export type JobRunRow = typeof gscJobRuns.$inferSelect;

export async function selectJobRun(db: Executor, job: GscJob, day: string): Promise<JobRunRow | undefined> {
  return (
    await db
      .select()
      .from(gscJobRuns)
      .where(and(eq(gscJobRuns.job, job), eq(gscJobRuns.day, day)))
      .limit(1)
  )[0];
}

/** The latest finished run of a job. */
export async function selectLatestFinishedRun(db: Executor, job: GscJob): Promise<JobRunRow | undefined> {
  return (
    await db
      .select()
      .from(gscJobRuns)
      .where(and(eq(gscJobRuns.job, job), sql`${gscJobRuns.finishedAt} is not null`))
      .orderBy(sql`${gscJobRuns.finishedAt} desc`)
      .limit(1)
  )[0];
}
