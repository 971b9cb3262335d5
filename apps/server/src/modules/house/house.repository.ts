import { and, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { authTokens, houseRounds, houseSessions } from "../../db/schema/index.ts";

/** The house game server's own tables: play sessions and rounds (never the ledger). */

export type HouseSessionRow = typeof houseSessions.$inferSelect;
export type HouseRoundRow = typeof houseRounds.$inferSelect;
export type HouseRoundStatus = HouseRoundRow["status"];
export type NewHouseRound = typeof houseRounds.$inferInsert;

export async function insertSession(db: Executor, values: typeof houseSessions.$inferInsert): Promise<HouseSessionRow> {
  const [row] = await db.insert(houseSessions).values(values).returning();
  if (!row) throw new Error("house session insert returned nothing");
  return row;
}

/** The sign-in that launched a session is still live (not revoked, not expired by the database clock). */
const signInLive = sql`exists (select 1 from ${authTokens} where ${authTokens.id} = ${houseSessions.authTokenId}
  and ${authTokens.revokedAt} is null and ${authTokens.expiresAt} > now())`;

/** The session of a token, only while the sign-in that launched it is live. */
export async function findSessionByTokenHash(db: Executor, tokenHash: string): Promise<HouseSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(houseSessions)
    .where(and(eq(houseSessions.tokenHash, tokenHash), signInLive))
    .limit(1);
  return row;
}

/**
 * Uses a launch code once: a code that is known, unused, not past `now` and whose sign-in is live
 * gets the session token hash and is forgotten, in one statement (two exchanges of one code: one wins).
 */
export async function exchangeLaunchCode(
  db: Executor,
  launchCodeHash: string,
  tokenHash: string,
  now: Date,
): Promise<HouseSessionRow | undefined> {
  const [row] = await db
    .update(houseSessions)
    .set({ tokenHash, launchCodeHash: null, launchExpiresAt: null, lastUsedAt: now })
    .where(and(eq(houseSessions.launchCodeHash, launchCodeHash), gt(houseSessions.launchExpiresAt, now), signInLive))
    .returning();
  return row;
}

export async function touchSession(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(houseSessions).set({ lastUsedAt: at }).where(eq(houseSessions.id, id));
}

/** Locks the session row: one round at a time takes the session's committed seed. */
export async function lockSession(tx: Executor, id: number): Promise<HouseSessionRow | undefined> {
  const [row] = await tx.select().from(houseSessions).where(eq(houseSessions.id, id)).for("update");
  return row;
}

export async function setNextSeed(tx: Executor, id: number, seed: string, commitment: string): Promise<void> {
  await tx.update(houseSessions).set({ nextSeed: seed, nextCommitment: commitment }).where(eq(houseSessions.id, id));
}

/** The id the next round will get (the round's outcome depends on it, so it is known before the insert). */
export async function nextRoundId(tx: Executor): Promise<number> {
  const res = await tx.execute(sql`select nextval(pg_get_serial_sequence('house_rounds', 'id'))::bigint as id`);
  const id = rowsOf<{ id: number | string }>(res)[0]?.id;
  if (id === undefined) throw new Error("no round id");
  return Number(id);
}

export async function insertRound(tx: Executor, values: NewHouseRound): Promise<HouseRoundRow> {
  const [row] = await tx.insert(houseRounds).values(values).returning();
  if (!row) throw new Error("house round insert returned nothing");
  return row;
}

export async function findRound(db: Executor, id: number): Promise<HouseRoundRow | undefined> {
  const [row] = await db.select().from(houseRounds).where(eq(houseRounds.id, id)).limit(1);
  return row;
}

export async function findRoundByRequestKey(db: Executor, sessionId: number, key: string): Promise<HouseRoundRow | undefined> {
  const [row] = await db
    .select()
    .from(houseRounds)
    .where(and(eq(houseRounds.sessionId, sessionId), eq(houseRounds.requestKey, key)))
    .limit(1);
  return row;
}

/**
 * Moves a round on only from the status the caller saw, so two completions of the same round (the
 * request itself and the recovery) never both apply. Returns the updated row, or undefined when the
 * round had already moved on.
 */
export async function advanceRound(
  db: Executor,
  id: number,
  from: readonly HouseRoundStatus[],
  patch: Partial<Pick<HouseRoundRow, "status" | "walletStatus" | "balanceAfter" | "attempts" | "settledAt">>,
  at: Date,
): Promise<HouseRoundRow | undefined> {
  const [row] = await db
    .update(houseRounds)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(houseRounds.id, id), inArray(houseRounds.status, [...from])))
    .returning();
  return row;
}

/** A player's rounds of one game that reached the wallet (refused rounds left out), newest first. */
export async function listPlayerRounds(
  db: Executor,
  userCode: string,
  game: HouseRoundRow["game"],
  limit: number,
): Promise<HouseRoundRow[]> {
  return db
    .select()
    .from(houseRounds)
    .where(and(eq(houseRounds.userCode, userCode), eq(houseRounds.game, game), sql`${houseRounds.status} <> 'refused'`))
    .orderBy(desc(houseRounds.id))
    .limit(limit);
}

/**
 * Rounds still waiting for the wallet: every debited round (its credit is retried) and pending rounds
 * untouched since `staleBefore` (their debit's answer never came: they are rolled back). Optionally
 * only one player's.
 */
export async function openRounds(db: Executor, opts: { staleBefore: Date; userCode?: string; limit: number }): Promise<HouseRoundRow[]> {
  const waiting = or(
    eq(houseRounds.status, "debited"),
    and(eq(houseRounds.status, "pending"), lt(houseRounds.updatedAt, opts.staleBefore)),
  );
  return db
    .select()
    .from(houseRounds)
    .where(opts.userCode === undefined ? waiting : and(eq(houseRounds.userCode, opts.userCode), waiting))
    .orderBy(houseRounds.id)
    .limit(opts.limit);
}
