import type { AppContext, ZodApp } from "../../app-context.ts";
import { runCashback } from "./cashback.service.ts";

/** How often a listening server looks for closed weeks to credit (cheap when there is none). */
export const CASHBACK_EVERY_MS = 10 * 60 * 1000;
/** The first look after start, so a restarted server catches up soon. */
const FIRST_RUN_AFTER_MS = 15_000;

/**
 * Runs the weekly cashback while the server listens: shortly after start, then every
 * CASHBACK_EVERY_MS; waits for a run in progress when the server closes. Any number of instances
 * may run it at once (each player-week is credited once, see cashback.service.ts).
 */
export function registerCashbackJob(app: ZodApp, ctx: AppContext): void {
  let timers: NodeJS.Timeout[] = [];
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = ctx.dbOutage
      .round(
        "cashback",
        async () => {
          for (const w of await runCashback(ctx.db, ctx.clock.now())) app.log.info({ cashback: w }, "weekly cashback credited");
        },
        "weekly cashback run failed",
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook("onListen", async () => {
    if (timers.length > 0) return;
    timers = [setTimeout(run, FIRST_RUN_AFTER_MS), setInterval(run, CASHBACK_EVERY_MS)];
    for (const t of timers) t.unref();
  });
  app.addHook("onClose", async () => {
    for (const t of timers) clearTimeout(t);
    timers = [];
    await running;
  });
}
