import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, id, money, ref } from "./columns.ts";

/**
 * Weekly cashback (migration 0013): one row per processed week, with the percent fixed when the
 * week was first taken up and, once finished, what it paid out.
 */
export const cashbackWeeks = pgTable(
  "cashback_weeks",
  {
    /** The Monday (Asia/Yangon) that names the week. */
    weekStart: date("week_start", { mode: "string" }).primaryKey(),
    /** The cashback percent in basis points (5 % = 500). */
    percentBp: integer("percent_bp").notNull(),
    startedAt: at("started_at").notNull().defaultNow(),
    finishedAt: at("finished_at"),
    players: integer("players").notNull().default(0),
    total: money("total").notNull().default(0),
  },
  (t) => [
    check("cashback_weeks_percent_range", sql`${t.percentBp} between 0 and 10000`),
    check("cashback_weeks_monday", sql`extract(isodow from ${t.weekStart}) = 1`),
  ],
);

/** One credit per player and week (exactly once: the unique index and the journal key `cashback:<week>:<user>`). */
export const cashbackCredits = pgTable(
  "cashback_credits",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    weekStart: date("week_start", { mode: "string" })
      .notNull()
      .references(() => cashbackWeeks.weekStart),
    netLoss: money("net_loss").notNull(),
    amount: money("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cashback_credits_user_week_uq").on(t.userId, t.weekStart),
    index("cashback_credits_week_idx").on(t.weekStart),
    check("cashback_credits_positive", sql`${t.netLoss} > 0 and ${t.amount} > 0 and ${t.amount} <= ${t.netLoss}`),
  ],
);
