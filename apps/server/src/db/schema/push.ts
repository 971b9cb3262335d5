import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authTokens, users } from "./accounts.ts";
import { at, createdAt, id, ref } from "./columns.ts";
import { draws } from "./lottery.ts";

/**
 * Browsers a player allowed to notify them (Web Push). Bound to the session it was made in: signing
 * out (token revoked) stops the notifications, an expired token's deletion removes the row.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    tokenId: ref("token_id")
      .notNull()
      .references(() => authTokens.id, { onDelete: "cascade" }),
    /** The push service URL; its path is the browser's secret address, never logged. */
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    language: text("language", { enum: ["mm", "en", "cn", "thai"] })
      .notNull()
      .default("mm"),
    createdAt: createdAt(),
    lastSuccessAt: at("last_success_at"),
    lastFailureAt: at("last_failure_at"),
    failures: integer("failures").notNull().default(0),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_uq").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    index("push_subscriptions_token_idx").on(t.tokenId),
    check("push_subscriptions_language_check", sql`${t.language} IN ('mm', 'en', 'cn', 'thai')`),
  ],
);

/** One notification for one browser, written after the change it tells of was committed; retried until sent or given up. */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: id(),
    subscriptionId: ref("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    payload: jsonb("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("push_deliveries_due_idx").on(t.nextAttemptAt, t.id), index("push_deliveries_subscription_idx").on(t.subscriptionId)],
);

/** Settled draws whose results and wins were turned into notifications (once, whichever server did it). */
export const pushDrawAnnouncements = pgTable("push_draw_announcements", {
  drawId: ref("draw_id")
    .primaryKey()
    .references(() => draws.id),
  createdAt: createdAt(),
});
