import type { AppContext, ZodApp } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import { deleteOldSmsDeliveries, deleteOldSmsOutbox } from "../accounts/sms-retention.repository.ts";
import { deleteExpiredTokens } from "../auth/token.repository.ts";
import { compactExpiredIdempotencyKeys } from "../ledger/idempotency.repository.ts";
import { deleteOldBadSignatureCallbacks } from "../providers/providers.service.ts";
import { deleteOldSignInOrigins } from "../rewards/referral-flags.service.ts";
import { deleteExpiredVitalSamples } from "../vitals/vitals.service.ts";

/** How often a listening server runs the housekeeping. */
export const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;
/** Rows one statement deletes or compacts at most, so that no statement holds many row locks long. */
export const HOUSEKEEPING_BATCH = 500;
/** Batches one task runs per round at most; what is left waits for the next round. */
const MAX_BATCHES_PER_ROUND = 20;

export interface HousekeepingReport {
  /** Sign-in tokens past their expiry, deleted. */
  expiredTokens: number;
  /** Idempotency keys past 24 h whose stored answer was dropped (the key stays as a tombstone). */
  compactedIdempotencyKeys: number;
  /** Provider calls with a bad signature past their short retention, deleted. */
  badSignatureCallbacks: number;
  /** SMS delivery records (they hold phone numbers) past SMS_DELIVERY_RETENTION_DAYS (30), deleted. */
  smsDeliveries: number;
  /** Demo outbox messages past SMS_OUTBOX_RETENTION_DAYS (1), deleted. */
  smsOutbox: number;
  /** Sign-in origins (address, user agent) past SIGN_IN_ORIGIN_RETENTION_DAYS (90), deleted. */
  signInOrigins: number;
  /** Speed samples of real visits past VITALS_RETENTION_DAYS (31), deleted. */
  vitalSamples: number;
}

type Task = (db: Db, batch: number) => Promise<number>;

const TASKS: Record<keyof HousekeepingReport, Task> = {
  expiredTokens: deleteExpiredTokens,
  compactedIdempotencyKeys: compactExpiredIdempotencyKeys,
  badSignatureCallbacks: deleteOldBadSignatureCallbacks,
  smsDeliveries: deleteOldSmsDeliveries,
  smsOutbox: deleteOldSmsOutbox,
  signInOrigins: deleteOldSignInOrigins,
  vitalSamples: deleteExpiredVitalSamples,
};

/**
 * One round of retention (docs/operations.md "Retention"). Each statement is idempotent, bounded
 * to `batch` rows and skips rows another instance holds, so any number of server instances may
 * run rounds at the same time. Every decision of age is made by the database clock.
 */
export async function runHousekeeping(db: Db, opts: { batch?: number } = {}): Promise<HousekeepingReport> {
  const batch = opts.batch ?? HOUSEKEEPING_BATCH;
  const report: HousekeepingReport = {
    expiredTokens: 0,
    compactedIdempotencyKeys: 0,
    badSignatureCallbacks: 0,
    smsDeliveries: 0,
    smsOutbox: 0,
    signInOrigins: 0,
    vitalSamples: 0,
  };
  for (const name of Object.keys(TASKS) as (keyof HousekeepingReport)[]) {
    for (let round = 0; round < MAX_BATCHES_PER_ROUND; round++) {
      const done = await TASKS[name](db, batch);
      report[name] += done;
      if (done < batch) break;
    }
  }
  return report;
}

/**
 * Runs the housekeeping every HOUSEKEEPING_EVERY_MS while the server listens (the first round one
 * period after start), and waits for a round in progress when the server closes.
 */
export function registerHousekeeping(app: ZodApp, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = ctx.dbOutage
      .round(
        "housekeeping",
        async () => {
          const report = await runHousekeeping(ctx.db);
          if (Object.values(report).some((n) => n > 0)) app.log.info({ housekeeping: report }, "housekeeping round");
        },
        "housekeeping round failed",
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook("onListen", async () => {
    timer ??= setInterval(run, HOUSEKEEPING_EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    await running;
  });
}
