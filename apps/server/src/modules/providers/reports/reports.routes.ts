import {
  dateRangeQuerySchema,
  errorBodySchema,
  gameReportParamsSchema,
  gameReportQuerySchema,
  gameReportSchema,
  transitionDetailsQuerySchema,
  transitionHistorySchema,
} from "@shwe/contracts";
import type { AppContext, ZodApp } from "../../../app-context.ts";
import { currentUser } from "../../../plugins/auth.ts";
import { gameReport, transitionHistory } from "./reports.service.ts";

const tags = ["games"];
const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };

/** Game reports: per provider (/api/game/report/{p_code}, /api/transition/details) and the summary. */
export function registerReportRoutes(app: ZodApp, ctx: AppContext): void {
  const onRequest = ctx.guards.requireUser;
  app.get(
    "/api/game/report/:p_code",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The player's rounds at one provider in a range of Asia/Yangon days",
        params: gameReportParamsSchema,
        querystring: gameReportQuerySchema,
        response: { 200: gameReportSchema, ...errors },
      },
    },
    async (request) => gameReport(ctx, currentUser(request).id, request.params.p_code, request.query),
  );
  app.get(
    "/api/transition/details",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Same as /api/game/report/{p_code}, with p_code in the query",
        querystring: transitionDetailsQuerySchema,
        response: { 200: gameReportSchema, ...errors },
      },
    },
    async (request) => gameReport(ctx, currentUser(request).id, request.query.p_code, request.query),
  );
  app.get(
    "/api/transition/history",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The player's rounds summed per provider in a range of Asia/Yangon days",
        querystring: dateRangeQuerySchema,
        response: { 200: transitionHistorySchema, ...errors },
      },
    },
    async (request) => transitionHistory(ctx, currentUser(request).id, request.query),
  );
}
