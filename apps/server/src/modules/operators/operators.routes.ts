import {
  createOperatorBodySchema,
  errorBodySchema,
  operatorListSchema,
  operatorParamsSchema,
  operatorRowSchema,
  phoneInputSchema,
  secondFactorCodeBodySchema,
  secondFactorEnabledSchema,
  secondFactorSetupSchema,
  secondFactorStatusSchema,
  secondFactorVerifiedSchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { notFound } from "../../lib/errors.ts";
import { normalizedPhone } from "../../lib/validation.ts";
import { currentUser } from "../../plugins/auth.ts";
import { accountLimiter } from "../accounts/rate-limits.ts";
import { findUserById, findUserByPhone } from "../accounts/users.repository.ts";
import { actorOf } from "../content/audit.service.ts";
import { createOperator, listOperators, resetOperatorSecondFactor } from "./operators.service.ts";
import { demoCode, enableSecondFactor, secondFactorStatus, setupSecondFactor, verifySecondFactor } from "./second-factor.service.ts";

const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };
const MINUTE = 60_000;

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}

/**
 * The operator second factor (/api/admin/2fa…: open to an operator's sign-in before it passed) and
 * the admins' operator accounts (/api/admin/operators…). The guards come from the /api/admin hook
 * (plugins/auth.ts).
 */
export function registerOperatorRoutes(app: ZodApp, ctx: AppContext): void {
  const tags = ["operators"];
  const guarded = { onRequest: noStore };
  app.get(
    "/api/admin/2fa",
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "Second factor: enrolled, and passed by this sign-in",
        response: { 200: secondFactorStatusSchema, ...errors },
      },
    },
    async (request) => secondFactorStatus(currentUser(request)),
  );
  app.post(
    "/api/admin/2fa/setup",
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "Propose a TOTP secret (QR code URL); 409 ALREADY_ENROLLED",
        body: z.strictObject({}),
        response: { 200: secondFactorSetupSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await findUserById(ctx.db, user.id);
      return setupSecondFactor(ctx, user, row?.phone ?? String(user.id));
    },
  );
  const codeLimiter = accountLimiter(app, ctx.config.rateLimits, "second_factor", [
    { by: "ip", max: 30, windowMs: 15 * MINUTE },
    { by: "user", max: 10, windowMs: 15 * MINUTE },
  ]);
  app.post(
    "/api/admin/2fa/enable",
    {
      ...guarded,
      preHandler: codeLimiter,
      schema: {
        tags,
        security,
        summary: "Finish enrolment with a code of the proposed secret; answers the recovery codes once (422 WRONG_CODE)",
        body: secondFactorCodeBodySchema,
        response: { 200: secondFactorEnabledSchema, ...errors },
      },
    },
    async (request) => enableSecondFactor(ctx, currentUser(request), request.body.code),
  );
  app.post(
    "/api/admin/2fa/verify",
    {
      ...guarded,
      preHandler: codeLimiter,
      schema: {
        tags,
        security,
        summary: "Pass the second factor for this sign-in with a current code or a recovery code (422 WRONG_CODE)",
        body: secondFactorCodeBodySchema,
        response: { 200: secondFactorVerifiedSchema, ...errors },
      },
    },
    async (request) => verifySecondFactor(ctx, currentUser(request), request.body.code),
  );

  app.get(
    "/api/admin/operators",
    { ...guarded, schema: { tags, security, summary: "Console accounts (admins only)", response: { 200: operatorListSchema, ...errors } } },
    async () => listOperators(ctx.db),
  );
  app.post(
    "/api/admin/operators",
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "Create an operator or admin account (admins only; 409 PHONE_REGISTERED)",
        body: createOperatorBodySchema.extend({ phone: normalizedPhone(phoneInputSchema) }),
        response: { 201: operatorRowSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createOperator(ctx, actorOf(request), request.body)),
  );
  app.post(
    "/api/admin/operators/:id/2fa/reset",
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "Remove an operator's second factor and end their sign-ins (admins only; not your own)",
        params: operatorParamsSchema,
        body: z.strictObject({}),
        response: { 200: operatorRowSchema, ...errors },
      },
    },
    async (request) => resetOperatorSecondFactor(ctx, actorOf(request), request.params.id),
  );

  if (ctx.config.mode === "demo") {
    app.get(
      "/api/dev/totp",
      {
        schema: {
          tags: ["demo"],
          summary: "Demo only: the code a demo operator's authenticator shows now; absent in production",
          querystring: z.strictObject({ phone: normalizedPhone(phoneInputSchema) }),
          response: { 200: z.object({ code: z.string() }), ...errors },
        },
      },
      async (request) => {
        const user = await findUserByPhone(ctx.db, request.query.phone);
        if (!user || user.role === "player") throw notFound("No operator with this phone.");
        return { code: await demoCode(ctx, user.id) };
      },
    );
  }
}
