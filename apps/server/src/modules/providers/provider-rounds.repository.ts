import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { providerRounds, users } from "../../db/schema/index.ts";

/** provider_rounds: one row per (provider, player, round id), locked before the player's rows. */
export type RoundRow = typeof providerRounds.$inferSelect;

export interface RoundKey {
  provider: string;
  userId: number;
  roundId: string;
}

/** Creates the round if it is new (nothing when it exists); the caller locks it next. */
export async function ensureRound(tx: Executor, key: RoundKey, gameCode: string | null): Promise<void> {
  await tx
    .insert(providerRounds)
    .values({ provider: key.provider, userId: key.userId, roundId: key.roundId, gameCode })
    .onConflictDoNothing();
}

/** The round, locked (SELECT … FOR UPDATE): a result and a rollback of the same round take turns here. */
export async function lockRound(tx: Executor, key: RoundKey): Promise<RoundRow | undefined> {
  const rows = await tx
    .select()
    .from(providerRounds)
    .where(and(eq(providerRounds.provider, key.provider), eq(providerRounds.userId, key.userId), eq(providerRounds.roundId, key.roundId)))
    .limit(1)
    .for("update");
  return rows[0];
}

export async function lockRoundById(tx: Executor, id: number): Promise<RoundRow | undefined> {
  const rows = await tx.select().from(providerRounds).where(eq(providerRounds.id, id)).limit(1).for("update");
  return rows[0];
}

export type RoundPatch = Partial<
  Pick<RoundRow, "gameCode" | "bet" | "payout" | "validBet" | "beforeBalance" | "balanceAfter" | "status" | "referrerId" | "referralShare">
> & { settled?: boolean };

export async function updateRound(tx: Executor, id: number, patch: RoundPatch): Promise<void> {
  const { settled, ...fields } = patch;
  await tx
    .update(providerRounds)
    .set({ ...fields, updatedAt: sql`now()`, ...(settled ? { settledAt: sql`now()` } : {}) })
    .where(eq(providerRounds.id, id));
}

export interface WalletPlayer {
  id: number;
  blocked: boolean;
}

/** The player a provider names by user_code. */
export async function findPlayerByCode(db: Executor, userCode: string): Promise<WalletPlayer | undefined> {
  const rows = await db.select({ id: users.id, blocked: users.blocked }).from(users).where(eq(users.userCode, userCode)).limit(1);
  return rows[0];
}

export interface LockedWalletUser {
  id: number;
  blocked: boolean;
  turnover: number;
  referredBy: number | null;
}

/** The player's users row, locked FOR NO KEY UPDATE (after the round, before the ledger accounts). */
export async function lockWalletUser(tx: Executor, userId: number): Promise<LockedWalletUser | undefined> {
  const rows = await tx
    .select({ id: users.id, blocked: users.blocked, turnover: users.turnover, referredBy: users.referredBy })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for("no key update");
  return rows[0];
}
