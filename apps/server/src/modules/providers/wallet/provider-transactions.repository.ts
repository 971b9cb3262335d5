import { and, eq, isNull, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../../db/client.ts";
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

/**
 * A refusal the one-call path answers from a wallet function's reason (decision 0024), kept as the
 * general path keeps it (runWalletCall: the id claimed, its answer stored, the raw callback with it),
 * in one statement: the transaction id claimed for the player of `userCode` with its refusal answer,
 * and the callback. False, with nothing written, when the id is taken (a repeat or a duplicate,
 * answered by the general path).
 */
export async function keepRefusedCall(
  db: Executor,
  row: Omit<ClaimRow, "userId"> & { userCode: string; status: string; answer: unknown },
  callback: { provider: string; action: string; headers: unknown; rawBody: string; ip: string | null },
): Promise<boolean> {
  const answer = JSON.stringify(row.answer);
  const res = await db.execute(sql`
    with claim as (
      insert into provider_transactions (provider, transaction_id, action, user_id, round_id, game_code, amount, kind,
                                         reference_transaction_id, request_hash, status, answer, updated_at)
      select ${row.provider}, ${row.transactionId}, ${row.action}, u.id, ${row.roundId}, ${row.gameCode}, ${row.amount}::bigint,
             ${row.kind}, ${row.referenceTransactionId}, ${row.requestHash}, ${row.status}, ${answer}::jsonb, now()
        from users u where u.user_code = ${row.userCode} limit 1
      on conflict do nothing
      returning id)
    insert into provider_callbacks (provider, action, headers, raw_body, signature_ok, transaction_id, status, answer, ip)
    select ${callback.provider}, ${callback.action}, ${JSON.stringify(callback.headers)}::jsonb, ${callback.rawBody}, true,
           ${row.transactionId}, ${row.status}, ${answer}::jsonb, ${callback.ip}
      from claim
    returning id`);
  return rowsOf(res).length === 1;
}

/** Marks a debit as cancelled by this rollback (the caller holds the row lock). */
export async function markRolledBack(tx: Executor, id: number, rollbackTransactionId: string): Promise<void> {
  await tx
    .update(providerTransactions)
    .set({ rolledBackBy: rollbackTransactionId, updatedAt: sql`now()` })
    .where(eq(providerTransactions.id, id));
}
