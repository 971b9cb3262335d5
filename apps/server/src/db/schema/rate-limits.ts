import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { at } from "./columns.ts";

/**
 * Rate-limit counters shared by every server process (lib/rate-limit-store.ts): one row per limit
 * key with the count of its current fixed window. Keys carry a limit name and a SHA-256 of the
 * subject (phone, address, account), never the subject itself. Rows whose window ended are purged.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEndsAt: at("window_ends_at").notNull(),
  },
  (t) => [
    index("rate_limit_counters_window_ends_at_idx").on(t.windowEndsAt),
    check("rate_limit_counters_count_check", sql`${t.count} >= 0`),
  ],
);
