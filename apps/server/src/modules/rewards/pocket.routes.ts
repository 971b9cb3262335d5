import {
  errorBodySchema,
  pocketCampaignBodySchema,
  pocketCampaignClaimsSchema,
  pocketCampaignListQuerySchema,
  pocketCampaignListSchema,
  pocketCampaignSchema,
  pocketClaimIdParamsSchema,
  pocketClaimProofSchema,
  pocketClaimResponseSchema,
  pocketHistoryQuerySchema,
  pocketHistorySchema,
  pocketWinnerListSchema,
  pocketWinnerQuerySchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { accountLimiter } from "../accounts/rate-limits.ts";
import { actorOf } from "../content/audit.service.ts";
import { idempotencyHeadersSchema, idempotencyKeyOf, sendMoneyResult } from "../ledger/money-call.ts";
import {
  adminCampaignClaims,
  adminCampaigns,
  claimPocketMoney,
  pocketHistory,
  pocketWinners,
  saveCampaign,
  verifyClaim,
} from "./pocket.service.ts";

const tags = ["pocket money"];
const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };
const MINUTE = 60_000;

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}
/** Winners change with every claim of the day: always revalidated. */
async function noCache(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-cache");
}

/** Pocket money (domain-rules §7): the daily claim, the winners of a day, the player's history, and the operator console. */
export function registerPocketRoutes(app: ZodApp, ctx: AppContext): void {
  const limiter = accountLimiter(app, ctx.config.rateLimits, "pocket_claim", [
    { by: "ip", max: 120, windowMs: 15 * MINUTE },
    { by: "user", max: 30, windowMs: 15 * MINUTE },
  ]);
  app.post(
    "/api/pocket/money/claim",
    {
      onRequest: ctx.guards.requireUser,
      preHandler: limiter,
      schema: {
        tags,
        security,
        summary:
          "Claim today's pocket money: the server draws the amount and pays it to main (403 LEVEL_2_REQUIRED; 422 NO_CAMPAIGN / ALREADY_CLAIMED / BUDGET_SPENT)",
        headers: idempotencyHeadersSchema,
        response: { 200: pocketClaimResponseSchema, ...errors },
      },
    },
    async (request, reply) => sendMoneyResult(reply, await claimPocketMoney(ctx, currentUser(request).id, idempotencyKeyOf(request))),
  );
  app.get(
    "/api/pocket/money/winner",
    {
      onRequest: noCache,
      schema: {
        tags,
        summary: "A day's pocket money winners (default today), highest amount first, phones masked",
        querystring: pocketWinnerQuerySchema,
        response: { 200: pocketWinnerListSchema, ...errors },
      },
    },
    async (request) => pocketWinners(ctx, request.query.date),
  );
  app.get(
    "/api/pocket/money/history/user_only",
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        tags,
        security,
        summary: "The player's pocket money claims, newest first, one page at a time",
        querystring: pocketHistoryQuerySchema,
        response: { 200: pocketHistorySchema, ...errors },
      },
    },
    async (request) => pocketHistory(ctx, currentUser(request).id, request.query),
  );

  const admin = { tags: ["admin"], security };
  const guarded = { onRequest: noStore, preHandler: ctx.guards.requireOperator };
  app.get(
    "/api/admin/pocket/campaigns",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Pocket money campaigns with what each paid out (claims, total, remaining)",
        querystring: pocketCampaignListQuerySchema,
        response: { 200: pocketCampaignListSchema, ...errors },
      },
    },
    async (request) => adminCampaigns(ctx, request.query.from, request.query.to),
  );
  app.put(
    "/api/admin/pocket/campaigns",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Create or change the pocket money campaign of a day (audited)",
        body: pocketCampaignBodySchema,
        response: { 200: pocketCampaignSchema, 201: pocketCampaignSchema, ...errors },
      },
    },
    async (request, reply) => {
      const saved = await saveCampaign(ctx, actorOf(request), request.body);
      return reply.status(saved.status).send(saved.campaign);
    },
  );
  app.get(
    "/api/admin/pocket/campaigns/:id/claims",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "The claims of one campaign, highest first",
        params: pocketClaimIdParamsSchema,
        response: { 200: pocketCampaignClaimsSchema, ...errors },
      },
    },
    async (request) => adminCampaignClaims(ctx, request.params.id),
  );
  app.get(
    "/api/admin/pocket/claims/:id/verify",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Re-derive a claim's amount from its campaign seed, message and bounds",
        params: pocketClaimIdParamsSchema,
        response: { 200: pocketClaimProofSchema, ...errors },
      },
    },
    async (request) => verifyClaim(ctx.db, request.params.id),
  );
}
