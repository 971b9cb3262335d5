import {
  completeInvitationBodySchema,
  consoleChangeListSchema,
  consoleChangeParamsSchema,
  consoleChangeSchema,
  consoleStatusSchema,
  errorBodySchema,
  invitationTokenBodySchema,
  invitationViewSchema,
  inviteOperatorBodySchema,
  operatorInvitationSchema,
  operatorListSchema,
  operatorParamsSchema,
  operatorRoleBodySchema,
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
import {
  completeInvitation,
  consoleStatus,
  decideChange,
  inviteOperator,
  pendingChanges,
  readInvitation,
  requestRoleChange,
  requestSecondFactorReset,
  setupInvitation,
} from "./console-changes.service.ts";
import { listOperators } from "./operators.service.ts";
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
        summary:
          "Invite an operator or admin (admins only; 409 PHONE_REGISTERED): answers the one-time invitation this once; a second admin confirms it",
        body: inviteOperatorBodySchema.extend({ phone: normalizedPhone(phoneInputSchema) }),
        response: { 201: operatorInvitationSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await inviteOperator(ctx, actorOf(request), request.body)),
  );
  app.post(
    "/api/admin/operators/:id/role",
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "Ask for a role change (admins only; not your own); a second admin confirms it",
        params: operatorParamsSchema,
        body: operatorRoleBodySchema,
        response: { 200: consoleChangeSchema, ...errors },
      },
    },
    async (request) => requestRoleChange(ctx, actorOf(request), request.params.id, request.body.role),
  );
  app.post(
    "/api/admin/operators/:id/2fa/reset",
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "Ask to remove an operator's second factor and end their sign-ins (admins only; not your own); a second admin confirms it",
        params: operatorParamsSchema,
        body: z.strictObject({}),
        response: { 200: consoleChangeSchema, ...errors },
      },
    },
    async (request) => requestSecondFactorReset(ctx, actorOf(request), request.params.id),
  );
  app.get(
    "/api/admin/operators/changes",
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "Console account changes waiting for a second admin",
        response: { 200: consoleChangeListSchema, ...errors },
      },
    },
    async () => pendingChanges(ctx.db),
  );
  for (const [verb, approve] of [
    ["confirm", true],
    ["reject", false],
  ] as const) {
    app.post(
      `/api/admin/operators/changes/:id/${verb}`,
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: approve
            ? "Confirm (apply) a console account change: another admin than its maker, not created or last changed by them, past the cool-down"
            : "Reject a console account change",
          params: consoleChangeParamsSchema,
          body: z.strictObject({}),
          response: { 200: consoleChangeSchema, ...errors },
        },
      },
      async (request) => decideChange(ctx, actorOf(request), request.params.id, approve),
    );
  }
  app.get(
    "/api/admin/console",
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "Whether maker–checker is in force (two admins or more)",
        response: { 200: consoleStatusSchema, ...errors },
      },
    },
    async () => consoleStatus(ctx.db),
  );

  // The invitation, completed by its holder on their own device, without signing in (the token comes from the link's #fragment).
  const invitationLimiter = accountLimiter(app, ctx.config.rateLimits, "console_invitation", [
    { by: "ip", max: 30, windowMs: 15 * MINUTE },
  ]);
  const invitationTags = ["operators"];
  app.post(
    "/api/console-invitation",
    {
      ...guarded,
      preHandler: invitationLimiter,
      schema: {
        tags: invitationTags,
        summary: "What a console invitation is for, and whether a second admin confirmed it (404 when used, withdrawn or expired)",
        body: invitationTokenBodySchema,
        response: { 200: invitationViewSchema, ...errors },
      },
    },
    async (request) => readInvitation(ctx, request.body.token),
  );
  app.post(
    "/api/console-invitation/setup",
    {
      ...guarded,
      preHandler: invitationLimiter,
      schema: {
        tags: invitationTags,
        summary: "Propose the invited account's TOTP secret (QR code URL); 409 AWAITING_CONFIRMATION before a second admin confirmed",
        body: invitationTokenBodySchema,
        response: { 200: secondFactorSetupSchema, ...errors },
      },
    },
    async (request) => setupInvitation(ctx, request.body.token),
  );
  app.post(
    "/api/console-invitation/complete",
    {
      ...guarded,
      preHandler: invitationLimiter,
      schema: {
        tags: invitationTags,
        summary:
          "Complete an invitation: own password (422 WEAK_PASSWORD) and a code of the proposed secret (422 WRONG_CODE); answers the recovery codes once",
        body: completeInvitationBodySchema,
        response: { 200: secondFactorEnabledSchema, ...errors },
      },
    },
    async (request) => completeInvitation(ctx, request.body),
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
