import {
  adminDrawListSchema,
  adminDrawParamsSchema,
  adminDrawQuerySchema,
  adminDrawSchema,
  adminLotteryGameListSchema,
  adminLotteryGameSchema,
  adminLotteryUpdateSchema,
  drawConfirmBodySchema,
  drawDecisionSchema,
  drawResultBodySchema,
  drawVoidBodySchema,
  errorBodySchema,
  feedConfigResponseSchema,
  feedConfigSchema,
  lotteryTypeParamsSchema,
  numberRuleListSchema,
  numberRuleUpdateSchema,
  offDayBodySchema,
  offDayParamsSchema,
  offDaysResponseSchema,
} from "@shwe/contracts";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { actorOf } from "../content/audit.service.ts";
import { getDraw, listDraws } from "./admin-draws.service.ts";
import { changeOffDay, feedOf, getGame, listGames, numberRulesOf, setFeed, setNumberRules, updateGame } from "./admin-games.service.ts";
import { confirmResult, enterResult } from "./results.service.ts";
import { voidDraw } from "./settlement.service.ts";

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

/** Operator lottery calls (api.md "Operator calls"): draws and their results, game configuration. Every change is audited. */
export function registerLotteryAdminRoutes(app: ZodApp, ctx: AppContext): void {
  const admin = { onRequest: ctx.guards.requireOperator };
  const base = { tags: ["admin", "lottery"], security: [{ bearer: [] }] };

  app.get(
    "/api/admin/draws",
    {
      ...admin,
      schema: {
        ...base,
        summary: "Draws with results, stakes and exposure per number",
        querystring: adminDrawQuerySchema,
        response: { 200: adminDrawListSchema, ...errors },
      },
    },
    async (request) => listDraws(ctx, request.query, currentUser(request).id),
  );

  app.get(
    "/api/admin/draws/:draw_id",
    { ...admin, schema: { ...base, summary: "One draw", params: adminDrawParamsSchema, response: { 200: adminDrawSchema, ...errors } } },
    async (request) => getDraw(ctx, request.params.draw_id, currentUser(request).id),
  );

  app.post(
    "/api/admin/draws/:draw_id/result",
    {
      ...admin,
      schema: {
        ...base,
        summary: "Enter a draw's number (a different operator confirms it)",
        params: adminDrawParamsSchema,
        body: drawResultBodySchema,
        response: { 200: drawDecisionSchema, ...errors },
      },
    },
    async (request) => enterResult(ctx, request.params.draw_id, request.body.number, actorOf(request)),
  );

  app.post(
    "/api/admin/draws/:draw_id/confirm",
    {
      ...admin,
      schema: {
        ...base,
        summary:
          "Confirm the entered number by typing it (409 RESULT_MISMATCH if it differs, 409 RESULT_CHANGED if it was re-entered) and settle the draw",
        params: adminDrawParamsSchema,
        body: drawConfirmBodySchema,
        response: { 200: drawDecisionSchema, ...errors },
      },
    },
    async (request) => confirmResult(ctx, request.params.draw_id, request.body, actorOf(request)),
  );

  app.post(
    "/api/admin/draws/:draw_id/void",
    {
      ...admin,
      schema: {
        ...base,
        summary: "Void a draw and refund every stake",
        params: adminDrawParamsSchema,
        body: drawVoidBodySchema,
        response: { 200: drawDecisionSchema, ...errors },
      },
    },
    async (request) => {
      const draw = await voidDraw(ctx, request.params.draw_id, request.body.reason, actorOf(request));
      return { draw_id: draw.id, status: draw.status };
    },
  );

  app.get(
    "/api/admin/lottery",
    {
      ...admin,
      schema: { ...base, summary: "Lottery games with their configuration", response: { 200: adminLotteryGameListSchema, ...errors } },
    },
    async () => listGames(ctx),
  );

  app.get(
    "/api/admin/lottery/:type",
    {
      ...admin,
      schema: {
        ...base,
        summary: "One lottery game",
        params: lotteryTypeParamsSchema,
        response: { 200: adminLotteryGameSchema, ...errors },
      },
    },
    async (request) => getGame(ctx, request.params.type),
  );

  app.put(
    "/api/admin/lottery/:type",
    {
      ...admin,
      schema: {
        ...base,
        summary: "Change odds, name, enabled, result source, schedule or stake limits",
        params: lotteryTypeParamsSchema,
        body: adminLotteryUpdateSchema,
        response: { 200: adminLotteryGameSchema, ...errors },
      },
    },
    async (request) => updateGame(ctx, request.params.type, request.body, actorOf(request)),
  );

  app.get(
    "/api/admin/lottery/:type/numbers",
    {
      ...admin,
      schema: {
        ...base,
        summary: "Hot and blocked numbers",
        params: lotteryTypeParamsSchema,
        response: { 200: numberRuleListSchema, ...errors },
      },
    },
    async (request) => numberRulesOf(ctx, request.params.type),
  );

  app.put(
    "/api/admin/lottery/:type/numbers",
    {
      ...admin,
      schema: {
        ...base,
        summary: "Mark numbers hot and/or blocked, or clear the marks",
        params: lotteryTypeParamsSchema,
        body: numberRuleUpdateSchema,
        response: { 200: numberRuleListSchema, ...errors },
      },
    },
    async (request) => setNumberRules(ctx, request.params.type, request.body, actorOf(request)),
  );

  app.post(
    "/api/admin/lottery/:type/off-days",
    {
      ...admin,
      schema: {
        ...base,
        summary: "Add an off day (its draws are removed, or voided with refunds when they have bets)",
        params: lotteryTypeParamsSchema,
        body: offDayBodySchema,
        response: { 200: offDaysResponseSchema, ...errors },
      },
    },
    async (request) => changeOffDay(ctx, request.params.type, request.body.day, true, actorOf(request)),
  );

  app.delete(
    "/api/admin/lottery/:type/off-days/:day",
    {
      ...admin,
      schema: { ...base, summary: "Remove an off day", params: offDayParamsSchema, response: { 200: offDaysResponseSchema, ...errors } },
    },
    async (request) => changeOffDay(ctx, request.params.type, request.params.day, false, actorOf(request)),
  );

  app.get(
    "/api/admin/lottery/:type/feed",
    {
      ...admin,
      schema: {
        ...base,
        summary: "The game's result feed",
        params: lotteryTypeParamsSchema,
        response: { 200: feedConfigResponseSchema, ...errors },
      },
    },
    async (request) => feedOf(ctx, request.params.type),
  );

  app.put(
    "/api/admin/lottery/:type/feed",
    {
      ...admin,
      schema: {
        ...base,
        summary: "Set the game's result feed (URL and JSON paths)",
        params: lotteryTypeParamsSchema,
        body: feedConfigSchema,
        response: { 200: feedConfigResponseSchema, ...errors },
      },
    },
    async (request) => setFeed(ctx, request.params.type, request.body, actorOf(request)),
  );
}
