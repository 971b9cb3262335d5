import {
  betBodySchema,
  betResponseSchema,
  betSlipHistorySchema,
  boardBodySchema,
  boardQuerySchema,
  boardResponseSchema,
  dateRangeQuerySchema,
  errorBodySchema,
  fairDrawParamsSchema,
  fairDrawSchema,
  LOTTERY_PATHS,
  type LotteryType,
  lotteryTypeParamsSchema,
  luckyDailySchema,
  luckyHistoryQuerySchema,
  luckyHistorySchema,
  luckyNumber1dSchema,
  sectionResponseSchema,
  winnerListSchema,
  winnerQuerySchema,
} from "@shwe/contracts";
import { LOTTERY_TYPES } from "@shwe/domain";
import type { AppContext, ZodApp } from "../../app.ts";
import { currentUser } from "../../plugins/auth.ts";
import { idempotencyHeadersSchema, idempotencyKeyOf, sendMoneyResult } from "../ledger/money-call.ts";
import { placeBet } from "./betting.service.ts";
import { board, fairDraw, luckyDaily, luckyHistory, sections, slipHistory, winners } from "./public.service.ts";

const errors = { 400: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };
const playerErrors = { ...errors, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };
/** A slip carries at most 1,000 lines; a larger one must still be read to be refused with 400, not 413. */
const BET_BODY_LIMIT = 512 * 1024;

/** Public lottery pages (no token) and the player's bets and slip history (api.md "Lotteries"). */
export function registerLotteryRoutes(app: ZodApp, ctx: AppContext): void {
  for (const type of LOTTERY_TYPES as readonly LotteryType[]) registerGameRoutes(app, ctx, type);

  app.get(
    "/api/luckynumber_daily",
    { schema: { tags: ["lottery"], summary: "Today's draws of every game with their numbers", response: { 200: luckyDailySchema } } },
    async () => luckyDaily(ctx),
  );

  app.get(
    "/api/luckynumber1d",
    { schema: { tags: ["lottery"], summary: "Today's 1D draws with their numbers", response: { 200: luckyNumber1dSchema } } },
    async () => ({ data: (await luckyDaily(ctx, "1D")).map(({ type: _type, ...rest }) => rest) }),
  );

  app.get(
    "/api/luckynumber_history/:type",
    {
      schema: {
        tags: ["lottery"],
        summary: "Settled results of a game in a range of Asia/Yangon days, with fair-draw proofs",
        params: lotteryTypeParamsSchema,
        querystring: luckyHistoryQuerySchema,
        response: { 200: luckyHistorySchema, ...errors },
      },
    },
    async (request) => luckyHistory(ctx, request.params.type, request.query),
  );

  app.get(
    "/api/winner_users/:type",
    {
      schema: {
        tags: ["lottery"],
        summary: "Winners of a settled draw (default the latest), phones masked, highest win first",
        params: lotteryTypeParamsSchema,
        querystring: winnerQuerySchema,
        response: { 200: winnerListSchema, ...errors },
      },
    },
    async (request) => winners(ctx, request.params.type, request.query.draw_id),
  );

  app.get(
    "/api/lottery/fair/:draw_id",
    {
      schema: {
        tags: ["lottery"],
        summary: "Fair-draw commitment before the draw; seed, number and check after",
        params: fairDrawParamsSchema,
        response: { 200: fairDrawSchema, ...errors },
      },
    },
    async (request) => fairDraw(ctx, request.params.draw_id),
  );
}

function registerGameRoutes(app: ZodApp, ctx: AppContext, type: LotteryType): void {
  const paths = LOTTERY_PATHS[type];
  app.get(
    `/api/${paths.section}`,
    { schema: { tags: ["lottery"], summary: `${type} draws taking bets`, response: { 200: sectionResponseSchema } } },
    async () => sections(ctx, type),
  );

  if (type === "3D") {
    app.get(
      `/api/${paths.board}`,
      {
        schema: {
          tags: ["lottery"],
          summary: "3D betting board of a draw",
          querystring: boardQuerySchema,
          response: { 200: boardResponseSchema, ...errors },
        },
      },
      async (request) => board(ctx, type, request.query.draw_id),
    );
  } else {
    app.post(
      `/api/${paths.board}`,
      {
        schema: {
          tags: ["lottery"],
          summary: `${type} betting board of a draw`,
          body: boardBodySchema,
          response: { 200: boardResponseSchema, ...errors },
        },
      },
      async (request) => board(ctx, type, request.body.draw_id),
    );
  }

  app.post(
    `/api/${paths.bet}`,
    {
      onRequest: ctx.guards.requireUser,
      bodyLimit: BET_BODY_LIMIT,
      schema: {
        tags: ["lottery"],
        summary: `Place a ${type} slip`,
        security: [{ bearer: [] }],
        headers: idempotencyHeadersSchema,
        body: betBodySchema,
        response: { 201: betResponseSchema, ...playerErrors },
      },
    },
    async (request, reply) => {
      const result = await placeBet(ctx, currentUser(request).id, type, request.body, idempotencyKeyOf(request));
      return sendMoneyResult(reply, result);
    },
  );

  app.get(
    `/api/${paths.history}`,
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        tags: ["lottery"],
        summary: `The player's ${type} slips in a range of Asia/Yangon days`,
        security: [{ bearer: [] }],
        querystring: dateRangeQuerySchema,
        response: { 200: betSlipHistorySchema, ...playerErrors },
      },
    },
    async (request) => slipHistory(ctx, currentUser(request).id, type, request.query),
  );
}
