import {
  betBodySchema,
  betResponseSchema,
  betSlipHistorySchema,
  boardBodySchema,
  boardQuerySchema,
  boardResponseSchema,
  errorBodySchema,
  fairDrawParamsSchema,
  fairDrawSchema,
  historyQuerySchema,
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
import { LOTTERY_TYPES, yangonDate } from "@shwe/domain";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { CACHE_CONTROL, type PublicAnswerOptions, publicAnswer } from "../../plugins/public-reply.ts";
import { pageRequestOf } from "../ledger/history-page.ts";
import { yangonDayRange } from "../ledger/history-range.ts";
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

  // The public pages below are answered from the public cache (plugins/public-reply.ts), which
  // compresses them itself: the compression plugin is off for them. Browsers revalidate each use:
  // the app asks again when a result arrives live.
  const answer = (name: string, schema: PublicAnswerOptions["schema"]) =>
    publicAnswer(ctx, name, { scope: "lottery", schema, cacheControl: CACHE_CONTROL.revalidate });
  const dailyAnswer = answer("luckynumber_daily", luckyDailySchema);
  const daily1dAnswer = answer("luckynumber1d", luckyNumber1dSchema);
  const historyAnswer = answer("luckynumber_history", luckyHistorySchema);
  const winnersAnswer = answer("winner_users", winnerListSchema);
  const fairAnswer = answer("lottery_fair", fairDrawSchema);

  app.get(
    "/api/luckynumber_daily",
    {
      compress: false,
      schema: { tags: ["lottery"], summary: "Today's draws of every game with their numbers", response: { 200: luckyDailySchema } },
    },
    async (request, reply) => {
      const now = ctx.clock.now();
      return dailyAnswer(request, reply, yangonDate(now), () => luckyDaily(ctx, undefined, now));
    },
  );

  app.get(
    "/api/luckynumber1d",
    {
      compress: false,
      schema: { tags: ["lottery"], summary: "Today's 1D draws with their numbers", response: { 200: luckyNumber1dSchema } },
    },
    async (request, reply) => {
      const now = ctx.clock.now();
      return daily1dAnswer(request, reply, yangonDate(now), async () => ({
        data: (await luckyDaily(ctx, "1D", now)).map(({ type: _type, ...rest }) => rest),
      }));
    },
  );

  app.get(
    "/api/luckynumber_history/:type",
    {
      compress: false,
      schema: {
        tags: ["lottery"],
        summary: "Settled results of a game in a range of Asia/Yangon days, with fair-draw proofs",
        params: lotteryTypeParamsSchema,
        querystring: luckyHistoryQuerySchema,
        response: { 200: luckyHistorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const range = yangonDayRange(request.query.start_date, request.query.end_date, ctx.clock.now());
      const page = pageRequestOf(request.query);
      const after = page.after ? `${page.after.at}/${page.after.id}` : "";
      const key = `${type}|${range.from.toISOString()}|${range.to.toISOString()}|${page.limit}|${after}`;
      return historyAnswer(request, reply, key, () => luckyHistory(ctx, type, range, page));
    },
  );

  app.get(
    "/api/winner_users/:type",
    {
      compress: false,
      schema: {
        tags: ["lottery"],
        summary: "Winners of a settled draw (default the latest), phones masked, highest win first",
        params: lotteryTypeParamsSchema,
        querystring: winnerQuerySchema,
        response: { 200: winnerListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const drawId = request.query.draw_id;
      return winnersAnswer(request, reply, `${type}|${drawId ?? "latest"}`, () => winners(ctx, type, drawId));
    },
  );

  app.get(
    "/api/lottery/fair/:draw_id",
    {
      compress: false,
      schema: {
        tags: ["lottery"],
        summary: "Fair-draw commitment before the draw; seed, number and check after",
        params: fairDrawParamsSchema,
        response: { 200: fairDrawSchema, ...errors },
      },
    },
    async (request, reply) => {
      const drawId = request.params.draw_id;
      return fairAnswer(request, reply, String(drawId), () => fairDraw(ctx, drawId));
    },
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
        // 429: too many of the player's slips waiting for the general path at once (decision 0029).
        response: { 201: betResponseSchema, ...playerErrors, 429: errorBodySchema },
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
        querystring: historyQuerySchema,
        response: { 200: betSlipHistorySchema, ...playerErrors },
      },
    },
    async (request) => slipHistory(ctx, currentUser(request).id, type, request.query),
  );
}
