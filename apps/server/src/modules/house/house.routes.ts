import {
  errorBodySchema,
  HOUSE_SESSION_HEADER,
  houseCrashBodySchema,
  houseCrashResultSchema,
  houseLaunchBodySchema,
  houseLaunchResultSchema,
  houseRoundListSchema,
  houseRoundsQuerySchema,
  houseSessionInfoSchema,
  houseSpinBodySchema,
  houseSpinResultSchema,
  idempotencyKeySchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ZodApp } from "../../app-context.ts";
import type { RateLimitConfig } from "../../config/env.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { listPlayerRounds } from "./house.repository.ts";
import { type PlayedRound, playCrash, playSlot } from "./house-play.service.ts";
import type { HouseDeps } from "./house-rounds.service.ts";
import { authenticateSession, openLaunchedSession } from "./house-session.service.ts";
import { sessionInfo, toCrashResult, toHistoryItem, toSpinResult } from "./house-view.ts";

const tags = ["house games"];
const errors = { "4xx": errorBodySchema, "5xx": errorBodySchema };

const sessionHeaders = z.object({ [HOUSE_SESSION_HEADER]: z.string().max(200).optional() });
const playHeaders = sessionHeaders.extend({ "idempotency-key": idempotencyKeySchema.optional() });

/** Plays per minute of one session: far above any human pace, low enough to stop a runaway client. */
const PLAYS_PER_MINUTE = 240;

function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.headers[HOUSE_SESSION_HEADER];
  return typeof value === "string" ? value : undefined;
}

function noStore(reply: FastifyReply): void {
  void reply.header("cache-control", "no-store");
}

/** A play answered from an earlier request with the same Idempotency-Key says so (api.md "Idempotency"). */
function markReplay(reply: FastifyReply, played: PlayedRound): void {
  if (played.replayed) void reply.header("idempotent-replayed", "true");
}

/**
 * The house game server's HTTP API (Shwe House Games). The game page first exchanges the launch code
 * of its URL for the play session token, then calls it with that token in X-House-Session; it never
 * sees the player's bearer token and moves money only through the signed provider wallet API.
 */
export function registerHouseRoutes(app: ZodApp, deps: HouseDeps, limits: RateLimitConfig): void {
  const limiter = limits.enabled
    ? app.createRateLimit({
        max: Math.max(1, Math.round(PLAYS_PER_MINUTE * limits.factor)),
        timeWindow: 60_000,
        keyGenerator: (request) => `house-play:${sha256Hex(sessionToken(request) ?? request.ip)}`,
      })
    : undefined;
  const playLimit = async (request: FastifyRequest) => {
    if (!limiter) return;
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError(429, "RATE_LIMITED", "Too many plays. Please wait a moment.", { retry_after: Math.max(1, result.ttlInSeconds) });
    }
  };

  app.post(
    "/house/api/launch",
    {
      schema: {
        tags,
        summary: "Exchange the one-time launch code of the launch URL for the play session token (401 when used, expired or signed out)",
        body: houseLaunchBodySchema,
        response: { 200: houseLaunchResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { token, session } = await openLaunchedSession(deps.db, deps.clock, request.body.launch_code);
      return { session: token, game: session.game };
    },
  );

  app.get(
    "/house/api/session",
    {
      schema: {
        tags,
        summary: "The play session: game, language, game balance (from the wallet) and the next round's commitment",
        headers: sessionHeaders,
        response: { 200: houseSessionInfoSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const session = await authenticateSession(deps.db, deps.clock, sessionToken(request));
      return sessionInfo(deps, session);
    },
  );

  app.post(
    "/house/api/spin",
    {
      preHandler: playLimit,
      schema: {
        tags,
        summary: "Golden Pagoda Slots: one spin (debit the bet, credit the payout through the wallet API)",
        headers: playHeaders,
        body: houseSpinBodySchema,
        response: { 200: houseSpinResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const session = await authenticateSession(deps.db, deps.clock, sessionToken(request));
      const played = await playSlot(deps, session, request.body.bet, request.headers["idempotency-key"]);
      markReplay(reply, played);
      return toSpinResult(played.round, played.nextCommitment);
    },
  );

  app.post(
    "/house/api/crash/play",
    {
      preHandler: playLimit,
      schema: {
        tags,
        summary: "Rocket Crash: one round with an automatic cash-out (debit the bet, credit the payout through the wallet API)",
        headers: playHeaders,
        body: houseCrashBodySchema,
        response: { 200: houseCrashResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const session = await authenticateSession(deps.db, deps.clock, sessionToken(request));
      const played = await playCrash(deps, session, request.body.bet, request.body.auto_cash_out, request.headers["idempotency-key"]);
      markReplay(reply, played);
      return toCrashResult(played.round, played.nextCommitment);
    },
  );

  app.get(
    "/house/api/rounds",
    {
      schema: {
        tags,
        summary: "The player's latest rounds of this game with their proofs (commitment, seed), newest first",
        headers: sessionHeaders,
        querystring: houseRoundsQuerySchema,
        response: { 200: houseRoundListSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const session = await authenticateSession(deps.db, deps.clock, sessionToken(request));
      const rounds = await listPlayerRounds(deps.db, session.userCode, session.game, request.query.limit ?? 20);
      return { data: rounds.map(toHistoryItem) };
    },
  );

  // Unknown house API paths answer the JSON 404 body (never the web page).
  app.all("/house/api/*", { schema: { hide: true } }, async () => {
    throw notFound();
  });
}
