import {
  adminPromoCodeSchema,
  adminPromoCodesSchema,
  createPromoCodeBodySchema,
  errorBodySchema,
  promoCodeParamsSchema,
  updatePromoCodeBodySchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { actorOf } from "../content/audit.service.ts";
import { createPromoCode, endPromoCode, listPromoCodesForAdmins, updatePromoCode } from "./promo-codes-admin.service.ts";

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}

/** The console's promo code routes (guarded by the /api/admin hook: writes are admins' only). */
export function registerPromoCodeAdminRoutes(app: ZodApp, ctx: AppContext): void {
  const tags = ["admin"];
  const security = [{ bearer: [] }];
  const errors = { "4xx": errorBodySchema };
  app.get(
    "/api/admin/promo-codes",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Every promo code with its uses, newest first",
        response: { 200: adminPromoCodesSchema, ...errors },
      },
    },
    async () => listPromoCodesForAdmins(ctx),
  );
  app.post(
    "/api/admin/promo-codes",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "A new promo code: bonus, cap, turnover, limits and schedule (admins)",
        body: createPromoCodeBodySchema,
        response: { 201: adminPromoCodeSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createPromoCode(ctx, actorOf(request), request.body)),
  );
  app.put(
    "/api/admin/promo-codes/:id",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Change a promo code's bonus, turnover, limits, schedule or whether it runs (admins)",
        params: promoCodeParamsSchema,
        body: updatePromoCodeBodySchema,
        response: { 200: adminPromoCodeSchema, ...errors },
      },
    },
    async (request) => updatePromoCode(ctx, actorOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/promo-codes/:id/end",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "End a promo code now (admins)",
        params: promoCodeParamsSchema,
        response: { 200: adminPromoCodeSchema, ...errors },
      },
    },
    async (request) => endPromoCode(ctx, actorOf(request), request.params.id),
  );
}
