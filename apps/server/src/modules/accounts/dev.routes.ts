import { devOutboxQuerySchema, devOutboxResponseSchema, errorBodySchema, phoneInputSchema } from "@shwe/contracts";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { normalizedPhone } from "../../lib/validation.ts";
import { listSmsTo } from "./sms-outbox.repository.ts";

/** Demo mode only: the SMS messages the console adapter "sent" to a phone, newest first. */
export function registerDevRoutes(app: ZodApp, ctx: AppContext): void {
  if (ctx.config.mode !== "demo") return;
  app.get(
    "/api/dev/outbox",
    {
      schema: {
        tags: ["demo"],
        summary: "Demo SMS outbox (OTP codes), newest first; absent in production",
        querystring: devOutboxQuerySchema.extend({ phone: normalizedPhone(phoneInputSchema) }),
        response: { 200: devOutboxResponseSchema, "4xx": errorBodySchema },
      },
    },
    async (request) => {
      const rows = await listSmsTo(ctx.db, request.query.phone, 50);
      return { data: rows.map((r) => ({ to: r.to, text: r.text, created_at: r.createdAt.toISOString() })) };
    },
  );
}
