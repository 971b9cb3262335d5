import {
  amountChipsSchema,
  cashInBodySchema,
  cashInHistorySchema,
  cashInResponseSchema,
  cashOutBodySchema,
  cashOutHistorySchema,
  cashOutResponseSchema,
  cashRequestSchema,
  errorBodySchema,
  historyQuerySchema,
  paymentMethodListSchema,
} from "@shwe/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { forbidden } from "../../lib/errors.ts";
import { currentUser } from "../../plugins/auth.ts";
import { idempotencyHeadersSchema, idempotencyKeyOf, sendMoneyResult } from "../ledger/money-call.ts";
import {
  amountChips,
  cashInHistory,
  cashOutHistory,
  ownCashRequest,
  PasswordAttempts,
  paymentMethodsFor,
  requestCashIn,
  requestCashOut,
} from "./cash.service.ts";

const tags = ["cash"];
const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };

/** Cash-in and cash-out through local mobile wallets (api.md "Wallet", domain-rules §5). */
export function registerCashRoutes(app: ZodApp, ctx: AppContext): void {
  const limits = ctx.config.rateLimits;
  const attempts = limits.enabled
    ? new PasswordAttempts(ctx.rateLimitStore, Math.max(1, Math.round(5 * limits.factor)), 15 * 60_000)
    : undefined;
  const onRequest = ctx.guards.requireUser;

  for (const kind of ["in", "out"] as const) {
    app.get(
      `/api/payment-method/show-cash${kind}`,
      {
        schema: { tags, summary: `Payment methods open for cash-${kind}`, response: { 200: paymentMethodListSchema } },
      },
      async () => paymentMethodsFor(ctx, kind),
    );
    app.get(
      `/api/cash${kind}-amount`,
      { schema: { tags, summary: `Preset cash-${kind} amount chips`, response: { 200: amountChipsSchema } } },
      async () => amountChips(ctx, kind),
    );
  }

  // Cash requests move a player's own money: operator and admin accounts cannot file them.
  const playerOnly = async (request: FastifyRequest) => {
    if (currentUser(request).role !== "player") throw forbidden("Operator accounts cannot file cash-in or cash-out requests.");
  };
  const fileRequest = [onRequest, playerOnly];

  app.post(
    "/api/cash-in",
    {
      onRequest: fileRequest,
      schema: {
        tags,
        security,
        summary: "File a cash-in request (after sending the money in the wallet app)",
        headers: idempotencyHeadersSchema,
        body: cashInBodySchema,
        response: { 201: cashInResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await requestCashIn(ctx, currentUser(request).id, request.body, idempotencyKeyOf(request));
      return sendMoneyResult(reply, result);
    },
  );

  app.post(
    "/api/cash-out",
    {
      onRequest: fileRequest,
      schema: {
        tags,
        security,
        summary: "File a cash-out request; the amount moves from main balance to hold at once",
        headers: idempotencyHeadersSchema,
        body: cashOutBodySchema,
        response: { 201: cashOutResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await requestCashOut(ctx, attempts, currentUser(request).id, request.body, idempotencyKeyOf(request));
      return sendMoneyResult(reply, result);
    },
  );

  app.get(
    "/api/user/cash_in_history",
    { onRequest, schema: { tags, security, querystring: historyQuerySchema, response: { 200: cashInHistorySchema, ...errors } } },
    async (request) => cashInHistory(ctx, currentUser(request).id, request.query),
  );
  app.get(
    "/api/user/cash_out_history",
    { onRequest, schema: { tags, security, querystring: historyQuerySchema, response: { 200: cashOutHistorySchema, ...errors } } },
    async (request) => cashOutHistory(ctx, currentUser(request).id, request.query),
  );
  app.get(
    "/api/user/cash-requests/:id",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "One of the player's own cash requests (another player's answers 404)",
        params: z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: cashRequestSchema, ...errors },
      },
    },
    async (request) => ownCashRequest(ctx, currentUser(request).id, request.params.id),
  );
}
