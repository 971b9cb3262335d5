import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, id, money, ref } from "./columns.ts";
import { journals } from "./ledger.ts";

/** Pocket money campaigns (migration 0015): one per Asia/Yangon day. */
export const pocketCampaigns = pgTable(
  "pocket_campaigns",
  {
    id: id(),
    day: date("day", { mode: "string" }).notNull(),
    budget: money("budget").notNull(),
    minAmount: money("min_amount").notNull(),
    maxAmount: money("max_amount").notNull(),
    /** The account level a player needs to claim (1 or 2). */
    minLevel: integer("min_level").notNull().default(2),
    spent: money("spent").notNull().default(0),
    claims: integer("claims").notNull().default(0),
    /** The day's secret seed (64 hex); revealed once the day is over. */
    seed: text("seed").notNull(),
    /** SHA-256 of the seed, publishable before the day. */
    commitment: text("commitment").notNull(),
    createdBy: ref("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pocket_campaigns_day_uq").on(t.day),
    check("pocket_campaigns_amounts", sql`${t.minAmount} >= 1 AND ${t.minAmount} <= ${t.maxAmount} AND ${t.maxAmount} <= 100000000`),
    check("pocket_campaigns_budget", sql`${t.budget} >= 0 AND ${t.budget} <= 10000000000`),
    check("pocket_campaigns_spent", sql`${t.spent} >= 0 AND ${t.spent} <= ${t.budget} AND ${t.claims} >= 0`),
    check("pocket_campaigns_level", sql`${t.minLevel} IN (1, 2)`),
  ],
);

/** One claim per player and campaign, with what re-derives its amount (message and bounds). */
export const pocketClaims = pgTable(
  "pocket_claims",
  {
    id: id(),
    campaignId: ref("campaign_id")
      .notNull()
      .references(() => pocketCampaigns.id),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    amount: money("amount").notNull(),
    message: text("message").notNull(),
    lowerBound: money("lower_bound").notNull(),
    upperBound: money("upper_bound").notNull(),
    journalId: ref("journal_id")
      .notNull()
      .references(() => journals.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("pocket_claims_campaign_user_uq").on(t.campaignId, t.userId),
    uniqueIndex("pocket_claims_journal_uq").on(t.journalId),
    index("pocket_claims_user_idx").on(t.userId, t.createdAt, t.id),
    index("pocket_claims_winners_idx").on(t.campaignId, t.amount),
  ],
);
