import { errorBodySchema, gameLaunchBodySchema, gameLaunchResponseSchema } from "@shwe/contracts";
import type { FastifyRequest } from "fastify";
import type { AppContext, ZodApp } from "../../../app-context.ts";
import { currentUser } from "../../../plugins/auth.ts";
import { launchGame } from "./launch.service.ts";
import type { LaunchClient } from "./provider-adapter.ts";

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
    async (request) => launchGame(ctx, currentUser(request).id, request.body, currentUser(request).tokenId, launchClient(request)),
  );
  app.get(
    "/api/getgamelaunch",
    { onRequest: ctx.guards.requireUser, schema: { ...schema, querystring: gameLaunchBodySchema } },
    async (request) => launchGame(ctx, currentUser(request).id, request.query, currentUser(request).tokenId, launchClient(request)),
  );
}

/** The player's IP, device and the site origin as this request shows them (trusted proxies applied). */
function launchClient(request: FastifyRequest): LaunchClient {
  const agent = request.headers["user-agent"];
  return {
    ip: request.ip,
    userAgent: typeof agent === "string" ? agent.slice(0, 500) : undefined,
    origin: `${request.protocol}://${request.host}`,
  };
}
