import {
  adminBannerListSchema,
  adminBannerSchema,
  adminContentSettingsSchema,
  createBannerBodySchema,
  headerPlayTextSchema,
  maintainBodySchema,
  maintainSchema,
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

const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
/** Console answers are never cached. */
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}
const textResponseSchema = z.object({ text: z.string() });

/** Operator console: marquee, claim maintenance flag, social links, point warning and banners. Every change is audited. */
export function registerContentAdminRoutes(app: ZodApp, ctx: AppContext): void {
  const guarded = { onRequest: noStore, preHandler: ctx.guards.requireOperator };
  const admin = { tags: ["admin"], security: [{ bearer: [] }] };

  app.get("/api/admin/content/settings", { ...guarded, schema: { ...admin, response: { 200: adminContentSettingsSchema } } }, async () =>
    readSettings(ctx.db, {
      header_play_text: HEADER_PLAY_TEXT,
      is_maintain: PROMO_MAINTAIN,
      social_links: SOCIAL_LINKS,
      point_warning: POINT_WARNING,
    }),
  );

  app.put(
    "/api/admin/content/header_play_text",
    {
      ...guarded,
      schema: { ...admin, summary: "Change the marquee text", body: settingTextBodySchema, response: { 200: headerPlayTextSchema } },
    },
    async (request) => {
      const text = await updateSetting(ctx.db, HEADER_PLAY_TEXT, actorOf(request), () => request.body.text);
      return { data: [{ text }] };
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
      schema: { ...admin, summary: "Change the points page warning", body: settingTextBodySchema, response: { 200: textResponseSchema } },
    },
    async (request) => ({ text: await updateSetting(ctx.db, POINT_WARNING, actorOf(request), () => request.body.text) }),
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
