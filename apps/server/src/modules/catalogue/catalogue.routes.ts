import { categoryListSchema, gameListSchema, homeCatalogueSchema, lotteryListSchema, providerListSchema } from "@shwe/contracts";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { CACHE_CONTROL, type PublicAnswerOptions, publicAnswer } from "../../plugins/public-reply.ts";
import { CATEGORY_TOKEN, homeCatalogue, listCategories, listGames, listProviders, PROVIDER_TOKEN } from "./catalogue.service.ts";
import { lotteryList } from "./lottery-list.service.ts";

const categoryToken = z.string().regex(CATEGORY_TOKEN, "must be a category id or code");
const providerToken = z.string().regex(PROVIDER_TOKEN, "must be a provider id or code");
/** One category or a comma-separated list of them (`2,3`, `slot,fishing`). */
const categoryListParam = z
  .string()
  .max(300)
  .transform((s) => s.split(","))
  .pipe(z.array(categoryToken).min(1).max(20));

/**
 * Public game catalogue and lottery list (no token needed). The catalogue is answered from the
 * public cache (plugins/public-reply.ts), which compresses it itself: the compression plugin is off
 * for those routes. Browsers may reuse it for a minute.
 */
export function registerCatalogueRoutes(app: ZodApp, ctx: AppContext): void {
  const answer = (name: string, schema: PublicAnswerOptions["schema"]) =>
    publicAnswer(ctx, name, { scope: "catalogue", schema, cacheControl: CACHE_CONTROL.minute });
  const categoriesAnswer = answer("categories", categoryListSchema);
  const providersAnswer = answer("providers", providerListSchema);
  const hotAnswer = answer("hot_providers", providerListSchema);
  const homeAnswer = answer("home", homeCatalogueSchema);
  // /api/g?category=&provider= and /api/g/{category}/{provider} give the same answer.
  const gamesAnswer = answer("games", gameListSchema);

  app.get(
    "/api/g/categories",
    {
      compress: false,
      schema: { tags: ["catalogue"], summary: "Active game categories in order", response: { 200: categoryListSchema } },
    },
    async (request, reply) =>
      categoriesAnswer(request, reply, "", async () => ({
        success: true as const,
        data: await listCategories(ctx.db),
      })),
  );

  app.get(
    "/api/g/providers",
    {
      compress: false,
      schema: {
        tags: ["catalogue"],
        summary: "Providers of a category (id or code; several comma-separated)",
        querystring: z.object({ category: categoryListParam }),
        response: { 200: providerListSchema },
      },
    },
    async (request, reply) => {
      const categories = request.query.category;
      return providersAnswer(request, reply, categories.join(","), async () => ({
        success: true as const,
        data: await listProviders(ctx.db, categories),
      }));
    },
  );

  app.get(
    "/api/provider/hot/:categoryId",
    {
      compress: false,
      schema: {
        tags: ["catalogue"],
        summary: "Hot providers of a category",
        params: z.object({ categoryId: categoryToken }),
        response: { 200: providerListSchema },
      },
    },
    async (request, reply) => {
      const { categoryId } = request.params;
      return hotAnswer(request, reply, categoryId, async () => ({
        success: true as const,
        data: await listProviders(ctx.db, [categoryId], { hotOnly: true }),
      }));
    },
  );

  app.get(
    "/api/g/home",
    {
      compress: false,
      schema: { tags: ["catalogue"], summary: "Every category with its providers (home page)", response: { 200: homeCatalogueSchema } },
    },
    async (request, reply) =>
      homeAnswer(request, reply, "", async () => ({
        success: true as const,
        data: await homeCatalogue(ctx.db),
      })),
  );

  app.get(
    "/api/g",
    {
      compress: false,
      schema: {
        tags: ["catalogue"],
        summary: "Games of a provider in a category (ids or codes)",
        querystring: z.object({ category: categoryToken, provider: providerToken }),
        response: { 200: gameListSchema },
      },
    },
    async (request, reply) => {
      const { category, provider } = request.query;
      return gamesAnswer(request, reply, `${category}|${provider}`, async () => ({
        success: true as const,
        data: await listGames(ctx.db, category, provider),
      }));
    },
  );

  app.get(
    "/api/g/:category/:provider",
    {
      compress: false,
      schema: {
        tags: ["catalogue"],
        summary: "Games of a provider in a category, as path segments (same answer as /api/g?category=&provider=)",
        params: z.object({ category: categoryToken, provider: providerToken }),
        response: { 200: gameListSchema },
      },
    },
    async (request, reply) => {
      const { category, provider } = request.params;
      return gamesAnswer(request, reply, `${category}|${provider}`, async () => ({
        success: true as const,
        data: await listGames(ctx.db, category, provider),
      }));
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
