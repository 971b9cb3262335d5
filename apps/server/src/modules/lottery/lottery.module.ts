import type { AppContext, ZodApp } from "../../app-context.ts";
import { createDrawScheduler, type DrawScheduler } from "./draw-scheduler.service.ts";
import { registerLotteryRoutes } from "./lottery.routes.ts";
import { registerLotteryAdminRoutes } from "./lottery-admin.routes.ts";
import { registerLotteryDemoRoutes } from "./lottery-demo.routes.ts";
import { registerLotteryStatsRoutes } from "./stats.routes.ts";

/** How often a listening server runs the draw scheduler. */
const TICK_MS = 5000;

/**
 * The lottery engine in the app: player, public and operator routes, and the draw scheduler, which
 * ticks while the server listens (started on listen, stopped on close). Tests that never listen
 * drive the scheduler themselves through createDrawScheduler(ctx).tick().
 */
export function registerLottery(app: ZodApp, ctx: AppContext): DrawScheduler {
  registerLotteryRoutes(app, ctx);
  registerLotteryAdminRoutes(app, ctx);
  registerLotteryStatsRoutes(app, ctx);
  const scheduler = createDrawScheduler(ctx, {
    horizonMs: ctx.config.drawsAheadDays * 24 * 60 * 60 * 1000,
    log: {
      warn: (obj, msg) => app.log.warn(obj, msg),
      error: (obj, msg) => app.log.error(obj, msg),
    },
  });
  registerLotteryDemoRoutes(app, ctx, scheduler);
  app.addHook("onListen", async () => {
    scheduler.start(TICK_MS);
  });
  // A result settled by another server process reaches this one as the live result message: the
  // public lottery pages are read again at once rather than after the public cache's time to live.
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    stopListening = await ctx.database.listen(REALTIME_CHANNEL, (payload) => {
      if (isResultNotification(payload)) ctx.publicCache.invalidate("lottery");
    });
  });
  app.addHook("onClose", async () => {
    await stopListening?.().catch(() => undefined);
    await scheduler.stop();
  });
  return scheduler;
}

/** The channel settlement publishes live results on (realtime.repository.ts publishRealtime). */
const REALTIME_CHANNEL = "realtime";

function isResultNotification(payload: string): boolean {
  try {
    const parsed = JSON.parse(payload) as { message?: { type?: unknown } } | null;
    return parsed?.message?.type === "result";
  } catch {
    return false;
  }
}
