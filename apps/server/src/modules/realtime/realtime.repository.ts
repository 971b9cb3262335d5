import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { outbox } from "../../db/schema/index.ts";
import { createStatementBatch } from "../../db/statement-batch.ts";
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

/** readLiveBalances for several players in one statement, in their order. */
export async function readLiveBalancesOf(db: Executor, userIds: readonly number[]): Promise<LiveBalances[]> {
  const rows = rowsOf<{ user_id: number | string; kind: string; balance: number | string }>(
    await db.execute(sql`select user_id, kind, balance from ledger_accounts
      where user_id = any(${sql.param([...new Set(userIds)])}::bigint[]) and kind in ('main', 'game', 'point', 'claimable')`),
  );
  const by = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const id = Number(r.user_id);
    let kinds = by.get(id);
    if (!kinds) {
      kinds = new Map();
      by.set(id, kinds);
    }
    kinds.set(r.kind, Number(r.balance));
  }
  return userIds.map((id) => {
    const kinds = by.get(id);
    return {
      balance: kinds?.get("main") ?? 0,
      game_balance: kinds?.get("game") ?? 0,
      point: kinds?.get("point") ?? 0,
      p_balance: kinds?.get("claimable") ?? 0,
    };
  });
}

/** markBalanceDelivered for several players in one statement, answering each one's lag in their order. */
export async function markBalancesDelivered(db: Executor, userIds: readonly number[]): Promise<(number | null)[]> {
  const rows = rowsOf<{ user_id: number | string; age: number | string }>(
    await db.execute(sql`update outbox set delivered_at = now()
      where topic = 'balance' and user_id = any(${sql.param([...new Set(userIds)])}::bigint[]) and delivered_at is null
      returning user_id, extract(epoch from now() - created_at)::float8 as age`),
  );
  const lag = new Map<number, number>();
  for (const r of rows) {
    const id = Number(r.user_id);
    lag.set(id, Math.min(lag.get(id) ?? Number.POSITIVE_INFINITY, Number(r.age)));
  }
  // A player twice in one statement: the first call marked the rows, the second finds none waiting.
  const answered = new Set<number>();
  return userIds.map((id) => {
    if (answered.has(id)) return null;
    answered.add(id);
    return lag.get(id) ?? null;
  });
}

/**
 * A live push's balance read and delivery mark, gathered (statement-batch.ts): the pushes of a
 * rush or a settlement that arrive while one is out share one statement each, instead of two
 * round trips per player.
 */
export function balancePushStatements(db: Executor): {
  read: (userId: number) => Promise<LiveBalances>;
  markDelivered: (userId: number) => Promise<number | null>;
} {
  const reads = createStatementBatch(
    async (ids: number[]) => (ids.length === 1 ? [await readLiveBalances(db, ids[0] as number)] : readLiveBalancesOf(db, ids)),
    { maxItems: 500, maxInFlight: 2 },
  );
  const marks = createStatementBatch(
    async (ids: number[]) => (ids.length === 1 ? [await markBalanceDelivered(db, ids[0] as number)] : markBalancesDelivered(db, ids)),
    { maxItems: 500, maxInFlight: 2 },
  );
  return { read: (userId) => reads.run(userId), markDelivered: (userId) => marks.run(userId) };
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
