import { PROVIDER_SIGNATURE_HEADER, PROVIDER_TIMESTAMP_HEADER, providerWalletAnswerSchema } from "@shwe/contracts";
import type { FastifyError, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../../app-context.ts";
import { clean, handleWalletCallback } from "./wallet.service.ts";
import { BadWalletCallLimit } from "./wallet-abuse.ts";
import { walletCallRefusal } from "./wallet-signature.ts";

const HEADERS_KEPT = [PROVIDER_TIMESTAMP_HEADER, PROVIDER_SIGNATURE_HEADER, "content-type", "user-agent"] as const;

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(",") : value;
}

/**
 * POST /api/provider/{code}/wallet/{action} — the seamless wallet API game providers call
 * (docs/provider-wallet.md). The body is kept as raw bytes (its own content-type parser in this
 * scope) because the signature covers it byte for byte. Every answer is HTTP 200 with
 * `{status, balance?, transaction_id?}`; a body the server cannot even read answers INVALID_REQUEST.
 * An address that keeps sending calls not signed by the provider they name is cut short
 * (wallet-abuse.ts): the same refusal status, with Retry-After, and nothing read or kept.
 */
export async function registerProviderWalletRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const badCalls = ctx.config.rateLimits.enabled
    ? new BadWalletCallLimit(ctx.rateLimitStore, ctx.config.rateLimits, (err) => app.log.warn({ err }, "rate-limit store unavailable"))
    : undefined;
  await app.register(async (scope) => {
    const wallet = scope as unknown as ZodApp;
    wallet.removeAllContentTypeParsers();
    wallet.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    wallet.setErrorHandler((err: FastifyError, _request, reply) => {
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) return reply.status(200).send({ status: "INVALID_REQUEST" });
      throw err;
    });

    wallet.post(
      "/api/provider/:code/wallet/:action",
      {
        schema: {
          tags: ["provider wallet"],
          summary: "Seamless wallet call of a game provider (balance, debit, credit, rollback); signed, see docs/provider-wallet.md",
          params: z.object({ code: z.string(), action: z.string() }),
          response: { 200: providerWalletAnswerSchema },
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const timestamp = headerOf(request, PROVIDER_TIMESTAMP_HEADER);
        const signature = headerOf(request, PROVIDER_SIGNATURE_HEADER);
        if (badCalls) {
          const refusal = walletCallRefusal(ctx.providers, request.params.code, { timestamp, signature, rawBody, now: ctx.clock.now() });
          const verdict = refusal === undefined ? undefined : await badCalls.badCall(request.ip);
          if (refusal !== undefined && verdict?.limited) {
            void reply.header("retry-after", String(verdict.retryAfterSeconds));
            return { status: refusal };
          }
        }
        const headers: Record<string, string | null> = {};
        for (const name of HEADERS_KEPT) {
          const value = headerOf(request, name);
          headers[name] = value === undefined ? null : clean(value, 200);
        }
        return handleWalletCallback(ctx, {
          code: request.params.code,
          action: request.params.action,
          timestamp,
          signature,
          rawBody,
          headers,
          ip: request.ip,
          log: request.log,
        });
      },
    );
  });
}
