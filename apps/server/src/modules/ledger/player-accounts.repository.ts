import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { ledgerAccounts } from "../../db/schema/index.ts";

/** The ledger accounts every player has (domain-rules §1, plus the referral share and the cash-out hold). */
export const PLAYER_ACCOUNT_KINDS = ["main", "game", "point", "claimable", "referral", "hold"] as const;
export type PlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number];

/** Creates the player's ledger accounts (all at 0); called in the registration transaction. */
export async function createPlayerLedgerAccounts(db: Executor, userId: number): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(PLAYER_ACCOUNT_KINDS.map((kind) => ({ userId, kind })))
    .onConflictDoNothing();
}

export interface PlayerBalances {
  balance: number;
  game_balance: number;
  point: number;
  p_balance: number;
  game_refer_amt: number;
  hold: number;
}

/** The player's balances as the wire names them (a missing account reads as 0). */
export async function getPlayerBalances(db: Executor, userId: number): Promise<PlayerBalances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, [...PLAYER_ACCOUNT_KINDS])));
  const by = new Map(rows.map((r) => [r.kind, r.balance]));
  return {
    balance: by.get("main") ?? 0,
    game_balance: by.get("game") ?? 0,
    point: by.get("point") ?? 0,
    p_balance: by.get("claimable") ?? 0,
    game_refer_amt: by.get("referral") ?? 0,
    hold: by.get("hold") ?? 0,
  };
}
