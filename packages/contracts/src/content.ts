import { LOTTERY_TYPES } from "@shwe/domain";
import { z } from "zod";
import { daySchema, text } from "./common.ts";
import { localizedTextBodySchema, localizedTextSchema, translationsSchema } from "./texts.ts";

/**
 * GET /api/banner?date=YYYY-MM-DD[&lng=] (desktop art) and /api/banner_mobile?date=[&lng=] (mobile art);
 * `title` is the caption in `lng` (Burmese when absent or not written in that language).
 */
export const bannerSchema = z.object({ id: z.number().int(), title: z.string(), image: z.string(), link: z.string().nullable() });
export const bannerListSchema = z.object({ data: z.array(bannerSchema) });

/** GET /api/social_link → links (qr is an image URL of the app download QR code). */
export const socialLinksSchema = z.object({
  data: z.object({
    play_store: z.string(),
    qr: z.string(),
    facebook: z.string(),
    messenger: z.string(),
    viber: z.string(),
    instagram: z.string(),
  }),
});

/** GET /api/header_play_text[?lng=] → the marquee text is data[0].text (spec §3), in `lng` (Burmese by default and as fallback). */
export const headerPlayTextSchema = z.object({ data: z.array(z.object({ text: z.string() })) });

/** GET /api/weekly/promo_maintain → '1' maintenance (Claim unavailable), '0' claiming allowed. */
export const maintainSchema = z.object({ is_maintain: z.enum(["0", "1"]) });

export const categorySchema = z.object({ id: z.number().int(), code: z.string(), name: z.string(), image: z.string() });
/** GET /api/g/categories */
export const categoryListSchema = z.object({ success: z.literal(true), data: z.array(categorySchema) });

export const providerSchema = z.object({
  id: z.number().int(),
  p_code: z.string(),
  name: z.string(),
  image: z.string(),
  sec_image: z.string(),
  maintenance: z.boolean(),
});
/** GET /api/g/providers?category=ID and GET /api/provider/hot/{categoryId} */
export const providerListSchema = z.object({ success: z.literal(true), data: z.array(providerSchema) });
/** GET /api/g/home → every category with its providers in one request (home page). */
export const homeCatalogueSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ category: categorySchema, providers: z.array(providerSchema) })),
});

export const gameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  p_code: z.string(),
  cate_code: z.string(),
  g_code: z.string(),
});
/** GET /api/g?category=ID&provider=ID */
export const gameListSchema = z.object({ success: z.literal(true), data: z.array(gameSchema) });

export const lotteryTypeSchema = z.enum(LOTTERY_TYPES);
/** GET /api/lottery/list */
export const lotteryListSchema = z.array(
  z.object({ type: lotteryTypeSchema, name: z.string(), odds: z.number().int(), next_draw_at: z.string().nullable() }),
);

export type Banner = z.infer<typeof bannerSchema>;
export type Category = z.infer<typeof categorySchema>;
export type Provider = z.infer<typeof providerSchema>;
export type Game = z.infer<typeof gameSchema>;
export type LotteryType = z.infer<typeof lotteryTypeSchema>;

// ── Operator console: settings, banners and the game catalogue ──────────────────────────────────

/**
 * A site-relative image path such as /img/banners/lottery-desktop.svg. Images from other hosts are
 * refused: the site's content security policy only loads its own images.
 */
export const imagePathSchema = text()
  .trim()
  .max(300)
  .regex(/^\/(?!\/)[A-Za-z0-9._~\-/]+$/, "must be a site path such as /img/banners/x.svg")
  .refine((s) => !s.split("/").includes(".."), "must not contain ..");

/** A link a banner or social button opens: a site path, an https:// address, or a viber:// chat link. */
export const externalLinkSchema = text()
  .trim()
  .max(500)
  .refine((s) => /^\/(?!\/)\S*$/.test(s) || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(s) || /^viber:\/\/\S+$/i.test(s), {
    message: "must be a site path, an https:// address or a viber:// link",
  });

export const adminBannerSchema = z.object({
  id: z.number().int(),
  /** The Burmese caption (every language falls back to it). */
  title: z.string(),
  /** The caption in the other languages, those written. */
  title_translations: translationsSchema,
  image_desktop: z.string(),
  image_mobile: z.string(),
  link: z.string().nullable(),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  sort: z.number().int(),
  active: z.boolean(),
});
/** GET /api/admin/content/banners → every banner, active or not. */
export const adminBannerListSchema = z.object({ data: z.array(adminBannerSchema) });

export const BANNER_TITLE_MAX = 120;
/** The caption in English, Chinese and Thai (an empty one falls back to Burmese). */
const titleTranslationsBodySchema = localizedTextBodySchema(BANNER_TITLE_MAX).omit({ mm: true });
const bannerFields = {
  /** Burmese, required (an empty one is refused with 422 BURMESE_TEXT_REQUIRED). */
  title: text().trim().max(BANNER_TITLE_MAX),
  title_translations: titleTranslationsBodySchema,
  image_desktop: imagePathSchema,
  image_mobile: imagePathSchema,
  link: externalLinkSchema.nullable(),
  starts_on: daySchema,
  ends_on: daySchema.nullable(),
  sort: z.number().int().min(0).max(10_000),
  active: z.boolean(),
};
/** POST /api/admin/content/banners (ends_on null or absent = open-ended). */
export const createBannerBodySchema = z.strictObject({
  title: bannerFields.title,
  title_translations: bannerFields.title_translations.optional(),
  image_desktop: bannerFields.image_desktop,
  image_mobile: bannerFields.image_mobile,
  link: bannerFields.link.optional(),
  starts_on: bannerFields.starts_on,
  ends_on: bannerFields.ends_on.optional(),
  sort: bannerFields.sort.optional(),
  active: bannerFields.active.optional(),
});
/** PUT /api/admin/content/banners/{id}: any subset of the fields. */
export const updateBannerBodySchema = z.strictObject({
  title: bannerFields.title.optional(),
  title_translations: bannerFields.title_translations.optional(),
  image_desktop: bannerFields.image_desktop.optional(),
  image_mobile: bannerFields.image_mobile.optional(),
  link: bannerFields.link.optional(),
  starts_on: bannerFields.starts_on.optional(),
  ends_on: bannerFields.ends_on.optional(),
  sort: bannerFields.sort.optional(),
  active: bannerFields.active.optional(),
});

export const socialLinkValuesSchema = socialLinksSchema.shape.data;
/** PUT /api/admin/content/social_links: any subset; an empty string hides that link. */
export const updateSocialLinksBodySchema = z.strictObject({
  play_store: externalLinkSchema.or(z.literal("")).optional(),
  qr: imagePathSchema.or(z.literal("")).optional(),
  facebook: externalLinkSchema.or(z.literal("")).optional(),
  messenger: externalLinkSchema.or(z.literal("")).optional(),
  viber: externalLinkSchema.or(z.literal("")).optional(),
  instagram: externalLinkSchema.or(z.literal("")).optional(),
});
export const SETTING_TEXT_MAX = 1000;
/**
 * PUT /api/admin/content/header_play_text and /api/admin/content/point_warning: `texts` in every
 * language (Burmese required: 422 BURMESE_TEXT_REQUIRED), or `text` alone, the Burmese form (the
 * other languages are then cleared).
 */
export const settingTextBodySchema = z
  .strictObject({ text: text().trim().max(SETTING_TEXT_MAX).optional(), texts: localizedTextBodySchema(SETTING_TEXT_MAX).optional() })
  .refine((b) => b.text === undefined || b.texts === undefined, "give text or texts, not both");
/** PUT /api/admin/content/promo_maintain. */
export const maintainBodySchema = z.strictObject({ is_maintain: z.enum(["0", "1"]) });

/** GET /api/admin/content/settings → the operator-editable site texts and flags. */
export const adminContentSettingsSchema = z.object({
  /** The Burmese forms, as before. */
  header_play_text: z.string(),
  is_maintain: z.enum(["0", "1"]),
  social_links: socialLinkValuesSchema,
  point_warning: z.string(),
  /** Every language's form. */
  header_play_texts: localizedTextSchema,
  point_warning_texts: localizedTextSchema,
});
/** PUT answers of the two texts: `text` is the Burmese form. */
export const settingTextAnswerSchema = z.object({ text: z.string(), texts: localizedTextSchema });

export const adminCategorySchema = categorySchema.extend({ sort: z.number().int(), active: z.boolean() });
/** GET /api/admin/catalogue/categories */
export const adminCategoryListSchema = z.object({ data: z.array(adminCategorySchema) });
/** PUT /api/admin/catalogue/categories/{id} */
export const categoryFlagsBodySchema = z.strictObject({ active: z.boolean() });

export const adminProviderSchema = providerSchema.extend({
  active: z.boolean(),
  sort: z.number().int(),
  /** The provider's wallet accepts credits without a debit in their round (free rounds it gives); default false. */
  free_round_credits: z.boolean(),
  categories: z.array(z.object({ category_id: z.number().int(), hot: z.boolean() })),
});
/** GET /api/admin/catalogue/providers */
export const adminProviderListSchema = z.object({ data: z.array(adminProviderSchema) });
/** PUT /api/admin/catalogue/providers/{id}: maintenance, active and/or free_round_credits. */
export const providerFlagsBodySchema = z
  .strictObject({ maintenance: z.boolean().optional(), active: z.boolean().optional(), free_round_credits: z.boolean().optional() })
  .refine(
    (b) => b.maintenance !== undefined || b.active !== undefined || b.free_round_credits !== undefined,
    "give maintenance, active or free_round_credits",
  );
/** PUT /api/admin/catalogue/providers/{id}/categories/{categoryId}: the hot flag in one category. */
export const providerHotBodySchema = z.strictObject({ hot: z.boolean() });

export const adminGameSchema = gameSchema.extend({ provider_id: z.number().int(), category_id: z.number().int(), active: z.boolean() });
/** GET /api/admin/catalogue/games?provider=ID[&category=ID] → every game, active or not. */
export const adminGameListSchema = z.object({ data: z.array(adminGameSchema) });
/** PUT /api/admin/catalogue/games/{id} */
export const gameFlagsBodySchema = z.strictObject({ active: z.boolean() });

export type AdminBanner = z.infer<typeof adminBannerSchema>;
export type SettingTextBody = z.infer<typeof settingTextBodySchema>;
export type CreateBannerBody = z.infer<typeof createBannerBodySchema>;
export type UpdateBannerBody = z.infer<typeof updateBannerBodySchema>;
export type SocialLinks = z.infer<typeof socialLinkValuesSchema>;
export type AdminContentSettings = z.infer<typeof adminContentSettingsSchema>;
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export type AdminProvider = z.infer<typeof adminProviderSchema>;
export type AdminGame = z.infer<typeof adminGameSchema>;
