import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { authTokens, users } from "../../db/schema/index.ts";

export interface TokenOwner {
  tokenId: number;
  userId: number;
  role: "player" | "operator" | "admin";
  blocked: boolean;
  expiresAt: Date;
}

export async function insertToken(db: Executor, userId: number, tokenHash: string, expiresAt: Date): Promise<number> {
  const [row] = await db.insert(authTokens).values({ userId, tokenHash, expiresAt }).returning({ id: authTokens.id });
  if (!row) throw new Error("token insert returned nothing");
  return row.id;
}

/** A live token (not revoked, not expired by the database clock) with its owner. */
export async function findLiveToken(db: Executor, tokenHash: string): Promise<TokenOwner | undefined> {
  const rows = await db
    .select({
      tokenId: authTokens.id,
      userId: users.id,
      role: users.role,
      blocked: users.blocked,
      expiresAt: authTokens.expiresAt,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, sql`now()`)))
    .limit(1);
  return rows[0];
}

/** Sliding expiry: a used token lives `ttlDays` more days (so its last use is always its expiry minus `ttlDays`). */
export async function touchToken(db: Executor, tokenId: number, ttlDays: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ expiresAt: sql`now() + make_interval(days => ${ttlDays})` })
    .where(eq(authTokens.id, tokenId));
}

export async function revokeToken(db: Executor, tokenId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

export async function revokeAllTokens(db: Executor, userId: number, exceptTokenId?: number): Promise<void> {
  const cond = exceptTokenId === undefined ? undefined : sql`${authTokens.id} <> ${exceptTokenId}`;
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), cond));
}

export async function deleteExpiredTokens(db: Executor): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.expiresAt, sql`now() - interval '7 days'`));
}
