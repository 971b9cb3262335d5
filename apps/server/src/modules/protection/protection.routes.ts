import {
  errorBodySchema,
  playSummaryQuerySchema,
  playSummarySchema,
  protectionSchema,
  realityCheckBodySchema,
  selfExclusionBodySchema,
  setLimitBodySchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { accountLimiter } from "../accounts/rate-limits.ts";
import { playSummary, protectionOf, selfExclude, setLimit, setRealityCheck } from "./protection.service.ts";

const tags = ["protection"];
const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };
const MINUTE = 60_000;

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}

/** Player protection: the player's own limits, self-exclusion and reality check (bearer). */
export function registerProtectionRoutes(app: ZodApp, ctx: AppContext): void {
  const player = { onRequest: [noStore, ctx.guards.requireUser] };
  app.get(
    "/api/user/protection",
    {
      ...player,
      schema: {
        tags,
        security,
        summary: "Limits with what counts so far, self-exclusion, reality check",
        response: { 200: protectionSchema, ...errors },
      },
    },
    async (request) => protectionOf(ctx, currentUser(request).id),
  );
  app.put(
    "/api/user/limits",
    {
      ...player,
      schema: {
        tags,
        security,
        summary: "Set a deposit, loss or stake limit per day, week or month: lower at once, raise or remove after 24 hours",
        body: setLimitBodySchema,
        response: { 200: protectionSchema, ...errors },
      },
    },
    async (request) => setLimit(ctx, currentUser(request).id, request.body),
  );
  const exclusionLimiter = accountLimiter(app, ctx.config.rateLimits, "self_exclusion", [
    { by: "ip", max: 30, windowMs: 15 * MINUTE },
    { by: "user", max: 10, windowMs: 15 * MINUTE },
  ]);
  app.post(
    "/api/user/self-exclusion",
    {
      ...player,
      preHandler: exclusionLimiter,
      schema: {
        tags,
        security,
        summary: "Exclude yourself from play (1d, 1w, 1m, 6m, indefinite); never shortened (422 WRONG_PASSWORD)",
        body: selfExclusionBodySchema,
        response: { 200: protectionSchema, ...errors },
      },
    },
    async (request) => selfExclude(ctx, currentUser(request).id, request.body),
  );
  app.put(
    "/api/user/reality-check",
    {
      ...player,
      schema: {
        tags,
        security,
        summary: "The reality-check reminder interval (minutes) or null",
        body: realityCheckBodySchema,
        response: { 200: protectionSchema, ...errors },
      },
    },
    async (request) => setRealityCheck(ctx, currentUser(request).id, request.body),
  );
  app.get(
    "/api/user/play-summary",
    {
      ...player,
      schema: {
        tags,
        security,
        summary: "Net result of play since an instant (at most a day back)",
        querystring: playSummaryQuerySchema,
        response: { 200: playSummarySchema, ...errors },
      },
    },
    async (request) => playSummary(ctx, currentUser(request).id, request.query.since),
  );
}
