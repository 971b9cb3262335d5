import { errorBodySchema, gameLaunchBodySchema, gameLaunchResponseSchema } from "@shwe/contracts";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { launchGame } from "./launch.service.ts";

const errors = { "4xx": errorBodySchema };

/** Game launch (spec §7 getgamelaunch): POST with a JSON body, or GET with the same fields as query. */
export function registerLaunchRoutes(app: ZodApp, ctx: AppContext): void {
  const schema = {
    tags: ["games"],
    security: [{ bearer: [] }],
    summary: "Launch URL of a game for the signed-in player ({Url}); 422 PROVIDER_MAINTENANCE or NO_TRANSFER_IN",
    response: { 200: gameLaunchResponseSchema, ...errors },
  };
  app.post(
    "/api/getgamelaunch",
    { onRequest: ctx.guards.requireUser, schema: { ...schema, body: gameLaunchBodySchema } },
    async (request) => launchGame(ctx, currentUser(request).id, request.body, currentUser(request).tokenId),
  );
  app.get(
    "/api/getgamelaunch",
    { onRequest: ctx.guards.requireUser, schema: { ...schema, querystring: gameLaunchBodySchema } },
    async (request) => launchGame(ctx, currentUser(request).id, request.query, currentUser(request).tokenId),
  );
}
