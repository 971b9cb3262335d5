import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, id, money, ref } from "./columns.ts";
import { journals } from "./ledger.ts";

/** The rewards players buy with points (domain-rules §7): `points` spent, `amount` kyat paid to main. */
export const pointRewards = pgTable(
  "point_rewards",
  {
    id: id(),
    /** The Burmese name; every other language falls back to it. */
    name: text("name").notNull(),
    /** The name in English, Chinese and Thai, those written (migration 0038). */
    nameTranslations: jsonb("name_translations").notNull().default({}),
    points: money("points").notNull(),
    amount: money("amount").notNull(),
    active: boolean("active").notNull().default(true),
    sort: integer("sort").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("point_rewards_points_positive", sql`${t.points} > 0 AND ${t.points} <= 10000000000`),
    check("point_rewards_amount_positive", sql`${t.amount} > 0 AND ${t.amount} <= 10000000000`),
  ],
);

/** One row per claim: what was spent and paid, and the one journal that did both. */
export const pointClaims = pgTable(
  "point_claims",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    rewardId: ref("reward_id")
      .notNull()
      .references(() => pointRewards.id),
    points: money("points").notNull(),
    amount: money("amount").notNull(),
    journalId: ref("journal_id")
      .notNull()
      .references(() => journals.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("point_claims_journal_uq").on(t.journalId),
    index("point_claims_user_idx").on(t.userId, t.createdAt, t.id),
    index("point_claims_reward_idx").on(t.rewardId, t.createdAt),
    check("point_claims_points_positive", sql`${t.points} > 0`),
    check("point_claims_amount_positive", sql`${t.amount} > 0`),
  ],
);
