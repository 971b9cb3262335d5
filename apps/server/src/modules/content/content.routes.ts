import { bannerListSchema, daySchema, headerPlayTextSchema, maintainSchema, socialLinksSchema } from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { CACHE_CONTROL, type PublicAnswerOptions, publicAnswer } from "../../plugins/public-reply.ts";
import { type BannerVariant, bannersOn } from "./banners.service.ts";
import { HEADER_PLAY_TEXT, PROMO_MAINTAIN, readSetting, SOCIAL_LINKS } from "./settings.service.ts";

/** The claim flag is revalidated on every use (and read from the database every time). */
export const NO_CACHE = "no-cache";

const bannerQuerySchema = z.object({ date: daySchema.optional() });

/**
 * Public site content: marquee text, maintenance flag, social links and banners (no token needed).
 * Marquee, links and banners are answered from the public cache (plugins/public-reply.ts), which
 * compresses them itself; browsers may reuse them for a minute, so an operator's change shows
 * within a minute.
 */
export function registerContentRoutes(app: ZodApp, ctx: AppContext): void {
  const answer = (name: string, schema: PublicAnswerOptions["schema"]) =>
    publicAnswer(ctx, name, { scope: "content", schema, cacheControl: CACHE_CONTROL.minute });
  const marqueeAnswer = answer("header_play_text", headerPlayTextSchema);
  const linksAnswer = answer("social_link", socialLinksSchema);

  app.get(
    "/api/header_play_text",
    {
      compress: false,
      schema: { tags: ["content"], summary: "Marquee notice: data[0].text", response: { 200: headerPlayTextSchema } },
    },
    async (request, reply) =>
      marqueeAnswer(request, reply, "", async () => {
        const text = await readSetting(ctx.db, HEADER_PLAY_TEXT);
        return { data: text ? [{ text }] : [] };
      }),
  );

  app.get(
    "/api/weekly/promo_maintain",
    { schema: { tags: ["content"], summary: "'1' closes Claim, '0' allows it", response: { 200: maintainSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", NO_CACHE);
      return { is_maintain: await readSetting(ctx.db, PROMO_MAINTAIN) };
    },
  );

  app.get(
    "/api/social_link",
    {
      compress: false,
      schema: { tags: ["content"], summary: "Social and download links", response: { 200: socialLinksSchema } },
    },
    async (request, reply) => linksAnswer(request, reply, "", async () => ({ data: await readSetting(ctx.db, SOCIAL_LINKS) })),
  );

  const bannerRoute = (path: string, variant: BannerVariant) => {
    const bannersAnswer = answer(`banners_${variant}`, bannerListSchema);
    app.get(
      path,
      {
        compress: false,
        schema: {
          tags: ["content"],
          summary: `Active banners of a day (default today in Asia/Yangon), ${variant} art`,
          querystring: bannerQuerySchema,
          response: { 200: bannerListSchema },
        },
      },
      async (request, reply) => {
        const day = request.query.date ?? yangonDate(ctx.clock.now());
        return bannersAnswer(request, reply, day, async () => ({
          data: await bannersOn(ctx.db, day, variant),
        }));
      },
    );
  };
  bannerRoute("/api/banner", "desktop");
  bannerRoute("/api/banner_mobile", "mobile");
}
