import {
  adminCashbackSchema,
  cashbackPercentBodySchema,
  errorBodySchema,
  promotionClaimBodySchema,
  promotionClaimResponseSchema,
  promotionHistoryQuerySchema,
  promotionHistorySchema,
} from "@shwe/contracts";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { accountLimiter } from "../accounts/rate-limits.ts";
import { actorOf } from "../content/audit.service.ts";
import { idempotencyHeadersSchema, idempotencyKeyOf, sendMoneyResult } from "../ledger/money-call.ts";
import { registerCashbackJob } from "./cashback.job.ts";
import { cashbackOverview, claimPromotion, promotionHistory, setCashbackPercent } from "./cashback.service.ts";

const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };
const MINUTE = 60_000;

/** Weekly cashback: the player's Claim and history, the operator's settings and payouts, and the weekly job. */
export function registerCashback(app: ZodApp, ctx: AppContext): void {
  const limiter = accountLimiter(app, ctx.config.rateLimits, "promotion_claim", [
    { by: "ip", max: 60, windowMs: 15 * MINUTE },
    { by: "user", max: 20, windowMs: 15 * MINUTE },
  ]);
  const tags = ["rewards"];

  app.post(
    "/api/promotion/claim",
    {
      onRequest: ctx.guards.requireUser,
      preHandler: limiter,
      schema: {
        tags,
        security,
        summary: "Move floor(p_balance) to the main balance (422 CLAIM_MAINTENANCE while is_maintain is '1', NOTHING_TO_CLAIM below 1)",
        headers: idempotencyHeadersSchema,
        body: promotionClaimBodySchema,
        response: { 200: promotionClaimResponseSchema, ...errors },
      },
    },
    async (request, reply) => sendMoneyResult(reply, await claimPromotion(ctx, currentUser(request).id, idempotencyKeyOf(request))),
  );

  app.get(
    "/api/promotion/claim/history",
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        tags,
        security,
        summary: "The player's weekly cashback credits and claims, newest first (cursor paging)",
        querystring: promotionHistoryQuerySchema,
        response: { 200: promotionHistorySchema, ...errors },
      },
    },
    async (request) => promotionHistory(ctx.db, currentUser(request).id, request.query),
  );

  const guarded = {
    onRequest: async (_request: unknown, reply: { header(k: string, v: string): unknown }) => {
      reply.header("cache-control", "no-store");
    },
    preHandler: ctx.guards.requireOperator,
  };
  const admin = { tags: ["admin"], security };

  app.get(
    "/api/admin/rewards/cashback",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Cashback percent, claim maintenance flag and each week's payout",
        response: { 200: adminCashbackSchema, ...errors },
      },
    },
    async () => cashbackOverview(ctx),
  );

  app.put(
    "/api/admin/rewards/cashback/percent",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Change the weekly cashback percent (applies to the next week processed; audited)",
        body: cashbackPercentBodySchema,
        response: { 200: z.object({ percent: z.number() }), ...errors },
      },
    },
    async (request) => setCashbackPercent(ctx, actorOf(request), request.body.percent),
  );

  registerCashbackJob(app, ctx);
}
