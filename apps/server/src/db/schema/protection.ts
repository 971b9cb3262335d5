import { sql } from "drizzle-orm";
import { check, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, money, ref } from "./columns.ts";

/**
 * Limits a player sets on their own play (player protection, @shwe/domain protection/limits.ts):
 * one row per kind and period. `amount` is the limit in force (null: none); a raise or removal waits
 * in `pending_amount` (null: removal) until `pending_at`, when it counts as the limit in force.
 */
export const playerLimits = pgTable(
  "player_limits",
  {
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["deposit", "loss", "stake"] }).notNull(),
    period: text("period", { enum: ["day", "week", "month"] }).notNull(),
    amount: money("amount"),
    pendingAmount: money("pending_amount"),
    pendingAt: at("pending_at"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.period] }),
    check("player_limits_kind_check", sql`${t.kind} in ('deposit', 'loss', 'stake')`),
    check("player_limits_period_check", sql`${t.period} in ('day', 'week', 'month')`),
    check("player_limits_amount_positive", sql`${t.amount} is null or ${t.amount} > 0`),
    check("player_limits_pending_amount_positive", sql`${t.pendingAmount} is null or ${t.pendingAmount} > 0`),
  ],
);
