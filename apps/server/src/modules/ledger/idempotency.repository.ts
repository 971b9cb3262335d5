import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { idempotencyKeys } from "../../db/schema/index.ts";

export interface StoredCall {
  route: string;
  requestHash: string;
  statusCode: number | null;
  response: unknown;
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

export async function findIdempotencyKey(tx: Executor, userId: number, key: string): Promise<StoredCall | undefined> {
  const rows = await tx
    .select({
      route: idempotencyKeys.route,
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
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
