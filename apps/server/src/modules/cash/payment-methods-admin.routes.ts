import {
  adminPaymentMethodSchema,
  adminPaymentMethodsSchema,
  createPaymentMethodBodySchema,
  errorBodySchema,
  paymentChipsBodySchema,
  updatePaymentMethodBodySchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { actorOf } from "../content/audit.service.ts";
import { createPaymentMethod, listPaymentMethodsForAdmins, setPaymentChips, updatePaymentMethod } from "./payment-methods-admin.service.ts";

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}

/** The console's payment method routes (guarded by the /api/admin hook: writes are admins' only). */
export function registerPaymentMethodAdminRoutes(app: ZodApp, ctx: AppContext): void {
  const tags = ["admin"];
  const security = [{ bearer: [] }];
  const errors = { "4xx": errorBodySchema };
  app.get(
    "/api/admin/payment-methods",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Every payment method and the amount chips",
        response: { 200: adminPaymentMethodsSchema, ...errors },
      },
    },
    async () => listPaymentMethodsForAdmins(ctx),
  );
  app.post(
    "/api/admin/payment-methods",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Add a payment method: name, logo, account, limits, directions (admins)",
        body: createPaymentMethodBodySchema,
        response: { 201: adminPaymentMethodSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createPaymentMethod(ctx, actorOf(request), request.body)),
  );
  app.put(
    "/api/admin/payment-methods/chips",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "The amount chips of the cash-in and cash-out forms (admins)",
        body: paymentChipsBodySchema,
        response: { 200: adminPaymentMethodsSchema, ...errors },
      },
    },
    async (request) => setPaymentChips(ctx, actorOf(request), request.body),
  );
  app.put(
    "/api/admin/payment-methods/:id",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Change a payment method: name, logo, account, limits, directions, order (admins)",
        params: z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: updatePaymentMethodBodySchema,
        response: { 200: adminPaymentMethodSchema, ...errors },
      },
    },
    async (request) => updatePaymentMethod(ctx, actorOf(request), request.params.id, request.body),
  );
}
