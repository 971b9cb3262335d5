import { asc, eq, inArray, sql } from "drizzle-orm";
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

/**
 * Locks the users rows of several players (FOR NO KEY UPDATE, ascending id, one statement) and
 * answers each one's remaining wagering requirement; a missing user is left out.
 */
export async function lockMoneyUsersTurnover(tx: Executor, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, turnover: users.turnover })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
    .orderBy(asc(users.id))
    .for("no key update");
  return new Map(rows.map((r) => [r.id, r.turnover]));
}

/** Sets several players' remaining wagering requirements in one statement (the caller holds their users row locks). */
export async function setTurnovers(tx: Executor, changes: readonly { userId: number; turnover: number }[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.execute(sql`
    update users u set turnover = v.turnover
      from unnest(${sql.param(changes.map((c) => c.userId))}::bigint[], ${sql.param(changes.map((c) => c.turnover))}::bigint[]) as v(id, turnover)
     where u.id = v.id`);
}
