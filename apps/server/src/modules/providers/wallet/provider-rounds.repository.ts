import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../../db/client.ts";
import { providerRounds, providerTransactions, users } from "../../../db/schema/index.ts";
import { POINTS_SETTING } from "../../lottery/lottery-config.ts";

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

/**
 * The round locked FOR UPDATE (as lockRound), with whether it has a debit of this player at this
 * provider that was applied (answered OK, with its journal) and not rolled back: what a credit needs,
 * unless the provider sends free-round credits. One statement.
 */
export async function lockRoundForCredit(tx: Executor, key: RoundKey): Promise<(RoundRow & { hasAppliedDebit: boolean }) | undefined> {
  const t = providerTransactions;
  const rows = await tx
    .select({
      round: providerRounds,
      hasAppliedDebit: sql<boolean>`exists (${tx
        .select({ one: sql`1` })
        .from(t)
        .where(
          and(
            eq(t.roundRef, providerRounds.id),
            eq(t.provider, key.provider),
            eq(t.userId, key.userId),
            eq(t.action, "debit"),
            eq(t.status, "OK"),
            eq(t.placeholder, false),
            isNotNull(t.journalId),
            isNull(t.rolledBackBy),
          ),
        )})`,
    })
    .from(providerRounds)
    .where(and(eq(providerRounds.provider, key.provider), eq(providerRounds.userId, key.userId), eq(providerRounds.roundId, key.roundId)))
    .limit(1)
    .for("update", { of: providerRounds });
  const row = rows[0];
  return row ? { ...row.round, hasAppliedDebit: Boolean(row.hasAppliedDebit) } : undefined;
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
  /** The provider's catalogue row, if it is in the catalogue (freeRoundCredits: credits without a debit are accepted). */
  provider: { active: boolean; maintenance: boolean; freeRoundCredits: boolean } | undefined;
  /** The player named by user_code, if known. */
  player: WalletPlayer | undefined;
  /** The player's game balance (0 when unknown or the account does not exist yet). */
  gameBalance: number;
  /** The stored points rate setting (lottery.points), read here so that a settling credit need not read it again. */
  pointsSetting: unknown;
}

/** What every wallet call reads first, in one statement: the provider (p_code, any case), the player (user_code), the game balance. */
export async function findWalletParties(db: Executor, providerCode: string, userCode: string): Promise<WalletParties> {
  const res = await db.execute(sql`
    select p.active, p.maintenance, p.free_round_credits, u.id as user_id, u.blocked,
           (select a.balance from ledger_accounts a where a.user_id = u.id and a.kind = 'game') as game_balance,
           (select s.value from settings s where s.key = ${POINTS_SETTING.key}) as points_setting
      from (select 1) as one
      left join lateral (select active, maintenance, free_round_credits from providers where upper(code) = ${providerCode.toUpperCase()} limit 1) as p on true
      left join lateral (select id, blocked from users where user_code = ${userCode} limit 1) as u on true`);
  const row = rowsOf<{
    active: boolean | null;
    maintenance: boolean | null;
    free_round_credits: boolean | null;
    user_id: number | string | null;
    blocked: boolean | null;
    game_balance: number | string | null;
    points_setting: unknown;
  }>(res)[0];
  return {
    provider:
      row && row.active !== null
        ? { active: row.active === true, maintenance: row.maintenance === true, freeRoundCredits: row.free_round_credits === true }
        : undefined,
    player: row && row.user_id !== null ? { id: Number(row.user_id), blocked: row.blocked === true } : undefined,
    gameBalance: Number(row?.game_balance ?? 0),
    pointsSetting: row?.points_setting ?? null,
  };
}

export interface LockedWalletUser {
  id: number;
  blocked: boolean;
  /** On a break at the server's instant (decision 0025): debits are refused as for a blocked player. */
  excluded: boolean;
  turnover: number;
  referredBy: number | null;
}

/**
 * The player's users row, locked FOR NO KEY UPDATE (after the round, before the ledger accounts), with
 * whether the player is on a break at `now`, the server's instant (ctx.clock): wallet_debit and
 * gsc_element judge the break by the same instant (decision 0025).
 */
export async function lockWalletUser(tx: Executor, userId: number, now: Date): Promise<LockedWalletUser | undefined> {
  const rows = await tx
    .select({
      id: users.id,
      blocked: users.blocked,
      excluded: sql<boolean>`(${users.excludedForever} or coalesce(${users.excludedUntil} > ${now.toISOString()}::timestamptz, false))`,
      turnover: users.turnover,
      referredBy: users.referredBy,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for("no key update");
  return rows[0];
}
