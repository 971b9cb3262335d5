import { yangonDate, yangonDayBounds } from "@shwe/domain";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { conflict } from "../../lib/errors.ts";
import { registerGscRoutes } from "./gsc.routes.ts";
import { type GscSyncReport, syncGscCatalogue } from "./gsc-catalogue-sync.service.ts";
import { createGscClient } from "./gsc-client.ts";
import { claimJobRun, failJobRun, finishJobRun, type GscJob } from "./gsc-jobs.repository.ts";
import { gscAdapterResolver } from "./gsc-launch.adapter.ts";
import { deleteExpiredLaunchPages } from "./gsc-launch.repository.ts";
import { hasGscRounds, providerRoundsWagerSource } from "./gsc-reconcile.repository.ts";
import { type ReconcileSummary, reconcileDay } from "./gsc-reconcile.service.ts";
import type { GscServer } from "./gsc-server.ts";

/** How often a listening server looks whether today's sync or yesterday's reconciliation is due. */
export const GSC_JOBS_EVERY_MS = 10 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 30_000;
/** Yesterday is reconciled this long after the Yangon midnight, so late settlements are in. */
const RECONCILE_AFTER_MIDNIGHT_MS = 30 * 60 * 1000;

/** Where the in-process simulator serves the aggregator's operator API in demo mode (under the site's own address). */
export const GSC_SIMULATOR_PATH = "/gsc-simulator";

const servers = new WeakMap<object, GscServer>();

/** The GSC+ module registered in an app (tests and the demo simulator reach it here). */
export function gscServerOf(app: ZodApp): GscServer {
  const server = servers.get(app);
  if (!server) throw new Error("GSC+ is not registered in this app");
  return server;
}

/**
 * The GSC+ aggregator's outbound side (spec/gsc-plus.md §7): the operator API client, launch adapters
 * for every `GSC<product_code>` provider, the console's sync and reconciliation calls, and the daily
 * jobs. Registered only when config.gsc is set.
 */
export function registerGsc(app: ZodApp, ctx: AppContext): GscServer | undefined {
  const config = ctx.config.gsc;
  if (!config) return undefined;
  let baseUrl = config.apiBaseUrl;
  let firstRunAfterMs = FIRST_RUN_AFTER_MS;
  const log = { warn: (obj: object, msg: string) => app.log.warn(obj, msg) };
  const client = createGscClient({
    config,
    clock: ctx.clock,
    log,
    baseUrl: () => {
      if (!baseUrl) throw new Error("no base URL yet");
      return baseUrl;
    },
  });
  ctx.providers.registerResolver(gscAdapterResolver({ db: ctx.db, clock: ctx.clock, config, client, log }));
  const ours = providerRoundsWagerSource(ctx.db);

  /** Runs a job for a day under its lease; `manual` runs again a finished day and frees the day at once on failure. */
  async function run<T>(job: GscJob, day: string, manual: boolean, work: () => Promise<T>): Promise<T | undefined> {
    if (!(await claimJobRun(ctx.db, job, day, manual))) {
      if (manual) throw conflict("GSC_JOB_RUNNING", "This job is already running. Please wait for it to finish.");
      return undefined;
    }
    try {
      const report = await work();
      await finishJobRun(ctx.db, job, day, report);
      return report;
    } catch (err) {
      await failJobRun(ctx.db, job, day, (err as Error).message, manual ? 0 : undefined);
      throw err;
    }
  }

  const stopping = new AbortController();
  const sync = () => syncGscCatalogue({ db: ctx.db, clock: ctx.clock, config, client, signal: stopping.signal });
  const reconcile = (day: string) => reconcileDay({ db: ctx.db, config, client, ours, signal: stopping.signal }, day);

  const server: GscServer = {
    config,
    client,
    useBaseUrl(url) {
      baseUrl = url.replace(/\/+$/, "");
    },
    async syncNow() {
      return (await run("sync", yangonDate(ctx.clock.now()), true, sync)) as GscSyncReport;
    },
    async reconcileNow(day) {
      return (await run("reconcile", day, true, () => reconcile(day))) as ReconcileSummary;
    },
    syncSoon() {
      firstRunAfterMs = 0;
    },
    async runDaily() {
      const now = ctx.clock.now();
      const today = yangonDate(now);
      await deleteExpiredLaunchPages(ctx.db, now).catch((err: unknown) => app.log.warn({ err }, "GSC+ launch page cleanup failed"));
      await run("sync", today, false, sync).catch((err: unknown) => {
        if (stopping.signal.aborted) app.log.info("GSC+ catalogue sync stopped: the server is shutting down");
        else app.log.error({ err }, "GSC+ catalogue sync failed");
      });
      if (stopping.signal.aborted) return;
      if (now.getTime() - yangonDayBounds(today).start.getTime() >= RECONCILE_AFTER_MIDNIGHT_MS) {
        const yesterday = yangonDate(new Date(yangonDayBounds(today).start.getTime() - 1));
        // Demo mode: the in-process simulator knows only the wagers it sent, so a day without GSC+
        // rounds has nothing to compare; its 288 windows are not asked (the console button still runs it).
        if (config.simulated) {
          const { start, end } = yangonDayBounds(yesterday);
          const played = await hasGscRounds(ctx.db, start, end).catch((err: unknown) => {
            app.log.warn({ err }, "GSC+ rounds of yesterday not read");
            return false;
          });
          if (!played) return;
        }
        await run("reconcile", yesterday, false, () => reconcile(yesterday))
          .then((summary) => {
            if (summary) app.log.info({ gscReconciliation: summary }, "GSC+ reconciliation done");
          })
          .catch((err: unknown) => {
            if (stopping.signal.aborted) app.log.info("GSC+ reconciliation stopped: the server is shutting down");
            else app.log.error({ err }, "GSC+ reconciliation failed");
          });
      }
    },
  };
  servers.set(app, server);
  registerGscRoutes(app, ctx, server);

  let timers: NodeJS.Timeout[] = [];
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = server.runDaily().finally(() => {
      running = undefined;
    });
  };
  app.addHook("onListen", async () => {
    if (config.simulated && !baseUrl) {
      const address = app.server.address();
      if (address && typeof address === "object") {
        const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
        baseUrl = `http://${address.family === "IPv6" && host !== "127.0.0.1" ? `[${host}]` : host}:${address.port}${GSC_SIMULATOR_PATH}`;
      }
    }
    if (timers.length > 0) return;
    timers = [setTimeout(tick, firstRunAfterMs), setInterval(tick, GSC_JOBS_EVERY_MS)];
    for (const t of timers) t.unref();
  });
  app.addHook("onClose", async () => {
    for (const t of timers) clearTimeout(t);
    timers = [];
    stopping.abort();
    await running;
  });
  return server;
}
