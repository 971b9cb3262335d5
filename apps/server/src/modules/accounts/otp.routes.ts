import {
  checkPhoneBodySchema,
  checkPhoneResponseSchema,
  errorBodySchema,
  messageSchema,
  phoneInputSchema,
  sendOtpBodySchema,
  verifyOtpBodySchema,
  verifyOtpResponseSchema,
} from "@shwe/contracts";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { normalizedPhone } from "../../lib/validation.ts";
import { checkPhone, sendOtp, verifyOtp } from "./otp.service.ts";
import { ACCOUNT_LIMITS, accountLimiter } from "./rate-limits.ts";
import type { SmsGateway } from "./sms-gateway.ts";

const tags = ["accounts"];

export function registerOtpRoutes(app: ZodApp, ctx: AppContext, sms: SmsGateway): void {
  const phone = normalizedPhone(phoneInputSchema);
  const limits = ctx.config.rateLimits;

  app.post(
    "/api/user/check_phone",
    {
      schema: {
        tags,
        summary: "Whether a phone number already has an account",
        body: checkPhoneBodySchema.extend({ phone }),
        response: { 200: checkPhoneResponseSchema, "4xx": errorBodySchema },
      },
      preHandler: accountLimiter(app, limits, "check_phone", ACCOUNT_LIMITS.check_phone),
    },
    async (request) => ({ registered: await checkPhone(ctx, request.body.phone) }),
  );

  app.post(
    "/api/user/send_otp",
    {
      schema: {
        tags,
        summary:
          "Send a 6-digit code by SMS (register: new phones only; reset: registered phones only; 3 per phone per hour; 503 SMS_UNAVAILABLE when the SMS gateway cannot deliver)",
        body: sendOtpBodySchema.extend({ phone }),
        response: { 200: messageSchema, "4xx": errorBodySchema, 503: errorBodySchema },
      },
      preHandler: accountLimiter(app, limits, "send_otp", ACCOUNT_LIMITS.send_otp),
    },
    async (request) => {
      await sendOtp(ctx, sms, request.log, request.body.phone, request.body.purpose);
      return { message: "Verification code sent!" };
    },
  );

  app.post(
    "/api/user/verify_otp",
    {
      schema: {
        tags,
        summary: "Exchange a code for a single-use otp_token (valid 10 minutes)",
        body: verifyOtpBodySchema.extend({ phone }),
        response: { 200: verifyOtpResponseSchema, "4xx": errorBodySchema },
      },
      preHandler: accountLimiter(app, limits, "verify_otp", ACCOUNT_LIMITS.verify_otp),
    },
    async (request) => ({ otp_token: await verifyOtp(ctx, request.body.phone, request.body.purpose, request.body.code) }),
  );
}
