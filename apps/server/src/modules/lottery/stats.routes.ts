import {
  errorBodySchema,
  holidayImportBodySchema,
  holidayImportParamsSchema,
  holidayImportResultSchema,
  lotteryTypeParamsSchema,
  movedDayBodySchema,
  movedDayResponseSchema,
  numberStatsParamsSchema,
  numberStatsQuerySchema,
  numberStatsSchema,
  resultsMonthParamsSchema,
  resultsMonthQuerySchema,
  resultsMonthSchema,
} from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { CACHE_CONTROL, type PublicAnswerOptions, publicAnswer } from "../../plugins/public-reply.ts";
import { actorOf } from "../content/audit.service.ts";
import { moveDrawDay } from "./admin-games.service.ts";
import { importHolidays } from "./holidays.service.ts";
import { numberStats, resultsOfMonth, yangonMonth } from "./stats.service.ts";

/** base64 of a file a little over MAX_HOLIDAY_FILE_BYTES, plus the JSON around it. */
const HOLIDAY_BODY_LIMIT = 256 * 1024;
const errors = { 400: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };
const adminErrors = { ...errors, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };

/** The results calendar and number statistics (public, from the public cache) and the console's holiday import. */
export function registerLotteryStatsRoutes(app: ZodApp, ctx: AppContext): void {
  const answer = (name: string, schema: PublicAnswerOptions["schema"]) =>
    publicAnswer(ctx, name, { scope: "lottery", schema, cacheControl: CACHE_CONTROL.revalidate });
  const monthAnswer = answer("lottery_results_month", resultsMonthSchema);
  const statsAnswer = answer("lottery_number_stats", numberStatsSchema);

  app.get(
    "/api/lottery/results/:type",
    {
      compress: false,
      schema: {
        tags: ["lottery"],
        summary: "Settled results of an Asia/Yangon month with the feed values behind them, and the month's off days",
        params: resultsMonthParamsSchema,
        querystring: resultsMonthQuerySchema,
        response: { 200: resultsMonthSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const month = request.query.month ?? yangonMonth(ctx.clock.now());
      return monthAnswer(request, reply, `${type}|${month}`, () => resultsOfMonth(ctx, type, month));
    },
  );

  app.get(
    "/api/lottery/stats/:type",
    {
      compress: false,
      schema: {
        tags: ["lottery"],
        summary: "How often and how long ago each number, head and tail digit came in the last 30 or 90 days; hot and cold numbers",
        params: numberStatsParamsSchema,
        querystring: numberStatsQuerySchema,
        response: { 200: numberStatsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const days = request.query.days ?? 30;
      // The window moves with the Asia/Yangon day.
      return statsAnswer(request, reply, `${type}|${days}|${yangonDate(ctx.clock.now())}`, () => numberStats(ctx, type, days));
    },
  );

  app.post(
    "/api/admin/lottery/markets/:market/holidays",
    {
      onRequest: ctx.guards.requireAdmin,
      // Room for a file over the reader's 64 KB, so it is refused by name (FILE_TOO_LARGE) rather than as a 413.
      bodyLimit: HOLIDAY_BODY_LIMIT,
      schema: {
        tags: ["admin", "lottery"],
        security: [{ bearer: [] }],
        summary: "Preview or apply the exchange's holiday file (CSV date,name or iCalendar) as off days of the market's games",
        params: holidayImportParamsSchema,
        body: holidayImportBodySchema,
        response: { 200: holidayImportResultSchema, ...adminErrors },
      },
    },
    async (request) => importHolidays(ctx, request.params.market, request.body, actorOf(request)),
  );

  app.post(
    "/api/admin/lottery/:type/moved-days",
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        tags: ["admin", "lottery"],
        security: [{ bearer: [] }],
        summary:
          "Move a draw day (3D: a Thai Government Lottery date moved around a holiday): from becomes an off day, to an extra draw day",
        params: lotteryTypeParamsSchema,
        body: movedDayBodySchema,
        response: { 200: movedDayResponseSchema, ...adminErrors },
      },
    },
    async (request) => moveDrawDay(ctx, request.params.type, request.body.from, request.body.to, actorOf(request)),
  );
}
