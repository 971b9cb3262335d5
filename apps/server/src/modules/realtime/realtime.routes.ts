import { randomUUID } from "node:crypto";
import fastifyWebsocket from "@fastify/websocket";
import { SUPPORT_INBOX_TOPIC, WS_CLOSE, wsClientMessageSchema } from "@shwe/contracts";
import type { FastifyRequest } from "fastify";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { AppError } from "../../lib/errors.ts";
import { deletePresence, pruneLiveEvents, selectEventsByIds, selectRecentEventsAfter, upsertPresence } from "../live/live.repository.ts";
import { liveMessageOf, replayFor } from "../live/live.service.ts";
import { parseSupportNotice, SUPPORT_EVENT_CHANNEL, visitorConversationId } from "../support/support.service.ts";
import { type HubClient, type HubSocket, parseSessionEnd, RealtimeHub, type VisitorClient } from "./realtime.hub.ts";
import { balancePushStatements, parseBalanceNotice, pruneBalanceOutbox, readLiveBalances } from "./realtime.repository.ts";

/** A `ws` socket as the route handler receives it. */
interface WsSocket extends HubSocket {
  on(event: "message", fn: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): void;
  on(event: "pong" | "close", fn: () => void): void;
}

const OPEN = 1;
/** The largest message a client may send; a larger one closes its socket with 1009. */
export const MAX_MESSAGE_BYTES = 4096;
/** Close codes of RFC 6455: a message too big to process, and a protocol error. */
const CLOSE_TOO_LARGE = 1009;
const CLOSE_PROTOCOL_ERROR = 1002;
const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;
/** Tokens of open sockets are checked again every this many heartbeats (revoked or blocked → closed). */
const RECHECK_EVERY = 10;
/** Each process reports its open sockets this often, and about a second after any change. */
const PRESENCE_EVERY_MS = 10_000;
const PRESENCE_SETTLE_MS = 1_000;

/**
 * GET /api/ws: one WebSocket per tab. Auth by `?token=` or by a first message `{type: "auth", token}`
 * within 10 s; a visitor sends `{type: "hello"}` instead and gets public events only (results, chat
 * ticker, marquee, broadcasts to everyone; never balances). A bad token closes with 4401, a blocked
 * account with 4403, neither in time with 4408. Live events (live_events rows, announced by id on
 * the `live_event` channel at commit) reach every socket of every process; `{type: "resume", after}`
 * replays what a socket missed (see live.service.ts replayFor) and ends with `caught_up`, for
 * visitors as for players (public events only); a `caught_up` with `more` ended a full page, and a
 * `resume` after its `last_event_id` gets the next one. `{type: "watch", topics}` sets the topics a socket
 * hears (market readings, the console's inbox); a topic just started is sent its latest state at
 * once (hub.snapshotOf: a market's latest reading), so a socket back after a drop misses nothing.
 * A signed-in socket then gets `{type: "ready"}`, the current balances, and a
 * `{type: "balance", …}` message after every committed change, from whichever server process made
 * it (PostgreSQL notifications on the `balance` channel: one player id, or several comma-separated). `{type: "ping"}` answers `{type: "pong"}`.
 * Revoking the socket's token (sign-out, password change) closes it at once with 4401, blocking the
 * account with 4403, whichever process did it (`session_end` channel).
 */
export async function registerRealtimeRoutes(app: ZodApp, ctx: AppContext): Promise<RealtimeHub> {
  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    errorHandler: (err, socket, request) => onSocketError(ctx, err, socket as unknown as WsSocket, request),
  });
  const pushes = balancePushStatements(ctx.db);
  const hub = new RealtimeHub(
    pushes.read,
    async (userId) => {
      const lag = await pushes.markDelivered(userId);
      if (lag !== null) ctx.metrics.outboxLag(lag);
    },
    app.log,
  );
  const instanceId = randomUUID();

  /** Live event ids announced, delivered in order, one read of the database per batch. */
  const pendingIds: number[] = [];
  let pumping = false;
  let lastDelivered = 0;
  const deliver = (rows: Awaited<ReturnType<typeof selectEventsByIds>>) => {
    for (const row of rows) {
      hub.sendLive(row.userId, liveMessageOf(row));
      lastDelivered = Math.max(lastDelivered, row.id);
    }
  };
  const pump = async (): Promise<void> => {
    if (pumping) return;
    pumping = true;
    try {
      while (pendingIds.length > 0) {
        const ids = pendingIds.splice(0, 500);
        deliver(await selectEventsByIds(ctx.db, ids));
      }
    } catch (err) {
      app.log.warn({ err }, "live event delivery failed");
    } finally {
      pumping = false;
    }
  };

  let presenceTimer: NodeJS.Timeout | undefined;
  let closing = false;
  const reportPresence = async (): Promise<void> => {
    if (closing) return;
    await upsertPresence(ctx.db, instanceId, {
      sockets: hub.socketCount(),
      visitors: hub.visitors().length,
      playerIds: hub.userIds(),
    });
  };
  hub.reportPresence = reportPresence;
  /** A presence report as a background round: the database being away is told once per outage (lib/db-outage.ts). */
  const presenceRound = () => ctx.dbOutage.round("live_presence", reportPresence, "presence report failed");
  hub.onChange = () => {
    if (presenceTimer || closing) return;
    presenceTimer = setTimeout(() => {
      presenceTimer = undefined;
      void presenceRound();
    }, PRESENCE_SETTLE_MS);
    presenceTimer.unref();
  };

  const stops: (() => Promise<void>)[] = [];
  const timers: NodeJS.Timeout[] = [];

  app.addHook("onReady", async () => {
    stops.push(
      await ctx.database.listen(
        "balance",
        (payload) => {
          for (const userId of parseBalanceNotice(payload)) void hub.pushBalance(userId);
        },
        // The listening connection was lost and is back: changes made meanwhile were not announced.
        () => {
          for (const userId of new Set(hub.clients().map((c) => c.userId))) void hub.pushBalance(userId);
        },
      ),
    );
    stops.push(
      await ctx.database.listen(
        "live_event",
        (payload) => {
          const id = Number(payload);
          if (!Number.isSafeInteger(id) || id <= 0) return app.log.warn({ payload }, "bad live_event notification");
          pendingIds.push(id);
          void pump();
        },
        // Events announced while the listening connection was lost: read what came after the last one delivered.
        () =>
          void selectRecentEventsAfter(ctx.db, lastDelivered, 500)
            .then((rows) => {
              const known = new Set(pendingIds);
              deliver(rows.filter((r) => !known.has(r.id)));
            })
            .catch((err) => app.log.warn({ err }, "live event catch-up failed")),
      ),
    );
    // Support chat: changes of conversations to the operators' consoles, answers to visitors' sockets.
    stops.push(
      await ctx.database.listen(
        SUPPORT_EVENT_CHANNEL,
        (payload) => {
          const notice = parseSupportNotice(payload);
          if (!notice) return app.log.warn({ payload }, "bad support_event notification");
          if (notice.to === "staff") hub.sendTopic(SUPPORT_INBOX_TOPIC, notice.message);
          else hub.sendSupportConversation(notice.conversation_id, notice.message);
        },
        // Events announced while the listening connection was lost: everyone reads the conversations again.
        () => {
          hub.sendTopic(SUPPORT_INBOX_TOPIC, { type: "support_inbox", conversation_id: null, change: "resync" });
          for (const v of hub.visitors()) {
            if (v.supportConversation !== undefined)
              hub.sendRaw(v.socket, { type: "support_resync", conversation_id: v.supportConversation });
          }
        },
      ),
    );
    void presenceRound();
    const presence = setInterval(() => void presenceRound(), PRESENCE_EVERY_MS);
    presence.unref();
    timers.push(presence);
    // A revoked token or a blocked account closes its sockets on every process at once (the database
    // announces it at commit: triggers of migration 0012).
    stops.push(
      await ctx.database.listen(
        "session_end",
        (payload) => {
          const ended = parseSessionEnd(payload);
          if (ended) hub.sessionEnded(ended);
          else app.log.warn({ payload }, "bad session_end notification");
        },
        // Sign-outs and blocks announced while the listening connection was lost: check every socket
        // now, and those still being authenticated once they are in the hub.
        () => {
          hub.sessionEndsLost();
          void recheckTokens(ctx, hub);
        },
      ),
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
      for (const v of hub.visitors()) {
        if (!v.alive) {
          v.socket.terminate();
          hub.removeVisitor(v);
          continue;
        }
        v.alive = false;
        v.socket.ping();
      }
      if (beats % RECHECK_EVERY === 0) void recheckTokens(ctx, hub);
      if (beats % (RECHECK_EVERY * 2) === 0) {
        void pruneBalanceOutbox(ctx.db).catch(() => undefined);
        void pruneLiveEvents(ctx.db).catch(() => undefined);
      }
    }, HEARTBEAT_MS);
    heartbeat.unref();
    timers.push(heartbeat);
  });

  app.addHook("onClose", async () => {
    closing = true;
    clearTimeout(presenceTimer);
    for (const t of timers) clearInterval(t);
    for (const stop of stops.splice(0)) await stop().catch(() => undefined);
    hub.closeAll(1001, "Server shutting down");
    await deletePresence(ctx.db, instanceId).catch(() => undefined);
  });

  const wsHandler = (raw: unknown, request: FastifyRequest): void => {
    const socket = raw as WsSocket;
    const url = new URL(request.url, "http://localhost");
    const queryToken = url.searchParams.get("token");
    let client: HubClient | undefined;
    let visitor: VisitorClient | undefined;
    let authenticating = false;
    let resuming = false;
    /** Where this socket's last full replay page ended: a resume after it is the next page. */
    let pageEnd: number | undefined;
    /** Counts `watch` and `support_visitor` messages: an answer checked late never overrides a newer one. */
    let watchRound = 0;
    let joinRound = 0;

    const timer = setTimeout(() => {
      if (!client && !visitor) socket.close(WS_CLOSE.authTimeout, "Authentication timeout");
    }, AUTH_TIMEOUT_MS);
    timer.unref();

    const authenticate = async (token: string): Promise<void> => {
      authenticating = true;
      // A revocation announced while the token is being checked (the check may have read it just
      // before the commit) closes the socket at hub.add, not only at the next recheck minutes later.
      const checkedFrom = hub.sessionEndMark();
      const owner = token.length <= 200 ? await ctx.auth.verify(token).catch(() => undefined) : undefined;
      if (socket.readyState !== OPEN) return;
      if (!owner) return socket.close(WS_CLOSE.unauthenticated, "Unauthenticated");
      if (owner.blocked) return socket.close(WS_CLOSE.blocked, "Blocked");
      clearTimeout(timer);
      const me: HubClient = { socket, userId: owner.userId, token, tokenId: owner.tokenId, alive: true };
      const added = hub.add(me, checkedFrom);
      if (added === "ended") return;
      client = me;
      // Notices of the check's time were forgotten or lost: this one token is read again.
      if (added === "unsure") void recheckClient(ctx, hub, me);
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
      const me = client ?? visitor;
      if (!me) {
        if (msg?.type === "auth" && !authenticating) void authenticate(msg.token);
        else if (msg?.type === "hello" && !authenticating) {
          clearTimeout(timer);
          visitor = { socket, ip: request.ip, alive: true };
          hub.addVisitor(visitor);
          hub.sendRaw(socket, { type: "ready", user_id: null });
        } else if (!authenticating) socket.close(WS_CLOSE.unauthenticated, "Unauthenticated");
        return;
      }
      me.alive = true;
      if (msg?.type === "ping") hub.sendRaw(socket, { type: "pong" });
      else if (msg?.type === "watch") {
        const round = ++watchRound;
        const wanted = new Set<string>(msg.topics);
        const granted = (topics: Set<string>) => {
          const before = me.topics;
          me.topics = topics;
          hub.sendRaw(socket, { type: "watching", topics: [...topics] });
          // A topic just started (a page opened, or a socket back after a drop: the page watches again):
          // its latest state now, not at the next change. Visitors too: market readings are public.
          for (const topic of topics) {
            if (before?.has(topic)) continue;
            void hub
              .snapshotOf(topic)
              .then((snapshot) => {
                if (snapshot && me.topics?.has(topic)) hub.sendRaw(socket, snapshot);
              })
              .catch((err) => app.log.warn({ err, topic }, "topic snapshot failed"));
          }
        };
        if (!wanted.delete(SUPPORT_INBOX_TOPIC)) return granted(wanted);
        // The console's topic: an operator whose token passed the second factor, checked now (it may have since the socket opened).
        const token = client?.token;
        void (token === undefined ? Promise.resolve(false) : isConsoleToken(ctx, token)).then((ok) => {
          if (round !== watchRound) return;
          granted(ok ? new Set([...wanted, SUPPORT_INBOX_TOPIC]) : wanted);
        });
      } else if (msg?.type === "support_visitor") {
        // Signed-in players get their conversation's events as live events already.
        if (!visitor) return hub.sendRaw(socket, { type: "support_joined", conversation_id: null });
        const round = ++joinRound;
        const joining = visitor;
        void visitorConversationId(ctx, msg.token)
          .catch(() => undefined)
          .then((id) => {
            if (round !== joinRound) return;
            joining.supportConversation = id;
            hub.sendRaw(socket, { type: "support_joined", conversation_id: id ?? null });
          });
      } else if (msg?.type === "resume") {
        // One replay at a time per socket.
        if (resuming) return;
        resuming = true;
        const continued = msg.after !== undefined && msg.after === pageEnd;
        void replayFor(ctx, client?.userId ?? null, msg.after, continued)
          .then(({ messages, head, more }) => {
            pageEnd = more ? head : undefined;
            for (const m of messages) hub.sendRaw(socket, m);
            hub.sendRaw(socket, more ? { type: "caught_up", last_event_id: head, more: true } : { type: "caught_up", last_event_id: head });
          })
          .catch((err) => app.log.warn({ err }, "live replay failed"))
          .finally(() => {
            resuming = false;
          });
      } else if (!msg || msg.type === "auth" || msg.type === "hello") {
        hub.sendRaw(socket, { type: "error", code: "BAD_MESSAGE", message: "Unknown message." });
      }
    });
    socket.on("pong", () => {
      const me = client ?? visitor;
      if (me) me.alive = true;
    });
    socket.on("close", () => {
      clearTimeout(timer);
      if (client) hub.remove(client);
      if (visitor) hub.removeVisitor(visitor);
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

/**
 * An error on an open socket. A client that breaks the protocol (a message over MAX_MESSAGE_BYTES, a
 * bad frame: `ws` names these WS_ERR_*) is the client's fault and costs one debug line and a count
 * in `/metrics`, never an error line: anyone can send them. `ws` has already started the closing
 * handshake with the matching code (1009 for too large, 1002 for the rest); the socket is closed
 * with it here too, in case. Any other error stays an error and ends the socket at once.
 */
function onSocketError(ctx: AppContext, err: Error, socket: WsSocket, request: FastifyRequest): void {
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" && code.startsWith("WS_ERR_")) {
    const tooLarge = code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH";
    ctx.metrics.wsRefused(tooLarge ? "too_large" : "bad_frame");
    request.log.debug({ ws_error: code }, "websocket closed: the client broke the protocol");
    if (socket.readyState === OPEN)
      socket.close(tooLarge ? CLOSE_TOO_LARGE : CLOSE_PROTOCOL_ERROR, tooLarge ? "Message too large" : "Bad frame");
    return;
  }
  request.log.error({ err }, "websocket error");
  socket.terminate();
}

/** Whether a token may watch the console's topic: an operator or admin past the second factor (as requireOperator). */
async function isConsoleToken(ctx: Pick<AppContext, "auth" | "config">, token: string): Promise<boolean> {
  const owner = await ctx.auth.verify(token).catch(() => undefined);
  if (!owner || owner.blocked || owner.role === "player") return false;
  return owner.secondFactor || (ctx.config.operatorSecondFactor === "when-enrolled" && !owner.enrolled);
}

/** Closes the sockets whose token no longer signs anyone in, or whose account is blocked. */
export async function recheckTokens(ctx: Pick<AppContext, "auth">, hub: RealtimeHub): Promise<void> {
  for (const c of hub.clients()) await recheckClient(ctx, hub, c);
}

/** Closes this socket if its token no longer signs anyone in, or its account is blocked. */
export async function recheckClient(ctx: Pick<AppContext, "auth">, hub: RealtimeHub, c: HubClient): Promise<void> {
  // A database that cannot answer right now says nothing about the token: keep the socket.
  const owner = await ctx.auth.verify(c.token).catch(() => "unknown" as const);
  if (owner === "unknown") return;
  if (!owner) {
    c.socket.close(WS_CLOSE.unauthenticated, "Session expired");
    hub.remove(c);
  } else if (owner.blocked) {
    c.socket.close(WS_CLOSE.blocked, "Blocked");
    hub.remove(c);
  } else if (owner.role === "player" && c.topics?.has(SUPPORT_INBOX_TOPIC)) {
    // No longer an operator: the console's topic stops.
    c.topics = new Set([...c.topics].filter((t) => t !== SUPPORT_INBOX_TOPIC));
  }
}
