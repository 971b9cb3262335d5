import {
  adminPointRewardSchema,
  adminPointsSchema,
  createPointRewardBodySchema,
  errorBodySchema,
  languageQuerySchema,
  pointClaimBodySchema,
  pointClaimResponseSchema,
  pointHistoryQuerySchema,
  pointHistorySchema,
  pointListSchema,
  pointPayoutsQuerySchema,
  pointPayoutsSchema,
  pointRateBodySchema,
  pointRewardParamsSchema,
  pointWarningSchema,
  updatePointRewardBodySchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { accountLimiter } from "../accounts/rate-limits.ts";
import { actorOf } from "../content/audit.service.ts";
import { idempotencyHeadersSchema, idempotencyKeyOf, sendMoneyResult } from "../ledger/money-call.ts";
import {
  adminPoints,
  changePointReward,
  claimPointReward,
  createPointReward,
  pointHistory,
  pointList,
  pointPayouts,
  pointWarning,
  setKyatPerPoint,
} from "./points.service.ts";

const tags = ["points"];
const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };
const MINUTE = 60_000;

/** Rewards and the warning change only when an operator edits them: read fresh on every use. */
async function noCache(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-cache");
}
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}

/** Points (domain-rules §7): the reward list, the warning text, claims, the player's history, and the operator console. */
export function registerPointRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    "/api/point/list",
    {
      onRequest: noCache,
      schema: {
        tags,
        summary: "Active rewards (points → kyat) and the earning rate; names in ?lng= (Burmese by default)",
        querystring: languageQuerySchema,
        response: { 200: pointListSchema },
      },
    },
    async (request) => pointList(ctx, request.query.lng),
  );
  app.get(
    "/api/point/warning",
    {
      onRequest: noCache,
      schema: {
        tags,
        summary: "The operator's text for the points page, in ?lng= (Burmese by default)",
        querystring: languageQuerySchema,
        response: { 200: pointWarningSchema },
      },
    },
    async (request) => pointWarning(ctx, request.query.lng),
  );

  const limiter = accountLimiter(app, ctx.config.rateLimits, "point_claim", [
    { by: "ip", max: 60, windowMs: 15 * MINUTE },
    { by: "user", max: 30, windowMs: 15 * MINUTE },
  ]);
  app.post(
    "/api/point/claim",
    {
      onRequest: ctx.guards.requireUser,
      preHandler: limiter,
      schema: {
        tags,
        security,
        summary: "Spend a reward's points and credit its kyat to main (422 INSUFFICIENT_POINTS / REWARD_INACTIVE, 404 unknown reward)",
        headers: idempotencyHeadersSchema,
        body: pointClaimBodySchema,
        response: { 200: pointClaimResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendMoneyResult(reply, await claimPointReward(ctx, currentUser(request).id, request.body.point_id, idempotencyKeyOf(request))),
  );
  app.get(
    "/api/point/history",
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        tags,
        security,
        summary: "The player's point movements (earned, spent), newest first, one page at a time",
        querystring: pointHistoryQuerySchema,
        response: { 200: pointHistorySchema, ...errors },
      },
    },
    async (request) => {
      const { lng, ...page } = request.query;
      return pointHistory(ctx, currentUser(request).id, page, lng);
    },
  );

  const admin = { tags: ["admin"], security };
  const guarded = { onRequest: noStore, preHandler: ctx.guards.requireOperator };
  app.get(
    "/api/admin/points",
    { ...guarded, schema: { ...admin, summary: "Earning rate and every reward", response: { 200: adminPointsSchema, ...errors } } },
    async () => adminPoints(ctx),
  );
  app.put(
    "/api/admin/points/rate",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Kyat of settled stake per point",
        body: pointRateBodySchema,
        response: { 200: pointRateBodySchema, ...errors },
      },
    },
    async (request) => setKyatPerPoint(ctx, actorOf(request), request.body.kyat_per_point),
  );
  app.post(
    "/api/admin/points/rewards",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Add a reward",
        body: createPointRewardBodySchema,
        response: { 201: adminPointRewardSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPointReward(ctx, actorOf(request), request.body)),
  );
  app.put(
    "/api/admin/points/rewards/:id",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Change a reward (name in every language, points, amount, active, sort)",
        params: pointRewardParamsSchema,
        body: updatePointRewardBodySchema,
        response: { 200: adminPointRewardSchema, ...errors },
      },
    },
    async (request) => changePointReward(ctx, actorOf(request), request.params.id, request.body),
  );
  app.get(
    "/api/admin/points/payouts",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Reward claims per day and reward",
        querystring: pointPayoutsQuerySchema,
        response: { 200: pointPayoutsSchema, ...errors },
      },
    },
    async (request) => pointPayouts(ctx, request.query.start_date, request.query.end_date),
  );
}
