import { asc, eq, inArray, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { journalEntries, journals, ledgerAccounts } from "../../db/schema/index.ts";

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

/** Adds a signed amount to a house / external account, creating it on first use. */
export async function changeSystemAccount(tx: Executor, code: string, delta: number): Promise<{ id: number; balance: number }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await tx.execute(sql`update ledger_accounts set balance = balance + ${delta} where code = ${code} returning id, balance`);
    const row = rowsOf<{ id: number | string; balance: number | string }>(res)[0];
    if (row) return { id: Number(row.id), balance: Number(row.balance) };
    await createSystemAccount(tx, code);
  }
  throw new Error(`system account ${code} could not be created`);
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

export interface JournalPosting {
  journal: JournalRow;
  /** Player entries: the caller holds these accounts' locks (SELECT … FOR UPDATE). */
  players: readonly { accountId: number; amount: number }[];
  /** The one house / external entry changed by this statement, if any. */
  system: { code: string; amount: number } | null;
  /** House / external entries the caller has already applied (with their balance after). */
  applied: readonly { accountId: number; amount: number; balanceAfter: number }[];
  /** The players whose balances change (an outbox row and a notification each). */
  userIds: readonly number[];
}

export interface JournalPostingResult {
  /** False when `system` names an account that does not exist yet: nothing was written. */
  systemFound: boolean;
  /** Balance after the statement of each player account it changed (a refused debit is missing). */
  players: Map<number, number>;
  system: { id: number; balance: number } | null;
  /** Undefined when nothing was inserted: a refused debit, a missing system account or a taken key. */
  journalId: number | undefined;
}

/**
 * Posts one journal in one statement: the system entry's relative UPDATE (this takes that row's lock),
 * then the player accounts' conditional UPDATEs (never below zero), then — only when every account
 * changed — the journal (ON CONFLICT DO NOTHING: its unique key or reversed journal may be taken),
 * its entries with balance_after (ids in posting order: players by account id, then house / external
 * accounts), an outbox row per player and their notifications (delivered at commit). Whatever is refused, the caller throws and its transaction rolls back.
 */
export async function postJournalStatement(tx: Executor, q: JournalPosting): Promise<JournalPostingResult> {
  const j = q.journal;
  const nSystem = q.system === null ? 0 : 1;
  const system = q.system
    ? sql`update ledger_accounts set balance = balance + ${q.system.amount}::bigint where code = ${q.system.code} returning id, balance`
    : sql`select null::bigint as id, null::bigint as balance where false`;
  const res = await tx.execute(sql`
    with s as (${system}),
    p as (
      update ledger_accounts a set balance = a.balance + v.amount
        from unnest(${sql.param(q.players.map((e) => e.accountId))}::bigint[], ${sql.param(q.players.map((e) => e.amount))}::bigint[])
             with ordinality as v(id, amount, ord)
       where a.id = v.id and a.user_id is not null and a.balance + v.amount >= 0 and (select count(*) from s) = ${nSystem}
      returning a.id, a.balance, v.amount, v.ord),
    j as (
      insert into journals (kind, user_id, unique_key, reverses_id, ref_type, ref_id, memo, meta, created_by)
      select ${j.kind}::text, ${j.userId}::bigint, ${j.uniqueKey}::text, ${j.reversesId}::bigint, ${j.refType}::text,
             ${j.refId}::text, ${j.memo}::text, ${j.meta === null ? null : JSON.stringify(j.meta)}::jsonb, ${j.createdBy}::bigint
       where (select count(*) from s) = ${nSystem} and (select count(*) from p) = ${q.players.length}
      on conflict do nothing
      returning id),
    e as (
      insert into journal_entries (journal_id, account_id, amount, balance_after)
      select j.id, x.account_id, x.amount, x.balance_after
        from j cross join (
          select p.id as account_id, p.amount, p.balance as balance_after, p.ord from p
          union all
          select s.id, ${q.system?.amount ?? null}::bigint, s.balance, ${q.players.length + 1}::bigint from s
          union all
          select a.account_id, a.amount, a.balance_after, ${q.players.length + 1}::bigint + a.ord
            from unnest(${sql.param(q.applied.map((e) => e.accountId))}::bigint[], ${sql.param(q.applied.map((e) => e.amount))}::bigint[],
                        ${sql.param(q.applied.map((e) => e.balanceAfter))}::bigint[]) with ordinality as a(account_id, amount, balance_after, ord)) as x
       order by x.ord
      returning 1),
    o as (
      insert into outbox (topic, user_id, payload)
      select 'balance', u.user_id, jsonb_build_object('journal_id', j.id, 'kind', ${j.kind}::text)
        from j cross join unnest(${sql.param([...q.userIds])}::bigint[]) as u(user_id)
      returning user_id)
    select (select coalesce(json_agg(json_build_array(p.id, p.balance::text)), '[]'::json) from p) as players,
           (select json_build_array(s.id, s.balance::text) from s) as system,
           (select id from j) as journal_id,
           (select count(*) from e)::int as entries,
           (select count(pg_notify('balance', o.user_id::text)) from o)::int as notified`);
  const row = rowsOf<{ players: unknown; system: unknown; journal_id: number | string | null; entries: number; notified: number }>(res)[0];
  if (!row) throw new Error("journal posting answered nothing");
  const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
  const players = new Map(json<[number, string][]>(row.players ?? []).map(([id, balance]) => [Number(id), Number(balance)]));
  const sys = row.system === null || row.system === undefined ? null : json<[number, string]>(row.system);
  const journalId = row.journal_id === null ? undefined : Number(row.journal_id);
  if (journalId !== undefined) {
    const expected = q.players.length + nSystem + q.applied.length;
    if (Number(row.entries) !== expected || Number(row.notified) !== q.userIds.length) throw new Error("journal insert was incomplete");
  }
  return {
    systemFound: nSystem === 0 || sys !== null,
    players,
    system: sys === null ? null : { id: Number(sys[0]), balance: Number(sys[1]) },
    journalId,
  };
}

/** A system account's kind: its code with `_` for `:` (`house:lottery:3` → `house_lottery_3`). */
const systemKindOf = (code: string) => code.replaceAll(":", "_");

/** Creates a house / external account (balance 0) if it does not exist yet. */
export async function createSystemAccount(tx: Executor, code: string): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values({ kind: systemKindOf(code), code })
    .onConflictDoNothing();
}

/**
 * Creates those of these house / external accounts (balance 0) that do not exist yet and answers how
 * many it created: one read, and one insert only if one is missing (so a start where all exist takes
 * no id and writes nothing). Two callers at once are safe: the insert does nothing on a code taken.
 */
export async function createSystemAccounts(tx: Executor, codes: readonly string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const existing = await tx
    .select({ code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, [...codes]));
  const have = new Set(existing.map((r) => r.code));
  const missing = [...new Set(codes)].filter((code) => !have.has(code));
  if (missing.length === 0) return 0;
  const created = await tx
    .insert(ledgerAccounts)
    .values(missing.map((code) => ({ kind: systemKindOf(code), code })))
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  return created.length;
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
 * Several balance changes at once: the outbox rows in this order and one notification per player,
 * in one statement (PostgreSQL delivers the notifications at commit, once per player and channel).
 */
export async function recordBalanceChanges(
  tx: Executor,
  changes: readonly { userId: number; payload: Record<string, unknown> }[],
): Promise<void> {
  if (changes.length === 0) return;
  const userIds = sql.param(changes.map((c) => c.userId));
  const payloads = sql.param(changes.map((c) => JSON.stringify(c.payload)));
  await tx.execute(sql`
    with o as (
      insert into outbox (topic, user_id, payload)
      select 'balance', v.user_id, v.payload::jsonb from unnest(${userIds}::bigint[], ${payloads}::text[]) as v(user_id, payload)
      returning user_id)
    select pg_notify('balance', u.user_id::text) from (select distinct user_id from o) u`);
}

/**
 * Adds a net amount to each of these player accounts (the caller holds their locks and has checked
 * every step against the locked balances), in one statement; the update refuses to take any of them
 * below zero. Answers the new balances by account id.
 */
export async function changePlayerAccounts(
  tx: Executor,
  changes: readonly { accountId: number; delta: number }[],
): Promise<Map<number, number>> {
  if (changes.length === 0) return new Map();
  const ids = sql.param(changes.map((c) => c.accountId));
  const deltas = sql.param(changes.map((c) => c.delta));
  const res = await tx.execute(sql`
    update ledger_accounts a set balance = a.balance + v.delta
      from unnest(${ids}::bigint[], ${deltas}::bigint[]) as v(id, delta)
     where a.id = v.id and a.user_id is not null and a.balance + v.delta >= 0
    returning a.id, a.balance`);
  return new Map(rowsOf<{ id: number | string; balance: number | string }>(res).map((r) => [Number(r.id), Number(r.balance)]));
}

/**
 * Inserts journals in the given order (ids ascend in that order), skipping any whose unique key or
 * reversed journal is already taken. Answers the inserted rows in insertion order.
 */
export async function insertJournals(
  tx: Executor,
  rows: readonly JournalRow[],
): Promise<{ id: number; uniqueKey: string | null; reversesId: number | null }[]> {
  if (rows.length === 0) return [];
  const col = <T>(f: (j: JournalRow) => T) => sql.param(rows.map(f));
  const res = await tx.execute(sql`
    insert into journals (kind, user_id, unique_key, reverses_id, ref_type, ref_id, memo, meta, created_by)
    select v.kind, v.user_id, v.unique_key, v.reverses_id, v.ref_type, v.ref_id, v.memo, v.meta::jsonb, v.created_by
      from unnest(${col((j) => j.kind)}::text[], ${col((j) => j.userId)}::bigint[], ${col((j) => j.uniqueKey)}::text[],
                  ${col((j) => j.reversesId)}::bigint[], ${col((j) => j.refType)}::text[], ${col((j) => j.refId)}::text[],
                  ${col((j) => j.memo)}::text[], ${col((j) => (j.meta === null ? null : JSON.stringify(j.meta)))}::text[],
                  ${col((j) => j.createdBy)}::bigint[])
           as v(kind, user_id, unique_key, reverses_id, ref_type, ref_id, memo, meta, created_by)
    on conflict do nothing
    returning id, unique_key, reverses_id`);
  return rowsOf<{ id: number | string; unique_key: string | null; reverses_id: number | string | null }>(res).map((r) => ({
    id: Number(r.id),
    uniqueKey: r.unique_key,
    reversesId: r.reverses_id === null ? null : Number(r.reverses_id),
  }));
}

/** Inserts entries of several journals in the given order (ids ascend in that order); answers their ids in insertion order. */
export async function insertEntriesOfJournals(
  tx: Executor,
  entries: readonly { journalId: number; accountId: number; amount: number; balanceAfter: number }[],
): Promise<number[]> {
  if (entries.length === 0) return [];
  const col = (f: (e: (typeof entries)[number]) => number) => sql.param(entries.map(f));
  const res = await tx.execute(sql`
    insert into journal_entries (journal_id, account_id, amount, balance_after)
    select v.journal_id, v.account_id, v.amount, v.balance_after
      from unnest(${col((e) => e.journalId)}::bigint[], ${col((e) => e.accountId)}::bigint[], ${col((e) => e.amount)}::bigint[],
                  ${col((e) => e.balanceAfter)}::bigint[])
           as v(journal_id, account_id, amount, balance_after)
    returning id`);
  return rowsOf<{ id: number | string }>(res).map((r) => Number(r.id));
}

/** Sets the savepoint a money call's work runs in (ledger-transactions.ts inSavepoint). */
export async function setSavepoint(tx: Executor): Promise<void> {
  await tx.execute(sql.raw("savepoint money_work"));
}

/** Undoes everything since setSavepoint; the rest of the transaction stays. */
export async function rollbackToSavepoint(tx: Executor): Promise<void> {
  await tx.execute(sql.raw("rollback to savepoint money_work"));
}
