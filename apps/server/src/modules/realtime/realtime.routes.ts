import fastifyWebsocket from "@fastify/websocket";
import { WS_CLOSE, wsClientMessageSchema } from "@shwe/contracts";
import type { FastifyRequest } from "fastify";
import type { AppContext, ZodApp } from "../../app.ts";
import { AppError } from "../../lib/errors.ts";
import { type HubClient, type HubSocket, RealtimeHub } from "./realtime.hub.ts";
import { markBalanceDelivered, parseBalanceNotice, pruneBalanceOutbox, readLiveBalances } from "./realtime.repository.ts";

/** A `ws` socket as the route handler receives it. */
interface WsSocket extends HubSocket {
  on(event: "message", fn: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): void;
  on(event: "pong" | "close", fn: () => void): void;
}

const OPEN = 1;
const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;
/** Tokens of open sockets are checked again every this many heartbeats (revoked or blocked → closed). */
const RECHECK_EVERY = 10;

/**
 * GET /api/ws: one authenticated WebSocket per signed-in tab. Auth by `?token=` or by a first
 * message `{type: "auth", token}` within 10 s; a bad token closes with 4401, a blocked account with
 * 4403, no auth in time with 4408. Then `{type: "ready"}`, the current balances, and a
 * `{type: "balance", …}` message after every committed change, from whichever server process made
 * it (PostgreSQL notifications on the `balance` channel: one player id, or several comma-separated). `{type: "ping"}` answers `{type: "pong"}`.
 */
export async function registerRealtimeRoutes(app: ZodApp, ctx: AppContext): Promise<RealtimeHub> {
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  const hub = new RealtimeHub(
    (userId) => readLiveBalances(ctx.db, userId),
    (userId) => markBalanceDelivered(ctx.db, userId),
    app.log,
  );

  const stops: (() => Promise<void>)[] = [];
  const timers: NodeJS.Timeout[] = [];

  app.addHook("onReady", async () => {
    stops.push(
      await ctx.database.listen("balance", (payload) => {
        for (const userId of parseBalanceNotice(payload)) void hub.pushBalance(userId);
      }),
    );
    stops.push(
      await ctx.database.listen("realtime", (payload) => {
        try {
          const { user_id, message } = JSON.parse(payload) as { user_id: number | null; message: Record<string, unknown> };
          if (user_id === null) hub.broadcast(message);
          else hub.sendToUser(user_id, message);
        } catch (err) {
          app.log.warn({ err }, "bad realtime notification");
        }
      }),
    );
    let beats = 0;
    const heartbeat = setInterval(() => {
      beats++;
      for (const c of hub.clients()) {
        if (!c.alive) {
          c.socket.terminate();
          hub.remove(c);
          continue;
        }
        c.alive = false;
        c.socket.ping();
      }
      if (beats % RECHECK_EVERY === 0) void recheckTokens(ctx, hub);
      if (beats % (RECHECK_EVERY * 2) === 0) void pruneBalanceOutbox(ctx.db).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    timers.push(heartbeat);
  });

  app.addHook("onClose", async () => {
    for (const t of timers) clearInterval(t);
    for (const stop of stops.splice(0)) await stop().catch(() => undefined);
    hub.closeAll(1001, "Server shutting down");
  });

  const wsHandler = (raw: unknown, request: FastifyRequest): void => {
    const socket = raw as WsSocket;
    const url = new URL(request.url, "http://localhost");
    const queryToken = url.searchParams.get("token");
    let client: HubClient | undefined;
    let authenticating = false;

    const timer = setTimeout(() => {
      if (!client) socket.close(WS_CLOSE.authTimeout, "Authentication timeout");
    }, AUTH_TIMEOUT_MS);
    timer.unref();

    const authenticate = async (token: string): Promise<void> => {
      authenticating = true;
      const owner = token.length <= 200 ? await ctx.auth.verify(token).catch(() => undefined) : undefined;
      if (socket.readyState !== OPEN) return;
      if (!owner) return socket.close(WS_CLOSE.unauthenticated, "Unauthenticated");
      if (owner.blocked) return socket.close(WS_CLOSE.blocked, "Blocked");
      clearTimeout(timer);
      const me: HubClient = { socket, userId: owner.userId, token, alive: true };
      client = me;
      hub.add(me);
      hub.send(me, { type: "ready", user_id: owner.userId });
      const b = await readLiveBalances(ctx.db, owner.userId).catch(() => undefined);
      if (b) hub.send(me, { type: "balance", ...b });
    };

    socket.on("message", (data, isBinary) => {
      let parsed: ReturnType<typeof wsClientMessageSchema.safeParse> | undefined;
      if (!isBinary) {
        try {
          parsed = wsClientMessageSchema.safeParse(JSON.parse(String(data)));
        } catch {
          parsed = undefined;
        }
      }
      const msg = parsed?.success ? parsed.data : undefined;
      if (!client) {
        if (msg?.type === "auth" && !authenticating) void authenticate(msg.token);
        else if (!authenticating) socket.close(WS_CLOSE.unauthenticated, "Unauthenticated");
        return;
      }
      client.alive = true;
      if (msg?.type === "ping") hub.send(client, { type: "pong" });
      else if (!msg) hub.send(client, { type: "error", code: "BAD_MESSAGE", message: "Unknown message." });
    });
    socket.on("pong", () => {
      if (client) client.alive = true;
    });
    socket.on("close", () => {
      clearTimeout(timer);
      if (client) hub.remove(client);
    });

    if (queryToken !== null) void authenticate(queryToken);
  };

  app.route({
    method: "GET",
    url: "/api/ws",
    schema: { hide: true },
    // A plain HTTP request (no WebSocket upgrade) gets the error body instead of a socket.
    handler: async () => {
      throw new AppError(426, "UPGRADE_REQUIRED", "Open this address as a WebSocket.");
    },
    wsHandler: wsHandler as never,
  });

  return hub;
}

async function recheckTokens(ctx: AppContext, hub: RealtimeHub): Promise<void> {
  for (const c of hub.clients()) {
    const owner = await ctx.auth.verify(c.token).catch(() => undefined);
    if (!owner) {
      c.socket.close(WS_CLOSE.unauthenticated, "Session expired");
      hub.remove(c);
    } else if (owner.blocked) {
      c.socket.close(WS_CLOSE.blocked, "Blocked");
      hub.remove(c);
    }
  }
}
