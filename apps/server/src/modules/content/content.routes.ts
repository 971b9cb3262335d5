import { bannerListSchema, daySchema, headerPlayTextSchema, maintainSchema, socialLinksSchema } from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app.ts";
import { type BannerVariant, bannersOn } from "./banners.service.ts";
import { HEADER_PLAY_TEXT, PROMO_MAINTAIN, readSetting, SOCIAL_LINKS } from "./settings.service.ts";

/** Public content may be cached briefly by the browser: an operator's change shows within a minute. */
export const PUBLIC_CACHE = "public, max-age=60";
/** The claim flag is revalidated on every use. */
export const NO_CACHE = "no-cache";

const bannerQuerySchema = z.object({ date: daySchema.optional() });

/** Public site content: marquee text, maintenance flag, social links and banners (no token needed). */
export function registerContentRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    "/api/header_play_text",
    { schema: { tags: ["content"], summary: "Marquee notice: data[0].text", response: { 200: headerPlayTextSchema } } },
    async (_request, reply) => {
      const text = await readSetting(ctx.db, HEADER_PLAY_TEXT);
      reply.header("cache-control", PUBLIC_CACHE);
      return { data: text ? [{ text }] : [] };
    },
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
    { schema: { tags: ["content"], summary: "Social and download links", response: { 200: socialLinksSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return { data: await readSetting(ctx.db, SOCIAL_LINKS) };
    },
  );

  const bannerRoute = (path: string, variant: BannerVariant) =>
    app.get(
      path,
      {
        schema: {
          tags: ["content"],
          summary: `Active banners of a day (default today in Asia/Yangon), ${variant} art`,
          querystring: bannerQuerySchema,
          response: { 200: bannerListSchema },
        },
      },
      async (request, reply) => {
        const day = request.query.date ?? yangonDate(ctx.clock.now());
        reply.header("cache-control", PUBLIC_CACHE);
        return { data: await bannersOn(ctx.db, day, variant) };
      },
    );
  bannerRoute("/api/banner", "desktop");
  bannerRoute("/api/banner_mobile", "mobile");
}
