import {
  adminCategoryListSchema,
  adminCategorySchema,
  adminGameListSchema,
  adminGameSchema,
  adminProviderListSchema,
  adminProviderSchema,
  categoryFlagsBodySchema,
  gameFlagsBodySchema,
  providerFlagsBodySchema,
  providerHotBodySchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { actorOf } from "../content/audit.service.ts";
import {
  listCategoriesForOperator,
  listGamesForOperator,
  listProvidersForOperator,
  setCategoryActiveAs,
  setGameActiveAs,
  setProviderFlagsAs,
  setProviderHotAs,
} from "./catalogue-admin.service.ts";

const intId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const idParams = z.object({ id: intId });
/** Category and provider ids are PostgreSQL integers: a larger id is a 400, not a failed query. */
const smallId = z.coerce.number().int().min(1).max(2_147_483_647);
const smallIdParams = z.object({ id: smallId });

/** Console answers are never cached. */
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}

/** Operator console: category, provider and game switches. Every change is audited. */
export function registerCatalogueAdminRoutes(app: ZodApp, ctx: AppContext): void {
  const guarded = { onRequest: noStore, preHandler: ctx.guards.requireOperator };
  const admin = { tags: ["admin"], security: [{ bearer: [] }] };

  app.get(
    "/api/admin/catalogue/categories",
    { ...guarded, schema: { ...admin, response: { 200: adminCategoryListSchema } } },
    async () => ({
      data: await listCategoriesForOperator(ctx.db),
    }),
  );

  app.put(
    "/api/admin/catalogue/categories/:id",
    { ...guarded, schema: { ...admin, params: smallIdParams, body: categoryFlagsBodySchema, response: { 200: adminCategorySchema } } },
    async (request) => setCategoryActiveAs(ctx.db, actorOf(request), request.params.id, request.body.active),
  );

  app.get("/api/admin/catalogue/providers", { ...guarded, schema: { ...admin, response: { 200: adminProviderListSchema } } }, async () => ({
    data: await listProvidersForOperator(ctx.db),
  }));

  app.put(
    "/api/admin/catalogue/providers/:id",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Provider maintenance / active / free-round credits",
        params: smallIdParams,
        body: providerFlagsBodySchema,
        response: { 200: adminProviderSchema },
      },
    },
    async (request) => setProviderFlagsAs(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.put(
    "/api/admin/catalogue/providers/:id/categories/:categoryId",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Hot flag of a provider in one category",
        params: z.object({ id: smallId, categoryId: smallId }),
        body: providerHotBodySchema,
        response: { 200: adminProviderSchema },
      },
    },
    async (request) => setProviderHotAs(ctx.db, actorOf(request), request.params.id, request.params.categoryId, request.body.hot),
  );

  app.get(
    "/api/admin/catalogue/games",
    {
      ...guarded,
      schema: {
        ...admin,
        querystring: z.object({ provider: smallId, category: smallId.optional() }),
        response: { 200: adminGameListSchema },
      },
    },
    async (request) => ({ data: await listGamesForOperator(ctx.db, request.query.provider, request.query.category) }),
  );

  app.put(
    "/api/admin/catalogue/games/:id",
    { ...guarded, schema: { ...admin, params: idParams, body: gameFlagsBodySchema, response: { 200: adminGameSchema } } },
    async (request) => setGameActiveAs(ctx.db, actorOf(request), request.params.id, request.body.active),
  );
}
