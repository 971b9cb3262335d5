import {
  bannerListSchema,
  daySchema,
  headerPlayTextSchema,
  languageQuerySchema,
  maintainSchema,
  socialLinksSchema,
  textIn,
} from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { CACHE_CONTROL, type PublicAnswerOptions, publicAnswer } from "../../plugins/public-reply.ts";
import { type BannerVariant, bannersOn } from "./banners.service.ts";
import { HEADER_PLAY_TEXT, PROMO_MAINTAIN, readSetting, SOCIAL_LINKS } from "./settings.service.ts";

/** The claim flag is revalidated on every use (and read from the database every time). */
export const NO_CACHE = "no-cache";

const bannerQuerySchema = languageQuerySchema.extend({ date: daySchema.optional() });

/**
 * Public site content: marquee text, maintenance flag, social links and banners (no token needed).
 * Marquee, links and banners are answered from the public cache (plugins/public-reply.ts), which
 * compresses them itself; browsers may reuse them for a minute, so an operator's change shows
 * within a minute. Operator texts come in the language of `?lng=` (Burmese without it, and where that
 * language was not written): each language is its own cached answer and its own URL.
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
      schema: {
        tags: ["content"],
        summary: "Marquee notice: data[0].text, in ?lng= (Burmese by default)",
        querystring: languageQuerySchema,
        response: { 200: headerPlayTextSchema },
      },
    },
    async (request, reply) => {
      const lng = request.query.lng;
      return marqueeAnswer(request, reply, lng ?? "", async () => {
        const text = textIn(await readSetting(ctx.db, HEADER_PLAY_TEXT), lng);
        return { data: text ? [{ text }] : [] };
      });
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
          summary: `Active banners of a day (default today in Asia/Yangon), ${variant} art, captions in ?lng=`,
          querystring: bannerQuerySchema,
          response: { 200: bannerListSchema },
        },
      },
      async (request, reply) => {
        const day = request.query.date ?? yangonDate(ctx.clock.now());
        const lng = request.query.lng;
        return bannersAnswer(request, reply, `${day}|${lng ?? ""}`, async () => ({
          data: await bannersOn(ctx.db, day, variant, lng),
        }));
      },
    );
  };
  bannerRoute("/api/banner", "desktop");
  bannerRoute("/api/banner_mobile", "mobile");
}
