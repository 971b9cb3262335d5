import { and, eq, isNull, sql } from "drizzle-orm";
import { type Database, type Executor, rowsOf } from "../../db/client.ts";
import { authTokens } from "../../db/schema/index.ts";
import { createStatementBatch } from "../../db/statement-batch.ts";

type DatabaseKind = Database["kind"];

export interface TokenOwner {
  tokenId: number;
  userId: number;
  role: "player" | "operator" | "admin";
  blocked: boolean;
  expiresAt: Date;
  /** The token passed the operator second factor (TOTP). */
  secondFactor: boolean;
  /** The owner enrolled in the operator second factor (players: false). */
  enrolled: boolean;
}

export async function insertToken(db: Executor, userId: number, tokenHash: string, expiresAt: Date, secondFactor = false): Promise<number> {
  const [row] = await db
    .insert(authTokens)
    .values({ userId, tokenHash, expiresAt, ...(secondFactor ? { secondFactorAt: sql`now()` } : {}) })
    .returning({ id: authTokens.id });
  if (!row) throw new Error("token insert returned nothing");
  return row.id;
}

/**
 * A live token (not revoked, not expired by the database clock) with its owner, in one statement.
 * On PostgreSQL a plain query, which the preparing client keeps parsed and planned per connection
 * (about 14 µs of the server's time); on the embedded database token_owner (migration 0023), a
 * PL/pgSQL function, since PGlite plans every plain query afresh but keeps a function's plans. The
 * function's own overhead costs about 38 µs more per call on PostgreSQL, so it is not used there.
 * Both answer the same row (token.repository.test.ts).
 */
export async function findLiveToken(db: Executor, tokenHash: string, kind: DatabaseKind): Promise<TokenOwner | undefined> {
  const query =
    kind === "pglite"
      ? sql`select * from token_owner(${tokenHash}::text)`
      : sql`
        select t.id as token_id, u.id as user_id, u.role::text as role, u.blocked, t.expires_at,
               t.second_factor_at is not null as second_factor,
               u.role <> 'player' and exists (select 1 from operator_totp o where o.user_id = u.id and o.enabled_at is not null) as enrolled
          from auth_tokens t
          join users u on u.id = t.user_id
         where t.token_hash = ${tokenHash}::text and t.revoked_at is null and t.expires_at > now()
         limit 1`;
  return ownerOf(rowsOf<OwnerRow>(await db.execute(query))[0]);
}

interface OwnerRow {
  token_id: number | string;
  user_id: number | string;
  role: TokenOwner["role"];
  blocked: boolean;
  expires_at: Date | string;
  second_factor: boolean;
  enrolled: boolean;
}

function ownerOf(row: OwnerRow | undefined): TokenOwner | undefined {
  if (!row) return undefined;
  return {
    tokenId: Number(row.token_id),
    userId: Number(row.user_id),
    role: row.role,
    blocked: row.blocked === true,
    expiresAt: new Date(row.expires_at),
    secondFactor: row.second_factor === true,
    enrolled: row.enrolled === true,
  };
}

/**
 * findLiveToken's answer for several tokens in one statement (PostgreSQL), in their order: the same
 * query per token, run for each element of the array.
 */
export async function findLiveTokens(db: Executor, tokenHashes: readonly string[]): Promise<(TokenOwner | undefined)[]> {
  const rows = rowsOf<OwnerRow & { i: number | string }>(
    await db.execute(sql`
      select h.i, x.* from unnest(${sql.param([...tokenHashes])}::text[]) with ordinality as h(hash, i)
      cross join lateral (
        select t.id as token_id, u.id as user_id, u.role::text as role, u.blocked, t.expires_at,
               t.second_factor_at is not null as second_factor,
               u.role <> 'player' and exists (select 1 from operator_totp o where o.user_id = u.id and o.enabled_at is not null) as enrolled
          from auth_tokens t
          join users u on u.id = t.user_id
         where t.token_hash = h.hash and t.revoked_at is null and t.expires_at > now()
         limit 1) x`),
  );
  const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
  return tokenHashes.map((_, i) => ownerOf(byIndex.get(i + 1)));
}

/**
 * Token owner reads gathered (statement-batch.ts): on PostgreSQL the requests of a rush that arrive
 * while reads are out share one statement (findLiveTokens); on the embedded database each runs alone.
 */
export function tokenOwnerReads(db: Executor, kind: DatabaseKind): (tokenHash: string) => Promise<TokenOwner | undefined> {
  if (kind === "pglite") return (tokenHash) => findLiveToken(db, tokenHash, kind);
  const read = async (hashes: string[]) =>
    hashes.length === 1 ? [await findLiveToken(db, hashes[0] as string, kind)] : findLiveTokens(db, hashes);
  const batch = createStatementBatch(read, { maxItems: 128, maxInFlight: 2 });
  return (tokenHash) => batch.run(tokenHash);
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

/**
 * Deletes up to `batch` sign-in tokens whose expiry has passed (by the database clock, which
 * decides expiry in findLiveToken too); answers how many. Rows locked by another instance are
 * skipped, so several instances may run this at once.
 */
export async function deleteExpiredTokens(db: Executor, batch: number): Promise<number> {
  const res = await db.execute(sql`
    delete from auth_tokens where id in (
      select id from auth_tokens where expires_at <= now() order by expires_at limit ${batch} for update skip locked)
    returning id`);
  return rowsOf(res).length;
}

/** Marks a live token as having passed the operator second factor. */
export async function markSecondFactor(db: Executor, tokenId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ secondFactorAt: sql`now()` })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}
