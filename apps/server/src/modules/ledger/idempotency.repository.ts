import { and, eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { idempotencyKeys } from "../../db/schema/index.ts";

/** How long a key answers with its stored first response (api.md "Idempotency"). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export interface StoredCall {
  route: string;
  requestHash: string;
  statusCode: number | null;
  response: unknown;
  /** True once the key is older than IDEMPOTENCY_KEY_TTL_HOURS (by the database clock, like created_at). */
  expired: boolean;
}

/**
 * Claims a player's Idempotency-Key for this request (INSERT … ON CONFLICT DO NOTHING). A second
 * request with the same key waits here until the first commits, then finds the row taken.
 */
export async function claimIdempotencyKey(tx: Executor, userId: number, key: string, route: string, requestHash: string): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, route, requestHash })
    .onConflictDoNothing()
    .returning({ userId: idempotencyKeys.userId });
  return rows.length === 1;
}

/**
 * Claims a key and stores its answer in one statement, for a call whose answer is known before any
 * transaction of its own (a refusal bet_place judged). Answers false, having written nothing, when
 * the key is already taken.
 */
export async function claimIdempotencyKeyWithAnswer(
  db: Executor,
  call: { userId: number; key: string; route: string; requestHash: string; statusCode: number; response: unknown },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      userId: call.userId,
      key: call.key,
      route: call.route,
      requestHash: call.requestHash,
      statusCode: call.statusCode,
      response: call.response,
    })
    .onConflictDoNothing()
    .returning({ userId: idempotencyKeys.userId });
  return rows.length === 1;
}

export interface KeyWithAnswer {
  userId: number;
  key: string;
  route: string;
  requestHash: string;
  statusCode: number;
  response: unknown;
}

/**
 * claimIdempotencyKeyWithAnswer for several calls in one statement, answering for each, in order,
 * whether its key was claimed. A key that appears twice is claimed by its first call only (the
 * second answers false, as it would one statement later).
 */
export async function claimIdempotencyKeysWithAnswers(db: Executor, calls: readonly KeyWithAnswer[]): Promise<boolean[]> {
  const firsts = new Map<string, number>();
  for (const [i, c] of calls.entries()) {
    const id = `${c.userId}\n${c.key}`;
    if (!firsts.has(id)) firsts.set(id, i);
  }
  const rows = [...firsts.values()].map((i) => calls[i] as KeyWithAnswer);
  const claimed = rowsOf<{ user_id: number | string; key: string }>(
    await db.execute(sql`
      insert into idempotency_keys (user_id, key, route, request_hash, status_code, response)
      select c.user_id, c.key, c.route, c.request_hash, c.status_code, c.response::jsonb
        from unnest(${sql.param(rows.map((c) => c.userId))}::bigint[], ${sql.param(rows.map((c) => c.key))}::text[],
                    ${sql.param(rows.map((c) => c.route))}::text[], ${sql.param(rows.map((c) => c.requestHash))}::text[],
                    ${sql.param(rows.map((c) => c.statusCode))}::int[], ${sql.param(rows.map((c) => JSON.stringify(c.response)))}::text[])
             as c(user_id, key, route, request_hash, status_code, response)
      on conflict do nothing
      returning user_id, key`),
  );
  const won = new Set(claimed.map((r) => `${Number(r.user_id)}\n${r.key}`));
  return calls.map((c, i) => {
    const id = `${c.userId}\n${c.key}`;
    return firsts.get(id) === i && won.has(id);
  });
}

export async function findIdempotencyKey(tx: Executor, userId: number, key: string): Promise<StoredCall | undefined> {
  const rows = await tx
    .select({
      route: idempotencyKeys.route,
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
      expired: sql<boolean>`${idempotencyKeys.createdAt} <= now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return rows[0];
}

export async function storeIdempotentResponse(
  tx: Executor,
  userId: number,
  key: string,
  statusCode: number,
  response: unknown,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/**
 * Drops the stored answer of up to `batch` keys older than IDEMPOTENCY_KEY_TTL_HOURS; their rows
 * stay as tombstones so a late replay is refused, not applied again. Answers how many.
 */
export async function compactExpiredIdempotencyKeys(db: Executor, batch: number): Promise<number> {
  const res = await db.execute(sql`
    update idempotency_keys k set response = null
      from (select user_id, key from idempotency_keys
             where response is not null and created_at <= now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})
             order by created_at limit ${batch} for update skip locked) as old
     where k.user_id = old.user_id and k.key = old.key
    returning k.user_id`);
  return rowsOf(res).length;
}
