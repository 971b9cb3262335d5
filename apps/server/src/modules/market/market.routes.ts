import {
  errorBodySchema,
  marketNowSchema,
  marketParamsSchema,
  marketSchema,
  marketSettingsResponseSchema,
  marketSettingsSchema,
  wsMarketTickMessageSchema,
} from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { CACHE_CONTROL, publicAnswer } from "../../plugins/public-reply.ts";
import { actorOf } from "../content/audit.service.ts";
import { type MarketFetcher, marketNow, marketSettingsOf, readMarketTick, setMarketSettings } from "./market.service.ts";
import type { SimulatorState } from "./market-sim.ts";
import { simulatedFeed } from "./market-sim.ts";

/** Where demo mode serves the simulated feed documents: `${DEMO_FEED_PATH}/set`, `${DEMO_FEED_PATH}/crypto`. */
export const DEMO_FEED_PATH = "/api/dev/market-feed";

/** GET /api/market/{market}: public, from the public cache (the day's key; its time to live keeps it fresh). */
export function registerMarketRoutes(app: ZodApp, ctx: AppContext): void {
  const answer = publicAnswer(ctx, "market", { scope: "lottery", schema: marketNowSchema, cacheControl: CACHE_CONTROL.revalidate });
  app.get(
    "/api/market/:market",
    {
      compress: false,
      schema: {
        tags: ["lottery"],
        summary: "A market now: status, latest reading with its running numbers (information only), the day's numbers",
        params: marketParamsSchema,
        response: { 200: marketNowSchema, "4xx": errorBodySchema },
      },
    },
    async (request, reply) => {
      const now = ctx.clock.now();
      const { market } = request.params;
      return answer(request, reply, `${market}|${yangonDate(now)}`, () => marketNow(ctx, market, now));
    },
  );

  const admin = { onRequest: ctx.guards.requireOperator };
  const base = { tags: ["admin", "lottery"], security: [{ bearer: [] }] };
  const errors = { "4xx": errorBodySchema };
  app.get(
    "/api/admin/market/:market",
    {
      ...admin,
      schema: {
        ...base,
        summary: "A market's live reading settings",
        params: marketParamsSchema,
        response: { 200: marketSettingsResponseSchema, ...errors },
      },
    },
    async (request) => marketSettingsOf(ctx, request.params.market),
  );
  app.put(
    "/api/admin/market/:market",
    {
      ...admin,
      schema: {
        ...base,
        summary: "Set a market's live reading: on or off, interval, trading sessions (Yangon time)",
        params: marketParamsSchema,
        body: marketSettingsSchema,
        response: { 200: marketSettingsResponseSchema, ...errors },
      },
    },
    async (request) => setMarketSettings(ctx, request.params.market, request.body, actorOf(request)),
  );
}

/**
 * Demo mode only: the feed simulator's documents, and a hook that moves it ahead and reads the
 * market at once, whatever the hours (for the demo and the browser journeys; absent in production).
 */
export function registerMarketDemoRoutes(
  app: ZodApp,
  ctx: AppContext,
  sim: SimulatorState,
  read: { instanceId: string; fetchFeed: MarketFetcher },
): void {
  if (ctx.config.mode !== "demo") return;
  app.get(
    `${DEMO_FEED_PATH}/:market`,
    {
      schema: {
        tags: ["demo"],
        summary: "Demo market feed (simulated SET index and value, BTC/USDT price); absent in production",
        params: marketParamsSchema,
        response: { 200: z.record(z.string(), z.string()), "4xx": errorBodySchema },
      },
    },
    async (request) => simulatedFeed(request.params.market, ctx.clock.now(), sim.extraSteps[request.params.market]),
  );
  app.post(
    `${DEMO_FEED_PATH}/advance`,
    {
      schema: {
        tags: ["demo"],
        summary: "Demo: moves the simulated market ahead and reads it now; absent in production",
        body: z.strictObject({ market: marketSchema, steps: z.number().int().min(1).max(1000).default(1) }),
        response: { 200: z.object({ message: wsMarketTickMessageSchema.nullable() }), "4xx": errorBodySchema },
      },
    },
    async (request) => {
      const { market, steps } = request.body;
      sim.extraSteps[market] += steps;
      const message = await readMarketTick(ctx, market, { ...read, force: true });
      return { message };
    },
  );
}
