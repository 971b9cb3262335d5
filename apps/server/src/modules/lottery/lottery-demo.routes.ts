import { errorBodySchema, lotteryTypeSchema } from "@shwe/contracts";
import { DERIVED_FAIR_SOURCE } from "@shwe/domain";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { notFound } from "../../lib/errors.ts";
import type { DrawScheduler } from "./draw-scheduler.service.ts";
import { findDraw, moveNextDrawTo } from "./draws.repository.ts";

/**
 * Demo mode only: makes a game's next draw due now and runs the draw scheduler, so the demo and the
 * browser journeys see a result land at draw time without waiting for the clock (absent in production).
 * The draw is resulted by its own result source and settled as any draw is.
 */
export function registerLotteryDemoRoutes(app: ZodApp, ctx: AppContext, scheduler: DrawScheduler): void {
  if (ctx.config.mode !== "demo") return;
  app.post(
    "/api/dev/lottery/draw-due",
    {
      schema: {
        tags: ["demo"],
        summary: "Demo: the game's next draw is due now, and the scheduler runs; absent in production",
        body: z.strictObject({ type: lotteryTypeSchema }),
        response: {
          200: z.object({ draw_id: z.number().int(), draw_at: z.string(), status: z.string(), number: z.string().nullable() }),
          "4xx": errorBodySchema,
        },
      },
    },
    async (request) => {
      const { type } = request.body;
      const alongside = Object.entries(DERIVED_FAIR_SOURCE)
        .filter(([, source]) => source === type)
        .map(([derived]) => lotteryTypeSchema.parse(derived));
      const moved = await ctx.db.transaction((tx) => moveNextDrawTo(tx, type, alongside, ctx.clock.now()));
      if (!moved) throw notFound("This game has no upcoming draw.");
      // A tick already under way may have read the draws before the move: the next one sees it.
      await scheduler.tick();
      await scheduler.tick();
      const draw = await findDraw(ctx.db, moved.id);
      return { draw_id: moved.id, draw_at: moved.drawAt.toISOString(), status: draw?.status ?? moved.status, number: draw?.result ?? null };
    },
  );
}
