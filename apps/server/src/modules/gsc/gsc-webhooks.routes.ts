import type { FastifyError, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { clean } from "../providers/providers.service.ts";
import { registerGscAdminRoutes } from "./gsc-admin.routes.ts";
import { GSC_WEBHOOK_TAIL, type GscConfig } from "./gsc-config.ts";
import { webhookGate } from "./gsc-lanes.ts";
import { handleGscPush } from "./gsc-push.service.ts";
import type { GscWebhookName } from "./gsc-sign.ts";
import { handleGscWallet } from "./gsc-wallet.service.ts";

const rowSchema = z.object({
  member_account: z.string(),
  product_code: z.number(),
  before_balance: z.number().optional(),
  balance: z.number(),
  code: z.number(),
  message: z.string(),
});
const answerSchema = z.object({ code: z.number(), message: z.string(), data: z.array(rowSchema).optional() });

const HEADERS_KEPT = ["content-type", "user-agent"] as const;

function headerOf(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  if (value === undefined) return null;
  return clean(Array.isArray(value) ? value.join(",") : value, 200);
}

/**
 * POST `${callbackPrefix}/v1/api/seamless/{balance|withdraw|deposit|pushbetdata}` — the GSC+
 * aggregator's wallet webhooks (docs/provider-wallet.md "GSC+ seamless wallet"). Registered only when
 * GSC+ is configured. The body is read as raw bytes in this scope, so that a body that is not JSON
 * still answers HTTP 200 with code 999, as every answer here is HTTP 200. The operators' list of open
 * debts (gsc-admin.routes.ts) comes with them.
 */
export async function registerGscWebhookRoutes(app: ZodApp, ctx: AppContext, config: GscConfig): Promise<void> {
  registerGscAdminRoutes(app, ctx);
  const prefix = `${config.callbackPrefix.replace(/\/+$/, "")}${GSC_WEBHOOK_TAIL}`;
  await app.register(async (scope) => {
    const hooks = scope as unknown as ZodApp;
    // The answers are built whole by gsc-wallet.service.ts (GscAnswer); the response schema below
    // describes them for the API description and is not parsed again for every answer.
    hooks.setSerializerCompiler(() => (data) => JSON.stringify(data));
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    hooks.setErrorHandler((err: FastifyError, request, reply) => {
      const status = err.statusCode ?? 500;
      if (status < 500) return reply.status(200).send({ code: 999, message: "Validation failed", data: [] });
      request.log.error({ err }, "GSC+ webhook failed");
      return reply.status(200).send({ code: 999, message: "internal error", data: [] });
    });
    const names: GscWebhookName[] = ["balance", "withdraw", "deposit", "pushbetdata"];
    for (const name of names) {
      hooks.post(
        `${prefix}/${name}`,
        {
          schema: {
            tags: ["GSC+ wallet"],
            summary: `GSC+ seamless wallet webhook: ${name} (signed with operator_code + request_time + keyword + secret)`,
            response: { 200: answerSchema },
          },
        },
        async (request) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const headers: Record<string, string | null> = {};
          for (const h of HEADERS_KEPT) headers[h] = headerOf(request, h);
          const input = { name, rawBody, headers, ip: request.ip, log: request.log };
          // Wallet webhooks gate their general path themselves (gsc-wallet.service.ts): an element in one call waits in the money batcher.
          return name === "pushbetdata"
            ? webhookGate(ctx).run(() => handleGscPush(ctx, config, input))
            : handleGscWallet(ctx, config, input);
        },
      );
    }
  });
}
