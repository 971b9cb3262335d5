import { checkPostings, MESSAGES } from "@shwe/domain";
import type { Db, Executor, Tx } from "../../db/client.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import {
  type AccountRow,
  changeSystemAccount,
  creditAccount,
  debitPlayerAccount,
  findEntriesOf,
  findJournal,
  findReversalOf,
  insertEntries,
  insertJournal,
  lockAccountsOfUsers,
  recordBalanceChange,
} from "./ledger.repository.ts";
import { createPlayerLedgerAccounts, PLAYER_ACCOUNT_KINDS, type PlayerAccountKind } from "./player-accounts.repository.ts";

/**
 * The one way money moves (reliability.md "How a money movement is written"):
 *
 *   1. the caller's transaction has already inserted its idempotency row (runMoneyCall) and locked
 *      the rows that come before accounts in the global lock order:
 *      idempotency row → request / adjustment row → users row → player accounts → system accounts;
 *   2. postJournal locks every account of the players involved (SELECT … FOR UPDATE, ascending id,
 *      one statement), debits player accounts with a conditional UPDATE (0 rows = insufficient
 *      funds), changes house / external accounts with one relative UPDATE each (not locked first,
 *      never checked), inserts the journal and its entries with balance_after, and records an
 *      outbox row and a commit-time notification per player;
 *   3. withMoneyTx commits, retrying the whole transaction on 40001 / 40P01 only.
 */
export type AccountRef = { userId: number; kind: PlayerAccountKind } | { code: string };

export interface JournalEntryInput {
  account: AccountRef;
  /** Positive raises the account's balance, negative lowers it. */
  amount: number;
}

export interface PostJournalInput {
  kind: string;
  /** The player the journal belongs to (histories); null for house-only journals. */
  userId: number | null;
  /** At most one journal per key (ledger invariant I5). */
  uniqueKey?: string | null;
  reversesId?: number | null;
  refType?: string | null;
  refId?: string | number | null;
  memo?: string | null;
  meta?: Record<string, unknown> | null;
  createdBy?: number | null;
  entries: readonly JournalEntryInput[];
}

export interface PostedEntry {
  account: AccountRef;
  accountId: number;
  amount: number;
  balanceAfter: number;
}

export interface PostedJournal {
  journalId: number;
  entries: PostedEntry[];
  /** Players whose balances changed. */
  userIds: number[];
}

const SYSTEM_CODE = /^(house|external):[a-z0-9_.:-]{1,80}$/;

export const isPlayerRef = (ref: AccountRef): ref is { userId: number; kind: PlayerAccountKind } => "userId" in ref;
export const refKey = (ref: AccountRef): string => (isPlayerRef(ref) ? `p:${ref.userId}:${ref.kind}` : `s:${ref.code}`);

const INSUFFICIENT: Record<string, string> = {
  main: MESSAGES.insufficientMain,
  game: MESSAGES.insufficientGame,
  point: "Insufficient points.",
  claimable: "Insufficient claimable balance.",
  referral: "Insufficient referral amount.",
  hold: "The held amount is not available.",
};

export class InsufficientFundsError extends AppError {
  constructor(readonly account: string) {
    super(422, "INSUFFICIENT_FUNDS", INSUFFICIENT[account] ?? "Insufficient balance.", { account });
  }
}

export class DuplicateJournalError extends AppError {
  constructor(readonly uniqueKey: string | null) {
    super(409, "DUPLICATE", "This operation was already recorded.");
  }
}

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
  const accounts = (await lockPlayers(tx, [userId])).get(userId);
  if (!accounts) throw notFound("Player not found.");
  return Object.fromEntries(PLAYER_ACCOUNT_KINDS.map((k) => [k, accounts[k].balance])) as Record<PlayerAccountKind, number>;
}

/** Posts one balanced journal inside the caller's transaction (see the recipe above). */
export async function postJournal(tx: Executor, input: PostJournalInput): Promise<PostedJournal> {
  const problem = checkPostings(input.entries, refKey);
  if (problem) throw new Error(`journal "${input.kind}" refused: ${problem}`);
  for (const e of input.entries) {
    if (!isPlayerRef(e.account) && !SYSTEM_CODE.test(e.account.code)) throw new Error(`bad system account code ${e.account.code}`);
  }

  const userIds = [...new Set(input.entries.filter((e) => isPlayerRef(e.account)).map((e) => (e.account as { userId: number }).userId))];
  const locked = await lockPlayers(tx, userIds);

  const posted: PostedEntry[] = [];
  const playerEntries = input.entries
    .filter((e) => isPlayerRef(e.account))
    .map((e) => {
      const ref = e.account as { userId: number; kind: PlayerAccountKind };
      const row = locked.get(ref.userId)?.[ref.kind];
      if (!row) throw notFound("Player not found.");
      return { ref, row, amount: e.amount };
    })
    .sort((a, b) => a.row.id - b.row.id);
  for (const { ref, row, amount } of playerEntries) {
    let after: number;
    if (amount < 0) {
      const debited = await debitPlayerAccount(tx, row.id, -amount);
      if (debited === undefined) throw new InsufficientFundsError(ref.kind);
      after = debited;
    } else {
      after = await creditAccount(tx, row.id, amount);
    }
    posted.push({ account: ref, accountId: row.id, amount, balanceAfter: after });
  }

  const systemEntries = input.entries
    .filter((e) => !isPlayerRef(e.account))
    .sort((a, b) => ((a.account as { code: string }).code < (b.account as { code: string }).code ? -1 : 1));
  for (const e of systemEntries) {
    const changed = await changeSystemAccount(tx, (e.account as { code: string }).code, e.amount);
    posted.push({ account: e.account, accountId: changed.id, amount: e.amount, balanceAfter: changed.balance });
  }

  const journalId = await insertJournal(tx, {
    kind: input.kind,
    userId: input.userId,
    uniqueKey: input.uniqueKey ?? null,
    reversesId: input.reversesId ?? null,
    refType: input.refType ?? null,
    refId: input.refId === undefined || input.refId === null ? null : String(input.refId),
    memo: input.memo ?? null,
    meta: input.meta ?? null,
    createdBy: input.createdBy ?? null,
  });
  if (journalId === undefined) throw new DuplicateJournalError(input.uniqueKey ?? null);

  await insertEntries(tx, journalId, posted);
  await recordBalanceChange(tx, userIds, { journal_id: journalId, kind: input.kind });
  return { journalId, entries: posted, userIds };
}

/** The balance of an account right after a posted journal. */
export function balanceAfter(journal: PostedJournal, ref: AccountRef): number {
  const key = refKey(ref);
  const e = journal.entries.find((x) => refKey(x.account) === key);
  if (!e) throw new Error(`account ${key} is not part of journal ${journal.journalId}`);
  return e.balanceAfter;
}

export interface ReverseOptions {
  kind?: string;
  uniqueKey?: string | null;
  memo?: string | null;
  meta?: Record<string, unknown> | null;
  createdBy?: number | null;
}

/** Posts the exact opposite of a journal (corrections are reversing journals, never edits). A journal is reversed once. */
export async function reverseJournal(tx: Executor, journalId: number, opts: ReverseOptions = {}): Promise<PostedJournal> {
  const original = await findJournal(tx, journalId);
  if (!original) throw notFound("Journal not found.");
  if ((await findReversalOf(tx, journalId)) !== undefined) throw conflict("ALREADY_REVERSED", "This journal was already reversed.");
  const entries = await findEntriesOf(tx, journalId);
  return postJournal(tx, {
    kind: opts.kind ?? `${original.kind}_reversal`,
    userId: original.userId,
    uniqueKey: opts.uniqueKey ?? null,
    reversesId: journalId,
    refType: original.refType,
    refId: original.refId,
    memo: opts.memo ?? null,
    meta: opts.meta ?? null,
    createdBy: opts.createdBy ?? null,
    entries: entries.map((e) => ({
      account: e.userId !== null ? { userId: e.userId, kind: e.kind as PlayerAccountKind } : { code: e.code ?? "" },
      amount: -e.amount,
    })),
  });
}

/** The PostgreSQL SQLSTATE of an error, looking through driver wrappers. */
export function pgErrorCode(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur && typeof cur === "object"; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

const RETRYABLE = new Set(["40001", "40P01"]);
const MAX_ATTEMPTS = 5;

/**
 * Runs a money transaction (Read Committed), retrying it whole on a serialization failure or a
 * deadlock only. When every attempt fails the client gets a 503 with a retry hint, never a 500.
 */
export async function withMoneyTx<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Tx));
    } catch (err) {
      const code = pgErrorCode(err);
      if (code === undefined || !RETRYABLE.has(code)) throw err;
      if (attempt >= MAX_ATTEMPTS) {
        throw new AppError(503, "BUSY", "Service is busy. Please try again shortly.", { retry_after: 1 });
      }
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.floor(Math.random() * 20)));
    }
  }
}
