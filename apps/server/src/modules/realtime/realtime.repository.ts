import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { outbox } from "../../db/schema/index.ts";
import { getPlayerBalances } from "../ledger/player-accounts.repository.ts";
import { publishLiveEvent } from "../live/live.service.ts";
import { type BalanceAnnouncer, gatheringAnnouncer } from "./balance-announcer.ts";

export interface LiveBalances {
  balance: number;
  game_balance: number;
  point: number;
  p_balance: number;
}

export async function readLiveBalances(db: Executor, userId: number): Promise<LiveBalances> {
  const b = await getPlayerBalances(db, userId);
  return { balance: b.balance, game_balance: b.game_balance, point: b.point, p_balance: b.p_balance };
}

/** The player's balance changes were pushed to a live socket. */
/**
 * Marks a player's balance rows delivered; answers the age in seconds (database clock) of the newest
 * of them, the change whose notification led to this push: the outbox lag. Null when none was waiting.
 */
export async function markBalanceDelivered(db: Executor, userId: number): Promise<number | null> {
  const rows = await db
    .update(outbox)
    .set({ deliveredAt: sql`now()` })
    .where(and(eq(outbox.topic, "balance"), eq(outbox.userId, userId), isNull(outbox.deliveredAt)))
    .returning({ age: sql<number>`extract(epoch from now() - ${outbox.createdAt})::float8` });
  if (rows.length === 0) return null;
  return Math.min(...rows.map((r) => Number(r.age)));
}

/** Balance rows only describe "something changed"; after a day they are of no use to anyone. */
export async function pruneBalanceOutbox(db: Executor): Promise<void> {
  await db.delete(outbox).where(and(eq(outbox.topic, "balance"), lt(outbox.createdAt, sql`now() - interval '1 day'`)));
}

/**
 * Publishes a message to live sockets from inside a transaction: stored as a live event and
 * delivered by PostgreSQL to every server process at commit, dropped on rollback. `userId` null
 * means every socket, visitors included (results, chat, marquee, broadcasts to everyone).
 */
export async function publishRealtime(tx: Executor, userId: number | null, message: Record<string, unknown>): Promise<number> {
  const id = await publishLiveEvent(tx, userId, message);
  // Also told, small enough, on the `realtime` channel: server modules that react to an event
  // (the lottery's public answers on a result) listen there.
  const payload = JSON.stringify({ user_id: userId, message: { ...message, event_id: id } });
  if (Buffer.byteLength(payload) <= 7000) await tx.execute(sql`select pg_notify('realtime', ${payload})`);
  return id;
}

/** The `balance` channel's payload: the ids of the players whose balances changed, comma-separated. */
export function parseBalanceNotice(payload: string): number[] {
  return payload
    .split(",")
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/**
 * Announces committed balance changes on the `balance` channel after their commit, for the money
 * paths that do not notify inside their own transaction (decision 0009). PostgreSQL holds one lock
 * per database from a notifying transaction's commit until its commit record is flushed, so
 * transactions that notify commit one after another; here many commits share one notification:
 * ids gather while a notification is in flight and go together in the next. Best effort, like any
 * live update: a failed notification is logged, and the socket shows the next change or the
 * balances sent when it reconnects.
 */
export function createBalanceAnnouncer(db: Executor, onError: (err: unknown) => void): BalanceAnnouncer {
  return gatheringAnnouncer(async (payload) => {
    await db.execute(sql`select pg_notify('balance', ${payload})`);
  }, onError);
}
