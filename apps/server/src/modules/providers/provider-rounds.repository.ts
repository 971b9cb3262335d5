import { and, eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { providerRounds, users } from "../../db/schema/index.ts";

/** provider_rounds: one row per (provider, player, round id), locked before the player's rows. */
export type RoundRow = typeof providerRounds.$inferSelect;

export interface RoundKey {
  provider: string;
  userId: number;
  roundId: string;
}

/**
 * The round, created if it is new, and locked, in one statement (INSERT … ON CONFLICT DO UPDATE locks
 * the existing row, even one committed by a concurrent call a moment ago): what inserting it
 * (ON CONFLICT DO NOTHING) and then locking it with SELECT … FOR UPDATE would do.
 */
export async function ensureAndLockRound(tx: Executor, key: RoundKey, gameCode: string | null): Promise<RoundRow | undefined> {
  const rows = await tx
    .insert(providerRounds)
    .values({ provider: key.provider, userId: key.userId, roundId: key.roundId, gameCode })
    .onConflictDoUpdate({
      target: [providerRounds.provider, providerRounds.userId, providerRounds.roundId],
      set: { updatedAt: sql`${providerRounds.updatedAt}` },
    })
    .returning();
  return rows[0];
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

export interface WalletParties {
  /** The provider's catalogue row, if it is in the catalogue. */
  provider: { active: boolean; maintenance: boolean } | undefined;
  /** The player named by user_code, if known. */
  player: WalletPlayer | undefined;
  /** The player's game balance (0 when unknown or the account does not exist yet). */
  gameBalance: number;
}

/** What every wallet call reads first, in one statement: the provider (p_code, any case), the player (user_code), the game balance. */
export async function findWalletParties(db: Executor, providerCode: string, userCode: string): Promise<WalletParties> {
  const res = await db.execute(sql`
    select p.active, p.maintenance, u.id as user_id, u.blocked,
           (select a.balance from ledger_accounts a where a.user_id = u.id and a.kind = 'game') as game_balance
      from (select 1) as one
      left join lateral (select active, maintenance from providers where upper(code) = ${providerCode.toUpperCase()} limit 1) as p on true
      left join lateral (select id, blocked from users where user_code = ${userCode} limit 1) as u on true`);
  const row = rowsOf<{
    active: boolean | null;
    maintenance: boolean | null;
    user_id: number | string | null;
    blocked: boolean | null;
    game_balance: number | string | null;
  }>(res)[0];
  return {
    provider: row && row.active !== null ? { active: row.active === true, maintenance: row.maintenance === true } : undefined,
    player: row && row.user_id !== null ? { id: Number(row.user_id), blocked: row.blocked === true } : undefined,
    gameBalance: Number(row?.game_balance ?? 0),
  };
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
