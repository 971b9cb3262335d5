import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

export interface MoneyUser {
  id: number;
  role: "player" | "operator" | "admin";
  turnover: number;
  hasTransferredIn: boolean;
  lvl2: number;
  blocked: boolean;
}

/**
 * Locks a player's users row (FOR NO KEY UPDATE: turnover and the first-transfer flag are read and
 * written under it, while inserts that merely reference the user are not blocked). It comes after
 * request rows and before ledger accounts in the lock order.
 */
export async function lockMoneyUser(tx: Executor, userId: number): Promise<MoneyUser | undefined> {
  const rows = await tx
    .select({
      id: users.id,
      role: users.role,
      turnover: users.turnover,
      hasTransferredIn: users.hasTransferredIn,
      lvl2: users.lvl2,
      blocked: users.blocked,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  return rows[0];
}

/** Sets the remaining wagering requirement (the caller holds the users row lock). */
export async function setTurnover(tx: Executor, userId: number, turnover: number): Promise<void> {
  await tx.update(users).set({ turnover }).where(eq(users.id, userId));
}
