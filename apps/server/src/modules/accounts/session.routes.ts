import {
  DEVICE_ID_HEADER,
  deviceIdSchema,
  errorBodySchema,
  forgetPasswordBodySchema,
  loginBodySchema,
  messageSchema,
  newPasswordBodySchema,
  phoneInputSchema,
  registerBodySchema,
  renewTokenResponseSchema,
  sessionResponseSchema,
} from "@shwe/contracts";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { normalizedPhone } from "../../lib/validation.ts";
import { bearerToken, currentUser } from "../../plugins/auth.ts";
import { getProfile } from "./profile.service.ts";
import { ACCOUNT_LIMITS, accountLimiter } from "./rate-limits.ts";
import { changePassword, forgetPassword, login, logout, register, renewToken, type Session } from "./session.service.ts";

const tags = ["accounts"];
const security = [{ bearer: [] }];

async function sessionBody(ctx: AppContext, session: Session) {
  return { token: session.token, expires_at: session.expiresAt.toISOString(), user: await getProfile(ctx.db, session.userId) };
}

export function registerSessionRoutes(app: ZodApp, ctx: AppContext): void {
  const phone = normalizedPhone(phoneInputSchema);
  const limits = ctx.config.rateLimits;

  app.post(
    "/api/user/verify_register",
    {
      schema: {
        tags,
        summary: "Create an account with a verified phone (otp_token of purpose register) and sign in",
        headers: z.object({ [DEVICE_ID_HEADER]: deviceIdSchema.optional() }),
        body: registerBodySchema.extend({ phone }),
        response: { 201: sessionResponseSchema, "4xx": errorBodySchema },
      },
      preHandler: accountLimiter(app, limits, "verify_register", ACCOUNT_LIMITS.verify_register),
    },
    async (request, reply) => {
      const b = request.body;
      const session = await register(
        ctx,
        {
          phone: b.phone,
          name: b.name,
          password: b.password,
          otpToken: b.otp_token,
          referralCode: b.referral_code,
          deviceId: request.headers[DEVICE_ID_HEADER],
          userAgent: request.headers["user-agent"],
        },
        request.ip,
      );
      return reply.status(201).send(await sessionBody(ctx, session));
    },
  );

  app.post(
    "/api/user/login",
    {
      schema: {
        tags,
        summary: "Sign in with phone and password (and otp_token of purpose login once the phone's sign-in limit is reached)",
        body: loginBodySchema.extend({ phone }),
        response: { 200: sessionResponseSchema, "4xx": errorBodySchema },
      },
      preHandler: accountLimiter(app, limits, "login", ACCOUNT_LIMITS.login),
    },
    async (request) =>
      sessionBody(
        ctx,
        await login(ctx, request.body.phone, request.body.password, request.ip, request.body.otp_token, request.headers["user-agent"]),
      ),
  );

  app.post(
    "/api/user/logout",
    {
      schema: { tags, security, summary: "Sign out (revokes this token)", response: { 204: z.null(), "4xx": errorBodySchema } },
      preHandler: ctx.guards.requireUser,
    },
    async (request, reply) => {
      await logout(ctx, currentUser(request), request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/user/forget_password",
    {
      schema: {
        tags,
        summary: "Set a new password with a verified phone (otp_token of purpose reset); ends every session",
        body: forgetPasswordBodySchema.extend({ phone }),
        response: { 200: messageSchema, "4xx": errorBodySchema },
      },
      preHandler: accountLimiter(app, limits, "forget_password", ACCOUNT_LIMITS.forget_password),
    },
    async (request) => {
      const b = request.body;
      await forgetPassword(ctx, { phone: b.phone, password: b.password, otpToken: b.otp_token }, request.ip);
      return { message: "Your password has been reset. Please sign in with your new password." };
    },
  );

  app.post(
    "/api/user/new_password",
    {
      schema: {
        tags,
        security,
        summary: "Change the password (ends every other session)",
        body: newPasswordBodySchema,
        response: { 200: messageSchema, "4xx": errorBodySchema },
      },
      preHandler: [ctx.guards.requireUser, accountLimiter(app, limits, "new_password", ACCOUNT_LIMITS.new_password)],
    },
    async (request) => {
      await changePassword(ctx, currentUser(request), request.body.old_password, request.body.password, request.ip);
      return { message: "Your password has been changed successfully!" };
    },
  );

  app.post(
    "/api/user/renew_token",
    {
      schema: {
        tags,
        security,
        summary: "Swap a token in its last day for a new one (the old one is revoked)",
        response: { 200: renewTokenResponseSchema, "4xx": errorBodySchema },
      },
    },
    async (request) => {
      const renewed = await renewToken(ctx, bearerToken(request), request.ip);
      return { token: renewed.token, expires_at: renewed.expiresAt.toISOString() };
    },
  );
}
