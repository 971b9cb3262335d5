import type { Executor } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { type AccountRow, lockAccountsOfUsers } from "./ledger.repository.ts";
import { pgErrorCode } from "./ledger-transactions.ts";
import { createPlayerLedgerAccounts, PLAYER_ACCOUNT_KINDS, type PlayerAccountKind } from "./player-accounts.repository.ts";

/**
 * The players' account locks (reliability.md "How a money movement is written", step 2): every
 * ledger account of the players involved, SELECT … FOR UPDATE in ascending id, one statement, after
 * the rows that come before accounts in the global lock order. Used through ledger.service.ts.
 */

export type PlayerAccounts = Record<PlayerAccountKind, AccountRow>;

/**
 * Locks every ledger account of these players (ascending id, one statement), creating missing
 * accounts first. Answers 404 when a player does not exist.
 */
export async function lockPlayers(tx: Executor, userIds: readonly number[]): Promise<Map<number, PlayerAccounts>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  let rows = await lockAccountsOfUsers(tx, ids);
  const complete = (rs: AccountRow[]) => ids.every((u) => rs.filter((r) => r.userId === u).length >= PLAYER_ACCOUNT_KINDS.length);
  if (!complete(rows)) {
    for (const u of ids) {
      try {
        await createPlayerLedgerAccounts(tx, u);
      } catch (err) {
        if (pgErrorCode(err) === "23503") throw notFound("Player not found.");
        throw err;
      }
    }
    rows = await lockAccountsOfUsers(tx, ids);
  }
  const out = new Map<number, PlayerAccounts>();
  for (const u of ids) {
    const mine = rows.filter((r) => r.userId === u);
    const byKind = Object.fromEntries(mine.map((r) => [r.kind, r])) as Partial<PlayerAccounts>;
    for (const kind of PLAYER_ACCOUNT_KINDS) if (!byKind[kind]) throw notFound("Player not found.");
    out.set(u, byKind as PlayerAccounts);
  }
  return out;
}

/** Locks one player's accounts and answers their balances by kind. */
export async function lockPlayer(tx: Executor, userId: number): Promise<Record<PlayerAccountKind, number>> {
  return balancesOf(await lockPlayers(tx, [userId]), userId);
}

/** A locked player's balances by kind (lockPlayers' answer). */
export function balancesOf(locked: ReadonlyMap<number, PlayerAccounts>, userId: number): Record<PlayerAccountKind, number> {
  const accounts = locked.get(userId);
  if (!accounts) throw notFound("Player not found.");
  return Object.fromEntries(PLAYER_ACCOUNT_KINDS.map((k) => [k, accounts[k].balance])) as Record<PlayerAccountKind, number>;
}
