import { PROVIDER_SIGNATURE_HEADER, PROVIDER_TIMESTAMP_HEADER, providerWalletAnswerSchema } from "@shwe/contracts";
import type { FastifyError, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app.ts";
import { clean, handleWalletCallback } from "./wallet.service.ts";

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
 */
export async function registerProviderWalletRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
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
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const headers: Record<string, string | null> = {};
        for (const name of HEADERS_KEPT) {
          const value = headerOf(request, name);
          headers[name] = value === undefined ? null : clean(value, 200);
        }
        return handleWalletCallback(ctx, {
          code: request.params.code,
          action: request.params.action,
          timestamp: headerOf(request, PROVIDER_TIMESTAMP_HEADER),
          signature: headerOf(request, PROVIDER_SIGNATURE_HEADER),
          rawBody,
          headers,
          ip: request.ip,
          log: request.log,
        });
      },
    );
  });
}
