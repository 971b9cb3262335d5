import { asc, eq, inArray, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { journalEntries, journals, ledgerAccounts, outbox } from "../../db/schema/index.ts";

/**
 * The only SQL that moves balances. Player accounts are locked (SELECT … FOR UPDATE, ascending id)
 * and debited with a conditional UPDATE; house and external accounts are never locked or checked,
 * only changed by one relative UPDATE in the same transaction.
 */
export interface AccountRow {
  id: number;
  userId: number | null;
  kind: string;
  code: string | null;
  balance: number;
}

const accountColumns = {
  id: ledgerAccounts.id,
  userId: ledgerAccounts.userId,
  kind: ledgerAccounts.kind,
  code: ledgerAccounts.code,
  balance: ledgerAccounts.balance,
};

/** Every ledger account of these players, locked in ascending id order (one statement, one global order). */
export async function lockAccountsOfUsers(tx: Executor, userIds: readonly number[]): Promise<AccountRow[]> {
  if (userIds.length === 0) return [];
  return tx
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.userId, [...userIds]))
    .orderBy(asc(ledgerAccounts.id))
    .for("update");
}

/** Conditional debit of a player account: undefined when the balance is below the amount (nothing changed). */
export async function debitPlayerAccount(tx: Executor, accountId: number, amount: number): Promise<number | undefined> {
  const res = await tx.execute(
    sql`update ledger_accounts set balance = balance - ${amount} where id = ${accountId} and balance >= ${amount} returning balance`,
  );
  const row = rowsOf<{ balance: number | string }>(res)[0];
  return row === undefined ? undefined : Number(row.balance);
}

export async function creditAccount(tx: Executor, accountId: number, amount: number): Promise<number> {
  const res = await tx.execute(sql`update ledger_accounts set balance = balance + ${amount} where id = ${accountId} returning balance`);
  const row = rowsOf<{ balance: number | string }>(res)[0];
  if (row === undefined) throw new Error(`ledger account ${accountId} vanished`);
  return Number(row.balance);
}

/** Adds a signed amount to a house / external account, creating it on first use. */
export async function changeSystemAccount(tx: Executor, code: string, delta: number): Promise<{ id: number; balance: number }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await tx.execute(sql`update ledger_accounts set balance = balance + ${delta} where code = ${code} returning id, balance`);
    const row = rowsOf<{ id: number | string; balance: number | string }>(res)[0];
    if (row) return { id: Number(row.id), balance: Number(row.balance) };
    await tx
      .insert(ledgerAccounts)
      .values({ kind: code.replaceAll(":", "_"), code })
      .onConflictDoNothing();
  }
  throw new Error(`system account ${code} could not be created`);
}

export async function findSystemAccount(tx: Executor, code: string): Promise<AccountRow | undefined> {
  const rows = await tx.select(accountColumns).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)).limit(1);
  return rows[0];
}

export interface JournalRow {
  kind: string;
  userId: number | null;
  uniqueKey: string | null;
  reversesId: number | null;
  refType: string | null;
  refId: string | null;
  memo: string | null;
  meta: Record<string, unknown> | null;
  createdBy: number | null;
}

/** Inserts the journal; undefined when its unique key (or the journal it reverses) is already taken. */
export async function insertJournal(tx: Executor, j: JournalRow): Promise<number | undefined> {
  const rows = await tx.insert(journals).values(j).onConflictDoNothing().returning({ id: journals.id });
  return rows[0]?.id;
}

export async function insertEntries(
  tx: Executor,
  journalId: number,
  entries: readonly { accountId: number; amount: number; balanceAfter: number }[],
): Promise<void> {
  await tx
    .insert(journalEntries)
    .values(entries.map((e) => ({ journalId, accountId: e.accountId, amount: e.amount, balanceAfter: e.balanceAfter })));
}

export async function findJournal(tx: Executor, journalId: number): Promise<(JournalRow & { id: number }) | undefined> {
  const rows = await tx
    .select({
      id: journals.id,
      kind: journals.kind,
      userId: journals.userId,
      uniqueKey: journals.uniqueKey,
      reversesId: journals.reversesId,
      refType: journals.refType,
      refId: journals.refId,
      memo: journals.memo,
      meta: journals.meta,
      createdBy: journals.createdBy,
    })
    .from(journals)
    .where(eq(journals.id, journalId))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, meta: (row.meta ?? null) as Record<string, unknown> | null } : undefined;
}

export async function findJournalIdByUniqueKey(tx: Executor, uniqueKey: string): Promise<number | undefined> {
  const rows = await tx.select({ id: journals.id }).from(journals).where(eq(journals.uniqueKey, uniqueKey)).limit(1);
  return rows[0]?.id;
}

export async function findReversalOf(tx: Executor, journalId: number): Promise<number | undefined> {
  const rows = await tx.select({ id: journals.id }).from(journals).where(eq(journals.reversesId, journalId)).limit(1);
  return rows[0]?.id;
}

export interface EntryWithAccount {
  accountId: number;
  userId: number | null;
  kind: string;
  code: string | null;
  amount: number;
}

export async function findEntriesOf(tx: Executor, journalId: number): Promise<EntryWithAccount[]> {
  return tx
    .select({
      accountId: journalEntries.accountId,
      userId: ledgerAccounts.userId,
      kind: ledgerAccounts.kind,
      code: ledgerAccounts.code,
      amount: journalEntries.amount,
    })
    .from(journalEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalEntries.accountId))
    .where(eq(journalEntries.journalId, journalId))
    .orderBy(asc(journalEntries.id));
}

/**
 * The realtime trail of a committed change: an outbox row per player, and a notification that
 * PostgreSQL delivers to every listening server process only when (and if) the transaction commits.
 */
export async function recordBalanceChange(tx: Executor, userIds: readonly number[], payload: Record<string, unknown>): Promise<void> {
  if (userIds.length === 0) return;
  await tx.insert(outbox).values(userIds.map((userId) => ({ topic: "balance", userId, payload })));
  for (const userId of userIds) await tx.execute(sql`select pg_notify('balance', ${String(userId)})`);
}
