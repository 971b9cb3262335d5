import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns.ts";

/**
 * Readings of the markets behind the 2D games (migration 0033): one row per market and reading slot,
 * inserted by the server process that claims the slot (the one that reads the feed for it), then
 * completed with the values and running numbers read ("ok") or the reason it failed ("delayed").
 */
export const marketTicks = pgTable(
  "market_ticks",
  {
    id: id(),
    market: text("market", { enum: ["set", "crypto"] }).notNull(),
    slotAt: at("slot_at").notNull(),
    claimedBy: text("claimed_by").notNull(),
    status: text("status", { enum: ["reading", "ok", "delayed"] })
      .notNull()
      .default("reading"),
    setIndex: text("set_index"),
    setValue: text("set_value"),
    price: text("price"),
    twoD: text("two_d"),
    oneD: text("one_d"),
    error: text("error"),
    readAt: at("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("market_ticks_slot_idx").on(t.market, t.slotAt),
    index("market_ticks_ok_idx").on(t.market, t.slotAt).where(sql`${t.status} = 'ok'`),
    check("market_ticks_market_check", sql`${t.market} IN ('set', 'crypto')`),
    check("market_ticks_status_check", sql`${t.status} IN ('reading', 'ok', 'delayed')`),
  ],
);
