import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { outbox } from "../../db/schema/index.ts";
import { getPlayerBalances } from "../ledger/player-accounts.repository.ts";

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
export async function markBalanceDelivered(db: Executor, userId: number): Promise<void> {
  await db
    .update(outbox)
    .set({ deliveredAt: sql`now()` })
    .where(and(eq(outbox.topic, "balance"), eq(outbox.userId, userId), isNull(outbox.deliveredAt)));
}

/** Balance rows only describe "something changed"; after a day they are of no use to anyone. */
export async function pruneBalanceOutbox(db: Executor): Promise<void> {
  await db.delete(outbox).where(and(eq(outbox.topic, "balance"), lt(outbox.createdAt, sql`now() - interval '1 day'`)));
}

/**
 * Publishes a message to live sockets from inside a transaction: delivered by PostgreSQL to every
 * server process at commit, dropped on rollback. `userId` null means every signed-in socket.
 * For results, chat, marquee and operator broadcasts (payload limit about 7,000 bytes).
 */
export async function publishRealtime(tx: Executor, userId: number | null, message: Record<string, unknown>): Promise<void> {
  const payload = JSON.stringify({ user_id: userId, message });
  if (Buffer.byteLength(payload) > 7000) throw new Error("realtime message too large");
  await tx.execute(sql`select pg_notify('realtime', ${payload})`);
}
