import { and, eq, isNull, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { operatorRecoveryCodes, operatorTotp } from "../../db/schema/index.ts";

export type TotpRow = typeof operatorTotp.$inferSelect;

export async function findTotp(db: Executor, userId: number): Promise<TotpRow | undefined> {
  const rows = await db.select().from(operatorTotp).where(eq(operatorTotp.userId, userId)).limit(1);
  return rows[0];
}

/** Proposes a new secret for an operator who has not enrolled yet (an enrolled one is left alone). */
export async function proposeSecret(db: Executor, userId: number, secret: string): Promise<boolean> {
  const res = await db.execute(sql`
    insert into operator_totp (user_id, secret) values (${userId}, ${secret})
    on conflict (user_id) do update set secret = excluded.secret, created_at = now()
     where operator_totp.enabled_at is null
    returning user_id`);
  return rowsOf(res).length === 1;
}

/** Finishes enrolment: the proposed secret becomes the operator's, with the step just used. */
export async function enableTotp(tx: Executor, userId: number, secret: string, step: number): Promise<boolean> {
  const rows = await tx
    .update(operatorTotp)
    .set({ enabledAt: sql`now()`, lastStep: step })
    .where(and(eq(operatorTotp.userId, userId), eq(operatorTotp.secret, secret), isNull(operatorTotp.enabledAt)))
    .returning({ userId: operatorTotp.userId });
  return rows.length === 1;
}

/**
 * Takes a time step for a sign-in: only when it is later than every step accepted before (a code
 * is never accepted twice, not even by two sign-ins at the same moment).
 */
export async function takeStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const res = await db.execute(sql`
    update operator_totp set last_step = ${step}
     where user_id = ${userId} and enabled_at is not null and (last_step is null or last_step < ${step})
    returning user_id`);
  return rowsOf(res).length === 1;
}

export async function replaceRecoveryCodes(tx: Executor, userId: number, hashes: readonly string[]): Promise<void> {
  await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, userId));
  await tx.insert(operatorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once: true when it was the operator's and unused. */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(operatorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(operatorRecoveryCodes.userId, userId), eq(operatorRecoveryCodes.codeHash, codeHash), isNull(operatorRecoveryCodes.usedAt)),
    )
    .returning({ id: operatorRecoveryCodes.id });
  return rows.length === 1;
}

export async function unusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from operator_recovery_codes where user_id = ${userId} and used_at is null`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** Removes an operator's second factor (an admin's reset after a lost phone): they enrol again. */
export async function removeSecondFactor(tx: Executor, userId: number): Promise<void> {
  await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, userId));
  await tx.delete(operatorTotp).where(eq(operatorTotp.userId, userId));
}
