import { errorBodySchema, liveBroadcastBodySchema, liveChatBodySchema, liveConnectionsSchema, liveSentSchema } from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { actorOf } from "../content/audit.service.ts";
import type { RealtimeHub } from "../realtime/realtime.hub.ts";
import { connections, postBroadcast, postChat } from "./live.service.ts";

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}

/**
 * Operator console, live: ticker messages and broadcasts (every one audited) and the open sockets
 * over all server processes. The marquee is edited with PUT /api/admin/content/header_play_text; a
 * database trigger makes every change live.
 */
export function registerLiveRoutes(app: ZodApp, ctx: AppContext, hub: RealtimeHub): void {
  const guarded = { onRequest: noStore, preHandler: ctx.guards.requireOperator };
  const admin = { tags: ["admin"], security: [{ bearer: [] }] };

  app.post(
    "/api/admin/live/chat",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Send a chat ticker message to every open page (Burmese required, other languages fall back to it)",
        body: liveChatBodySchema,
        response: { 201: liveSentSchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const eventId = await postChat(ctx, actorOf(request), request.body);
      return reply.code(201).send({ event_id: eventId });
    },
  );

  app.post(
    "/api/admin/live/broadcast",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Send an announcement to everyone, or to one player by phone",
        body: liveBroadcastBodySchema,
        response: { 201: liveSentSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const eventId = await postBroadcast(ctx, actorOf(request), request.body);
      return reply.code(201).send({ event_id: eventId });
    },
  );

  app.get(
    "/api/admin/live/connections",
    { ...guarded, schema: { ...admin, summary: "Open sockets now, over every server process", response: { 200: liveConnectionsSchema } } },
    async () => {
      // This process's own numbers are written first, so they are never older than the request.
      await hub.reportPresence();
      return connections(ctx);
    },
  );
}
