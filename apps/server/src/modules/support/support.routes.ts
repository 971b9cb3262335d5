import {
  adminSupportInboxSchema,
  adminSupportThreadSchema,
  errorBodySchema,
  SUPPORT_TOKEN_HEADER,
  supportAssignBodySchema,
  supportCannedBodySchema,
  supportCannedListSchema,
  supportCannedSchema,
  supportInboxQuerySchema,
  supportMessageSchema,
  supportOperatorsSchema,
  supportPlayerContextSchema,
  supportReadBodySchema,
  supportSendBodySchema,
  supportStatsSchema,
  supportTextSchema,
  supportThreadSchema,
  supportVisitorBodySchema,
  supportVisitorResponseSchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { AppError, unauthenticated } from "../../lib/errors.ts";
import { invalidField, parseInput } from "../../lib/validation.ts";
import { currentUser } from "../../plugins/auth.ts";
import { actorOf } from "../content/audit.service.ts";
import {
  adminImage,
  adminThread,
  assignableOperators,
  assignConversation,
  cannedAnswers,
  createCanned,
  editCanned,
  inbox,
  markReadByPlayer,
  playerContext,
  playerImage,
  playerThread,
  playerTyping,
  removeCanned,
  type SupportCaller,
  sendPlayerMessage,
  sendStaffMessage,
  setConversationStatus,
  staffTyping,
  startVisitorConversation,
  supportStats,
} from "./support.service.ts";

const playerTags = ["support"];
const adminTags = ["admin"];
const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };
const idParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const idParams = z.strictObject({ id: idParam });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of the chat (counted in the shared rate-limit store, so they hold over every instance). */
export const SUPPORT_LIMITS = {
  /** Messages from one player or visitor, and from one address. */
  send: [
    { by: "caller", max: 20, windowMs: MINUTE },
    { by: "ip", max: 60, windowMs: MINUTE },
  ],
  /** New visitor conversations from one address. */
  visitor: [{ by: "ip", max: 5, windowMs: HOUR }],
  /** Typing notices and read marks. */
  signal: [{ by: "caller", max: 60, windowMs: MINUTE }],
  /** An operator's answers. */
  staff: [{ by: "caller", max: 60, windowMs: MINUTE }],
} as const satisfies Record<string, readonly { by: "caller" | "ip"; max: number; windowMs: number }[]>;

function noStore(reply: FastifyReply): void {
  void reply.header("cache-control", "no-store");
}

function sendPrivateJpeg(reply: FastifyReply, image: Buffer) {
  return reply.type("image/jpeg").header("cache-control", "private, no-store").send(image);
}

/** The caller of a player-side route: the signed-in player, else a visitor with a conversation token, else 401. */
function callerOf(request: FastifyRequest): SupportCaller {
  const user = request.authUser;
  if (user) return { kind: "player", userId: user.id };
  const token = request.headers[SUPPORT_TOKEN_HEADER];
  if (typeof token === "string" && token.length >= 16 && token.length <= 100) return { kind: "visitor", token };
  throw unauthenticated("Sign in, or give a phone number to start a chat.");
}

/**
 * The multipart form of an image message: one file in `image` (required) and an optional `text`
 * caption (the message's length rules); anything else is refused before anything is stored.
 */
async function readImageForm(request: FastifyRequest): Promise<{ text: string; image: Buffer }> {
  let image: Buffer | undefined;
  let caption = "";
  for await (const part of request.parts()) {
    if (part.type === "file") {
      if (part.fieldname !== "image" || image) {
        part.file.resume();
        throw invalidField([{ field: part.fieldname, message: "is not an accepted file field (send one file in `image`)" }]);
      }
      image = await part.toBuffer();
    } else if (part.fieldname === "text") {
      caption = String(part.value);
    } else {
      throw invalidField([{ field: part.fieldname, message: "is not an accepted field" }]);
    }
  }
  if (!image) throw invalidField([{ field: "image", message: "is required" }]);
  const text = caption.trim() === "" ? "" : parseInput(supportTextSchema, caption, "text");
  return { text, image };
}

function callerKey(request: FastifyRequest): string {
  if (request.authUser) return `u${request.authUser.id}`;
  const token = request.headers[SUPPORT_TOKEN_HEADER];
  return typeof token === "string" ? `v${sha256Hex(token).slice(0, 32)}` : `ip${request.ip}`;
}

export function registerSupportRoutes(app: ZodApp, ctx: AppContext): void {
  const config = ctx.config.rateLimits;

  /** A pre-handler enforcing one named set of limits; over a limit → 429 RATE_LIMITED with retry_after. */
  const limiter = (name: keyof typeof SUPPORT_LIMITS) => {
    if (!config.enabled) return async () => undefined;
    const checks = SUPPORT_LIMITS[name].map((rule) =>
      app.createRateLimit({
        max: Math.max(1, Math.round(rule.max * config.factor)),
        timeWindow: rule.windowMs,
        keyGenerator: (request) =>
          `support_${name}:${rule.by}:${sha256Hex(rule.by === "ip" ? request.ip : callerKey(request)).slice(0, 32)}`,
      }),
    );
    return async (request: FastifyRequest) => {
      for (const check of checks) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError(429, "RATE_LIMITED", "Too many messages. Please wait and try again.", {
            retry_after: Math.max(1, result.ttlInSeconds),
          });
        }
      }
    };
  };
  const optional = ctx.guards.optionalUser;
  const operator = ctx.guards.requireOperator;

  // ---- The player's (or visitor's) side ----

  app.post(
    "/api/support/visitor",
    {
      preHandler: limiter("visitor"),
      schema: {
        tags: playerTags,
        summary: "A visitor gives a phone number and gets a conversation token (sent back in X-Support-Token)",
        body: supportVisitorBodySchema,
        response: { 201: supportVisitorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return reply.code(201).send(await startVisitorConversation(ctx, request.body.phone));
    },
  );

  app.get(
    "/api/support/conversation",
    {
      preHandler: optional,
      schema: {
        tags: playerTags,
        security,
        summary: "The caller's conversation and its newest messages, oldest first (a player without one: null)",
        response: { 200: supportThreadSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return playerThread(ctx, callerOf(request));
    },
  );

  app.post(
    "/api/support/messages",
    {
      preHandler: [optional, limiter("send")],
      schema: {
        tags: playerTags,
        security,
        summary: "Send a text message (1 to 1,000 characters, shown as text)",
        body: supportSendBodySchema,
        response: { 201: supportMessageSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await sendPlayerMessage(ctx, callerOf(request), { text: request.body.text })),
  );

  app.post(
    "/api/support/images",
    {
      preHandler: [optional, limiter("send")],
      schema: {
        tags: playerTags,
        security,
        summary: "Send an image (multipart: `image`, JPEG/PNG/WebP up to 5 MB, re-encoded; optional `text` caption)",
        consumes: ["multipart/form-data"],
        response: { 201: supportMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      return reply.code(201).send(await sendPlayerMessage(ctx, caller, await readImageForm(request)));
    },
  );

  app.post(
    "/api/support/read",
    {
      preHandler: [optional, limiter("signal")],
      schema: {
        tags: playerTags,
        security,
        summary: "The player read the staff messages up to `up_to`",
        body: supportReadBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markReadByPlayer(ctx, callerOf(request), request.body.up_to);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/support/typing",
    {
      preHandler: [optional, limiter("signal")],
      schema: {
        tags: playerTags,
        security,
        summary: "The player is typing (shown to operators for a few seconds)",
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await playerTyping(ctx, callerOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/support/images/:id",
    {
      preHandler: optional,
      schema: {
        tags: playerTags,
        security,
        summary: "An image of the caller's own conversation (JPEG)",
        params: idParams,
        response: { ...errors },
      },
    },
    async (request, reply) => sendPrivateJpeg(reply, await playerImage(ctx, callerOf(request), request.params.id)),
  );

  // ---- The console ----

  const guarded = { onRequest: async (_r: FastifyRequest, reply: FastifyReply) => noStore(reply), preHandler: operator };

  app.get(
    "/api/admin/support/conversations",
    {
      ...guarded,
      schema: {
        tags: adminTags,
        security,
        summary: "The support inbox: open, mine (open and mine) or closed, newest activity first",
        querystring: supportInboxQuerySchema,
        response: { 200: adminSupportInboxSchema, ...errors },
      },
    },
    async (request) => inbox(ctx, currentUser(request).id, request.query.tab),
  );

  app.get(
    "/api/admin/support/conversations/:id",
    {
      ...guarded,
      schema: {
        tags: adminTags,
        security,
        summary: "One conversation and its messages; marks the player's messages read",
        params: idParams,
        response: { 200: adminSupportThreadSchema, ...errors },
      },
    },
    async (request) => adminThread(ctx, request.params.id),
  );

  app.post(
    "/api/admin/support/conversations/:id/messages",
    {
      onRequest: guarded.onRequest,
      preHandler: [operator, limiter("staff")],
      schema: {
        tags: adminTags,
        security,
        summary: "Answer the player (audited; a Web Push notification when no page of the player is open)",
        params: idParams,
        body: supportSendBodySchema,
        response: { 201: supportMessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sendStaffMessage(ctx, actorOf(request), request.params.id, { text: request.body.text })),
  );

  app.post(
    "/api/admin/support/conversations/:id/images",
    {
      onRequest: guarded.onRequest,
      preHandler: [operator, limiter("staff")],
      schema: {
        tags: adminTags,
        security,
        summary:
          "Send the player an image (multipart: `image`, JPEG/PNG/WebP up to 5 MB, re-encoded as the player's; optional `text` caption); audited",
        consumes: ["multipart/form-data"],
        params: idParams,
        response: { 201: supportMessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sendStaffMessage(ctx, actorOf(request), request.params.id, await readImageForm(request))),
  );

  app.post(
    "/api/admin/support/conversations/:id/typing",
    {
      onRequest: guarded.onRequest,
      preHandler: [operator, limiter("signal")],
      schema: {
        tags: adminTags,
        security,
        summary: "The operator is typing (told to the player's open pages)",
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await staffTyping(ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/admin/support/conversations/:id/assign",
    {
      ...guarded,
      schema: {
        tags: adminTags,
        security,
        summary: "Take a conversation, hand it to another operator, or release it (null); audited",
        params: idParams,
        body: supportAssignBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await assignConversation(ctx, actorOf(request), request.params.id, request.body.operator_id);
      return reply.code(204).send(null);
    },
  );

  for (const [action, status] of [
    ["close", "closed"],
    ["reopen", "open"],
  ] as const) {
    app.post(
      `/api/admin/support/conversations/:id/${action}`,
      {
        ...guarded,
        schema: {
          tags: adminTags,
          security,
          summary: `${action === "close" ? "Close" : "Reopen"} a conversation; audited`,
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await setConversationStatus(ctx, actorOf(request), request.params.id, status);
        return reply.code(204).send(null);
      },
    );
  }

  app.get(
    "/api/admin/support/conversations/:id/context",
    {
      ...guarded,
      schema: {
        tags: adminTags,
        security,
        summary: "The player's balances, last cash requests and last slips (a visitor: none)",
        params: idParams,
        response: { 200: supportPlayerContextSchema, ...errors },
      },
    },
    async (request) => playerContext(ctx, request.params.id),
  );

  app.get(
    "/api/admin/support/images/:id",
    {
      ...guarded,
      schema: { tags: adminTags, security, summary: "An image sent in a conversation (JPEG)", params: idParams, response: { ...errors } },
    },
    async (request, reply) => sendPrivateJpeg(reply, await adminImage(ctx, request.params.id)),
  );

  app.get(
    "/api/admin/support/operators",
    {
      ...guarded,
      schema: {
        tags: adminTags,
        security,
        summary: "The operators a conversation can be handed to",
        response: { 200: supportOperatorsSchema, ...errors },
      },
    },
    async () => assignableOperators(ctx),
  );

  app.get(
    "/api/admin/support/stats",
    {
      ...guarded,
      schema: {
        tags: adminTags,
        security,
        summary: "Open and waiting conversations, median first answer time (7 days)",
        response: { 200: supportStatsSchema, ...errors },
      },
    },
    async () => supportStats(ctx),
  );

  app.get(
    "/api/admin/support/canned",
    {
      ...guarded,
      schema: { tags: adminTags, security, summary: "Canned answers, per language", response: { 200: supportCannedListSchema, ...errors } },
    },
    async () => cannedAnswers(ctx),
  );

  app.post(
    "/api/admin/support/canned",
    {
      ...guarded,
      schema: {
        tags: adminTags,
        security,
        summary: "Add a canned answer (admins only); audited",
        body: supportCannedBodySchema,
        response: { 201: supportCannedSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createCanned(ctx, actorOf(request), request.body)),
  );

  app.put(
    "/api/admin/support/canned/:id",
    {
      ...guarded,
      schema: {
        tags: adminTags,
        security,
        summary: "Change a canned answer (admins only); audited",
        params: idParams,
        body: supportCannedBodySchema,
        response: { 200: supportCannedSchema, ...errors },
      },
    },
    async (request) => editCanned(ctx, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/admin/support/canned/:id",
    {
      ...guarded,
      schema: {
        tags: adminTags,
        security,
        summary: "Delete a canned answer (admins only); audited",
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeCanned(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
