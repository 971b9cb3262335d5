import { categoryListSchema, gameListSchema, homeCatalogueSchema, lotteryListSchema, providerListSchema } from "@shwe/contracts";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app.ts";
import { CATEGORY_TOKEN, homeCatalogue, listCategories, listGames, listProviders, PROVIDER_TOKEN } from "./catalogue.service.ts";
import { lotteryList } from "./lottery-list.service.ts";

/** The catalogue changes rarely: browsers may reuse it for a minute. */
const PUBLIC_CACHE = "public, max-age=60";

const categoryToken = z.string().regex(CATEGORY_TOKEN, "must be a category id or code");
const providerToken = z.string().regex(PROVIDER_TOKEN, "must be a provider id or code");
/** One category or a comma-separated list of them (`2,3`, `slot,fishing`). */
const categoryListParam = z
  .string()
  .max(300)
  .transform((s) => s.split(","))
  .pipe(z.array(categoryToken).min(1).max(20));

/** Public game catalogue and lottery list (no token needed). */
export function registerCatalogueRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    "/api/g/categories",
    { schema: { tags: ["catalogue"], summary: "Active game categories in order", response: { 200: categoryListSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return { success: true as const, data: await listCategories(ctx.db) };
    },
  );

  app.get(
    "/api/g/providers",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Providers of a category (id or code; several comma-separated)",
        querystring: z.object({ category: categoryListParam }),
        response: { 200: providerListSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return { success: true as const, data: await listProviders(ctx.db, request.query.category) };
    },
  );

  app.get(
    "/api/provider/hot/:categoryId",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Hot providers of a category",
        params: z.object({ categoryId: categoryToken }),
        response: { 200: providerListSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return { success: true as const, data: await listProviders(ctx.db, [request.params.categoryId], { hotOnly: true }) };
    },
  );

  app.get(
    "/api/g/home",
    { schema: { tags: ["catalogue"], summary: "Every category with its providers (home page)", response: { 200: homeCatalogueSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return { success: true as const, data: await homeCatalogue(ctx.db) };
    },
  );

  app.get(
    "/api/g",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Games of a provider in a category (ids or codes)",
        querystring: z.object({ category: categoryToken, provider: providerToken }),
        response: { 200: gameListSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return { success: true as const, data: await listGames(ctx.db, request.query.category, request.query.provider) };
    },
  );

  app.get(
    "/api/g/:category/:provider",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Games of a provider in a category, as path segments (same answer as /api/g?category=&provider=)",
        params: z.object({ category: categoryToken, provider: providerToken }),
        response: { 200: gameListSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return { success: true as const, data: await listGames(ctx.db, request.params.category, request.params.provider) };
    },
  );

  app.get(
    "/api/lottery/list",
    { schema: { tags: ["lottery"], summary: "Lottery games with odds and next draw time", response: { 200: lotteryListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-cache");
      return lotteryList(ctx.db, ctx.clock.now(), (type, err) => request.log.warn({ type, err }, "unusable lottery schedule"));
    },
  );
}
