import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { summarizeError } from "./log-safety.ts";

interface OutageLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * How background jobs (draw scheduler, housekeeping, cashback, push, house round recovery, live
 * presence) report failures, shared by all of them in one process. While the database is away
 * (isDatabaseUnavailable) they would otherwise write an error line at every round, every few
 * seconds; instead the first failure of an outage is one warn line, the rest are only counted, and
 * the first job to reach the database again logs one info line saying it is back. Any other failure
 * is an error line, as before.
 */
export class DatabaseOutageLog {
  private since: number | undefined;
  private jobs = new Set<string>();
  private missed = 0;

  constructor(private readonly log: OutageLogger) {}

  /** True while the last word of a job was that the database is away. */
  get away(): boolean {
    return this.since !== undefined;
  }

  /** Failures of background jobs counted since the outage began (0 when there is none). */
  get failuresInOutage(): number {
    return this.missed;
  }

  /**
   * A job failed. The database being away is logged once per outage (warn); anything else is
   * logged at error with `obj` and `msg`.
   */
  failed(job: string, err: unknown, obj: object, msg: string): void {
    if (!isDatabaseUnavailable(err)) {
      this.log.error({ ...obj, err }, msg);
      return;
    }
    this.jobs.add(job);
    this.missed++;
    if (this.since !== undefined) return;
    this.since = Date.now();
    this.log.warn({ job, err: summarizeError(err) }, "database unavailable: background jobs wait for it to come back");
  }

  /** A job reached the database: after an outage, one info line (which jobs waited, how long, how many rounds failed). */
  reached(job: string): void {
    if (this.since === undefined) return;
    const downMs = Date.now() - this.since;
    this.log.info(
      { job, jobs: [...this.jobs], failed_rounds: this.missed, down_ms: downMs },
      "database is back: background jobs run again",
    );
    this.since = undefined;
    this.jobs.clear();
    this.missed = 0;
  }

  /** Runs one round of a job: a success tells that the database is back, a failure is reported (never thrown). */
  async round(job: string, work: () => Promise<unknown>, msg: string): Promise<void> {
    try {
      await work();
      this.reached(job);
    } catch (err) {
      this.failed(job, err, {}, msg);
    }
  }
}
