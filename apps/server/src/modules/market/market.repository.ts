import type { Market } from "@shwe/contracts";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { marketTicks } from "../../db/schema/index.ts";

export type MarketTickRow = typeof marketTicks.$inferSelect;

/**
 * Claims a reading slot: the row is inserted by exactly one caller across every server process (the
 * unique market and slot); answers its id, or null when another process claimed the slot first.
 */
export async function claimTickSlot(db: Executor, market: Market, slotAt: Date, claimedBy: string): Promise<number | null> {
  const rows = await db
    .insert(marketTicks)
    .values({ market, slotAt, claimedBy })
    .onConflictDoNothing({ target: [marketTicks.market, marketTicks.slotAt] })
    .returning({ id: marketTicks.id });
  return rows[0]?.id ?? null;
}

export interface TickValues {
  setIndex: string | null;
  setValue: string | null;
  price: string | null;
  twoD: string;
  oneD: string;
}

export async function completeTick(db: Executor, id: number, values: TickValues, readAt: Date): Promise<void> {
  await db
    .update(marketTicks)
    .set({ status: "ok", ...values, readAt, error: null })
    .where(eq(marketTicks.id, id));
}

export async function failTick(db: Executor, id: number, error: string, readAt: Date): Promise<void> {
  await db
    .update(marketTicks)
    .set({ status: "delayed", error: error.slice(0, 500), readAt })
    .where(eq(marketTicks.id, id));
}

/** The newest good readings of a market before `before` (newest first), from `from` on. */
export async function selectOkTicks(db: Executor, market: Market, from: Date, before: Date, limit: number): Promise<MarketTickRow[]> {
  return db
    .select()
    .from(marketTicks)
    .where(and(eq(marketTicks.market, market), eq(marketTicks.status, "ok"), gte(marketTicks.slotAt, from), lt(marketTicks.slotAt, before)))
    .orderBy(desc(marketTicks.slotAt))
    .limit(limit);
}

/** The newest finished reading (good or failed) of a market from `from` on. */
export async function selectLastFinishedTick(db: Executor, market: Market, from: Date): Promise<MarketTickRow | undefined> {
  const rows = await db
    .select()
    .from(marketTicks)
    .where(and(eq(marketTicks.market, market), sql`${marketTicks.status} <> 'reading'`, gte(marketTicks.slotAt, from)))
    .orderBy(desc(marketTicks.slotAt))
    .limit(1);
  return rows[0];
}

/** The first good reading of a market in [from, to). */
export async function selectFirstOkTick(db: Executor, market: Market, from: Date, to: Date): Promise<MarketTickRow | undefined> {
  const rows = await db
    .select()
    .from(marketTicks)
    .where(and(eq(marketTicks.market, market), eq(marketTicks.status, "ok"), gte(marketTicks.slotAt, from), lt(marketTicks.slotAt, to)))
    .orderBy(marketTicks.slotAt)
    .limit(1);
  return rows[0];
}

/** Readings are kept a week: the day's numbers that matter are the draws' results, stored with the draws. */
export async function pruneTicks(db: Executor, before: Date): Promise<void> {
  await db.delete(marketTicks).where(lt(marketTicks.slotAt, before));
}

/** Tells every server process of a reading (the `market_tick` channel; each sends it to its sockets). */
export async function announceTick(db: Executor, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify('market_tick', ${payload})`);
}
