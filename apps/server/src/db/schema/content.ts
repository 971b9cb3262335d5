import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id, ref } from "./columns.ts";

/**
 * Operator-editable settings, one JSON value per key (maintenance flag, marquee text,
 * header play text, social links, limits …). Keys are listed in the settings service.
 */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export const banners = pgTable(
  "banners",
  {
    id: id(),
    /** The Burmese caption; every other language falls back to it. */
    title: text("title").notNull(),
    /** The caption in English, Chinese and Thai, those written (migration 0032). */
    titleTranslations: jsonb("title_translations").notNull().default({}),
    imageDesktop: text("image_desktop").notNull(),
    imageMobile: text("image_mobile").notNull(),
    link: text("link"),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }),
    sort: integer("sort").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("banners_dates_idx").on(t.startsOn, t.endsOn)],
);

/** The nine game categories; ids fixed by the spec (10 sports, 6 live casino, 2 slot …). */
export const gameCategories = pgTable("game_categories", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  image: text("image").notNull(),
  sort: integer("sort").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

export const providers = pgTable("providers", {
  id: integer("id").primaryKey(),
  /** p_code on the wire. */
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  image: text("image").notNull(),
  secImage: text("sec_image").notNull(),
  maintenance: boolean("maintenance").notNull().default(false),
  active: boolean("active").notNull().default(true),
  sort: integer("sort").notNull().default(0),
  /** Credits without a debit in their round are accepted (free rounds the provider gives); off = refused. */
  freeRoundCredits: boolean("free_round_credits").notNull().default(false),
});

/** Which providers appear in which category, and which are "hot" there. */
export const providerCategories = pgTable(
  "provider_categories",
  {
    providerId: integer("provider_id")
      .notNull()
      .references(() => providers.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => gameCategories.id),
    hot: boolean("hot").notNull().default(false),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.categoryId] })],
);

export const games = pgTable(
  "games",
  {
    id: id(),
    providerId: integer("provider_id")
      .notNull()
      .references(() => providers.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => gameCategories.id),
    name: text("name").notNull(),
    image: text("image").notNull(),
    /** g_code on the wire; unique per provider. */
    code: text("code").notNull(),
    active: boolean("active").notNull().default(true),
    sort: integer("sort").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("games_provider_code_uq").on(t.providerId, t.code), index("games_cat_prov_idx").on(t.categoryId, t.providerId)],
);

/** The five lottery games and their configuration (schedule, odds, limits, result source). */
export const lotteryGames = pgTable("lottery_games", {
  type: text("type", { enum: ["1D", "2D", "3D", "C1D", "C2D"] }).primaryKey(),
  name: text("name").notNull(),
  odds: integer("odds").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  sort: integer("sort").notNull().default(0),
  /** Draw times, weekdays / month days, cut-off rule; read by the domain schedule functions. */
  schedule: jsonb("schedule").notNull(),
  resultSource: text("result_source", { enum: ["manual", "feed", "fair"] })
    .notNull()
    .default("fair"),
  updatedBy: ref("updated_by"),
  updatedAt: at("updated_at").notNull().defaultNow(),
});
