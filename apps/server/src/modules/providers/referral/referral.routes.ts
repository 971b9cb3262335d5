import {
  claimGameReferBodySchema,
  claimGameReferResponseSchema,
  errorBodySchema,
  myReferralHistoryQuerySchema,
  myReferralHistorySchema,
} from "@shwe/contracts";
import type { AppContext, ZodApp } from "../../../app-context.ts";
import { currentUser } from "../../../plugins/auth.ts";
import { accountLimiter } from "../../accounts/rate-limits.ts";
import { idempotencyHeadersSchema, idempotencyKeyOf, sendMoneyResult } from "../../ledger/money-call.ts";
import { claimGameReferAmount, myReferralHistory } from "./referral.service.ts";

const tags = ["referral"];
const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };
const MINUTE = 60_000;

/** The referral share: claim it to main, and the list of referees. */
export function registerReferralRoutes(app: ZodApp, ctx: AppContext): void {
  const limiter = accountLimiter(app, ctx.config.rateLimits, "claim_game_refer_amt", [
    { by: "ip", max: 60, windowMs: 15 * MINUTE },
    { by: "user", max: 20, windowMs: 15 * MINUTE },
  ]);
  app.post(
    "/api/user/claim_game_refer_amt",
    {
      onRequest: ctx.guards.requireUser,
      preHandler: limiter,
      schema: {
        tags,
        security,
        summary: "Move the whole game referral amount to the main balance (422 NOTHING_TO_CLAIM when it is 0)",
        headers: idempotencyHeadersSchema,
        body: claimGameReferBodySchema,
        response: { 200: claimGameReferResponseSchema, ...errors },
      },
    },
    async (request, reply) => sendMoneyResult(reply, await claimGameReferAmount(ctx, currentUser(request).id, idempotencyKeyOf(request))),
  );
  app.get(
    "/api/user/my_referral_his",
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        tags,
        security,
        summary: "The player's referees (phones masked), when they joined and the share each earned",
        querystring: myReferralHistoryQuerySchema,
        response: { 200: myReferralHistorySchema, ...errors },
      },
    },
    async (request) => myReferralHistory(ctx, currentUser(request).id, request.query),
  );
}
