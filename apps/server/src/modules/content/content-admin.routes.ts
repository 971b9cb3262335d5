import {
  adminBannerListSchema,
  adminBannerSchema,
  adminContentSettingsSchema,
  createBannerBodySchema,
  headerPlayTextSchema,
  type LocalizedText,
  localizedTextSchema,
  maintainBodySchema,
  maintainSchema,
  type SettingTextBody,
  settingTextAnswerSchema,
  settingTextBodySchema,
  socialLinksSchema,
  updateBannerBodySchema,
  updateSocialLinksBodySchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { actorOf } from "./audit.service.ts";
import { createBanner, deactivateBanner, listBannersForOperator, updateBanner } from "./banners.service.ts";
import { HEADER_PLAY_TEXT, POINT_WARNING, PROMO_MAINTAIN, readSettings, SOCIAL_LINKS, updateSetting } from "./settings.service.ts";
import { textFromBody } from "./texts.service.ts";

const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
/** Console answers are never cached. */
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}
const marqueeAnswerSchema = headerPlayTextSchema.extend({ texts: localizedTextSchema });

/** The text a console body sets: `texts` in every language, or `text` alone (the Burmese form). */
function bodyText(body: SettingTextBody): LocalizedText {
  return body.texts ? textFromBody(body.texts, "texts.mm") : textFromBody({ mm: body.text }, "text");
}

/** Operator console: marquee, claim maintenance flag, social links, point warning and banners. Every change is audited. */
export function registerContentAdminRoutes(app: ZodApp, ctx: AppContext): void {
  const guarded = { onRequest: noStore, preHandler: ctx.guards.requireOperator };
  const admin = { tags: ["admin"], security: [{ bearer: [] }] };

  app.get("/api/admin/content/settings", { ...guarded, schema: { ...admin, response: { 200: adminContentSettingsSchema } } }, async () => {
    const read = await readSettings(ctx.db, {
      header_play_text: HEADER_PLAY_TEXT,
      is_maintain: PROMO_MAINTAIN,
      social_links: SOCIAL_LINKS,
      point_warning: POINT_WARNING,
    });
    return {
      header_play_text: read.header_play_text.mm,
      is_maintain: read.is_maintain,
      social_links: read.social_links,
      point_warning: read.point_warning.mm,
      header_play_texts: read.header_play_text,
      point_warning_texts: read.point_warning,
    };
  });

  app.put(
    "/api/admin/content/header_play_text",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Change the marquee text (Burmese required, other languages fall back to it)",
        body: settingTextBodySchema,
        response: { 200: marqueeAnswerSchema },
      },
    },
    async (request) => {
      const next = bodyText(request.body);
      const texts = await updateSetting(ctx.db, HEADER_PLAY_TEXT, actorOf(request), () => next);
      return { data: [{ text: texts.mm }], texts };
    },
  );

  app.put(
    "/api/admin/content/promo_maintain",
    {
      ...guarded,
      schema: { ...admin, summary: "Open ('0') or close ('1') claiming", body: maintainBodySchema, response: { 200: maintainSchema } },
    },
    async (request) => ({ is_maintain: await updateSetting(ctx.db, PROMO_MAINTAIN, actorOf(request), () => request.body.is_maintain) }),
  );

  app.put(
    "/api/admin/content/social_links",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Change any of the social links",
        body: updateSocialLinksBodySchema,
        response: { 200: socialLinksSchema },
      },
    },
    async (request) => {
      const patch = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      return { data: await updateSetting(ctx.db, SOCIAL_LINKS, actorOf(request), (current) => ({ ...current, ...patch })) };
    },
  );

  app.put(
    "/api/admin/content/point_warning",
    {
      ...guarded,
      schema: {
        ...admin,
        summary: "Change the points page warning (Burmese required, other languages fall back to it)",
        body: settingTextBodySchema,
        response: { 200: settingTextAnswerSchema },
      },
    },
    async (request) => {
      const next = bodyText(request.body);
      const texts = await updateSetting(ctx.db, POINT_WARNING, actorOf(request), () => next);
      return { text: texts.mm, texts };
    },
  );

  app.get("/api/admin/content/banners", { ...guarded, schema: { ...admin, response: { 200: adminBannerListSchema } } }, async () => ({
    data: await listBannersForOperator(ctx.db),
  }));

  app.post(
    "/api/admin/content/banners",
    { ...guarded, schema: { ...admin, body: createBannerBodySchema, response: { 201: adminBannerSchema } } },
    async (request, reply) => reply.status(201).send(await createBanner(ctx.db, actorOf(request), request.body)),
  );

  app.put(
    "/api/admin/content/banners/:id",
    { ...guarded, schema: { ...admin, params: idParamsSchema, body: updateBannerBodySchema, response: { 200: adminBannerSchema } } },
    async (request) => updateBanner(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    "/api/admin/content/banners/:id/deactivate",
    {
      ...guarded,
      schema: { ...admin, params: idParamsSchema, body: z.strictObject({}).nullish(), response: { 200: adminBannerSchema } },
    },
    async (request) => deactivateBanner(ctx.db, actorOf(request), request.params.id),
  );
}
