import {
  adjustBodySchema,
  adjustmentDecisionResponseSchema,
  adjustmentListQuerySchema,
  adjustmentListSchema,
  adjustmentRejectBodySchema,
  adjustResponseSchema,
  adminCashRequestListSchema,
  adminCashRequestQuerySchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUserQuerySchema,
  approveBodySchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  cashDecisionResponseSchema,
  cashFirstApprovalResponseSchema,
  errorBodySchema,
  ledgerAuditSchema,
  rejectBodySchema,
} from "@shwe/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { approveCashRequest, listCashRequestsForOperators, rejectCashRequest } from "../cash/cash-review.service.ts";
import { auditLedger } from "../ledger/audit.ts";
import { idempotencyHeadersSchema, idempotencyKeyOf, sendMoneyResult } from "../ledger/money-call.ts";
import { adjustBalance, adjustmentsFor, decidePendingAdjustment } from "./adjustment.service.ts";
import { auditLogPage, playerDetail, searchPlayersWithBalances } from "./admin-money.service.ts";

const tags = ["admin"];
const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };
const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

const operatorOf = (request: FastifyRequest) => ({ operatorId: currentUser(request).id, ip: request.ip ?? null });

/** Operator money calls: cash request review, balance adjustments, players with balances, audit log, ledger audit. */
export function registerAdminMoneyRoutes(app: ZodApp, ctx: AppContext): void {
  const onRequest = ctx.guards.requireOperator;

  app.get(
    "/api/admin/cash-requests",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Cash requests by status and kind",
        querystring: adminCashRequestQuerySchema,
        response: { 200: adminCashRequestListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listCashRequestsForOperators(ctx, request.query) }),
  );

  app.post(
    "/api/admin/cash-requests/:id/approve",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "Approve a pending cash request (once; a second decision answers 409 ALREADY_DECIDED). Above the threshold the first approval answers 202 awaiting_second_approval and a different operator approves it",
        params: idParams,
        body: approveBodySchema,
        response: { 200: cashDecisionResponseSchema, 202: cashFirstApprovalResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await approveCashRequest(ctx, request.params.id, operatorOf(request));
      if (answer.status === "awaiting_second_approval") return reply.code(202).send(answer);
      return answer;
    },
  );

  app.post(
    "/api/admin/cash-requests/:id/reject",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Reject a pending cash request with a reason (a cash-out's held amount returns to main)",
        params: idParams,
        body: rejectBodySchema,
        response: { 200: cashDecisionResponseSchema, ...errors },
      },
    },
    async (request) => rejectCashRequest(ctx, request.params.id, request.body.reason, operatorOf(request)),
  );

  app.post(
    "/api/admin/users/:id/adjust",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Signed adjustment of a player's main balance; above the threshold a second operator confirms",
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: adjustBodySchema,
        response: { 200: adjustResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await adjustBalance(ctx, operatorOf(request), request.params.id, request.body, idempotencyKeyOf(request));
      return sendMoneyResult(reply, result);
    },
  );

  app.get(
    "/api/admin/adjustments",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Balance adjustments (status=pending: waiting for a second operator)",
        querystring: adjustmentListQuerySchema,
        response: { 200: adjustmentListSchema, ...errors },
      },
    },
    async (request) => ({ data: await adjustmentsFor(ctx, request.query.status) }),
  );

  app.post(
    "/api/admin/adjustments/:id/confirm",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Confirm a pending adjustment (an operator other than the one who asked)",
        params: idParams,
        body: approveBodySchema,
        response: { 200: adjustmentDecisionResponseSchema, ...errors },
      },
    },
    async (request) => decidePendingAdjustment(ctx, operatorOf(request), request.params.id, { approve: true }),
  );

  app.post(
    "/api/admin/adjustments/:id/reject",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Reject a pending adjustment",
        params: idParams,
        body: adjustmentRejectBodySchema,
        response: { 200: adjustmentDecisionResponseSchema, ...errors },
      },
    },
    async (request) =>
      decidePendingAdjustment(ctx, operatorOf(request), request.params.id, { approve: false, reason: request.body?.reason }),
  );

  app.get(
    "/api/admin/players",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Accounts with their balances, by phone, name, user code or referral code (newest first)",
        querystring: adminUserQuerySchema,
        response: { 200: adminUserListSchema, ...errors },
      },
    },
    async (request) => ({ data: await searchPlayersWithBalances(ctx, request.query.query ?? "") }),
  );

  app.get(
    "/api/admin/users/:id",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "One account with its balances, recent journals and cash requests",
        params: idParams,
        response: { 200: adminUserDetailSchema, ...errors },
      },
    },
    async (request) => playerDetail(ctx, request.params.id),
  );

  app.get(
    "/api/admin/audit-log",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The append-only audit log, newest first; filters: actor phone, action (or its beginning), player id, Yangon days",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errors },
      },
    },
    async (request) => auditLogPage(ctx, request.query, currentUser(request).id),
  );

  app.get(
    "/api/admin/ledger/audit",
    {
      onRequest,
      schema: { tags, security, summary: "Run the ledger invariants I1–I8 now", response: { 200: ledgerAuditSchema, ...errors } },
    },
    async () => auditLedger(ctx.db),
  );
}
