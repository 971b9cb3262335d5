import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { providerTransactions } from "../../../db/schema/index.ts";

/** The provider_transactions rows: one per (provider, transaction id), claimed first in the money transaction. */
export type ProviderTransactionRow = typeof providerTransactions.$inferSelect;

export interface ClaimRow {
  provider: string;
  transactionId: string;
  action: "debit" | "credit" | "rollback";
  userId: number;
  roundId: string | null;
  gameCode: string | null;
  amount: number | null;
  kind: string | null;
  referenceTransactionId: string | null;
  requestHash: string;
}

/**
 * Claims the transaction id (INSERT … ON CONFLICT DO NOTHING): a concurrent claim of the same id waits
 * here until the first commits, then finds the row taken. Answers the new row's id, or undefined.
 */
export async function claimTransaction(tx: Executor, row: ClaimRow): Promise<number | undefined> {
  const rows = await tx
    .insert(providerTransactions)
    .values({ ...row, status: "PENDING" })
    .onConflictDoNothing()
    .returning({ id: providerTransactions.id });
  return rows[0]?.id;
}

export async function findTransaction(
  tx: Executor,
  provider: string,
  transactionId: string,
  opts: { lock?: boolean } = {},
): Promise<ProviderTransactionRow | undefined> {
  const q = tx
    .select()
    .from(providerTransactions)
    .where(and(eq(providerTransactions.provider, provider), eq(providerTransactions.transactionId, transactionId)))
    .limit(1);
  const rows = opts.lock ? await q.for("update") : await q;
  return rows[0];
}

/**
 * Records a debit id cancelled before it arrived (a rollback named it first). Undefined when the id is
 * already taken: the debit (or an earlier placeholder) exists.
 */
export async function insertPlaceholderDebit(
  tx: Executor,
  p: { provider: string; transactionId: string; userId: number; rolledBackBy: string },
): Promise<number | undefined> {
  const rows = await tx
    .insert(providerTransactions)
    .values({
      provider: p.provider,
      transactionId: p.transactionId,
      action: "debit",
      userId: p.userId,
      status: "ALREADY_ROLLED_BACK",
      placeholder: true,
      rolledBackBy: p.rolledBackBy,
    })
    .onConflictDoNothing()
    .returning({ id: providerTransactions.id });
  return rows[0]?.id;
}

/** The late debit of a placeholder takes the row over (once): its body hash and the refusal it got. */
export async function fillPlaceholder(
  tx: Executor,
  id: number,
  fill: Pick<ClaimRow, "requestHash" | "roundId" | "gameCode" | "amount"> & { answer: unknown },
): Promise<boolean> {
  const rows = await tx
    .update(providerTransactions)
    .set({
      requestHash: fill.requestHash,
      roundId: fill.roundId,
      gameCode: fill.gameCode,
      amount: fill.amount,
      answer: fill.answer,
      updatedAt: sql`now()`,
    })
    .where(and(eq(providerTransactions.id, id), isNull(providerTransactions.requestHash)))
    .returning({ id: providerTransactions.id });
  return rows.length === 1;
}

export interface FinishFields {
  status: string;
  answer: unknown;
  journalId?: number | null;
  roundRef?: number | null;
  balanceBefore?: number | null;
  balanceAfter?: number | null;
}

/** Stores the final answer of a claimed transaction (in the transaction that claimed it). */
export async function finishTransaction(tx: Executor, id: number, f: FinishFields): Promise<void> {
  await tx
    .update(providerTransactions)
    .set({
      status: f.status,
      answer: f.answer,
      journalId: f.journalId ?? null,
      roundRef: f.roundRef ?? null,
      balanceBefore: f.balanceBefore ?? null,
      balanceAfter: f.balanceAfter ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(providerTransactions.id, id));
}

/** Marks a debit as cancelled by this rollback (the caller holds the row lock). */
export async function markRolledBack(tx: Executor, id: number, rollbackTransactionId: string): Promise<void> {
  await tx
    .update(providerTransactions)
    .set({ rolledBackBy: rollbackTransactionId, updatedAt: sql`now()` })
    .where(eq(providerTransactions.id, id));
}
