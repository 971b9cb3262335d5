import { checkPostings, MESSAGES } from "@shwe/domain";
import type { Executor } from "../../db/client.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import {
  changePlayerAccounts,
  changeSystemAccount,
  createSystemAccount,
  findEntriesOf,
  findJournal,
  findReversalOf,
  insertEntriesOfJournals,
  insertJournals,
  postJournalStatement,
  recordBalanceChanges,
} from "./ledger.repository.ts";
import { lockPlayers, type PlayerAccounts } from "./ledger-locks.ts";
import type { PlayerAccountKind } from "./player-accounts.repository.ts";

/**
 * Posting journals (reliability.md "How a money movement is written", step 2): balanced entries,
 * house and external accounts changed relatively, player accounts debited conditionally, the
 * journal, its entries, the outbox rows and the notifications written together. Used through
 * ledger.service.ts.
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

/** A journal's entries must balance, have no zero or repeated account, and name well-formed system accounts. */
function checkJournalInput(input: PostJournalInput): void {
  const problem = checkPostings(input.entries, refKey);
  if (problem) throw new Error(`journal "${input.kind}" refused: ${problem}`);
  for (const e of input.entries) {
    if (!isPlayerRef(e.account) && !SYSTEM_CODE.test(e.account.code)) throw new Error(`bad system account code ${e.account.code}`);
  }
}

/** The players of a journal's entries, in entry order, each once. */
const playersOf = (input: PostJournalInput): number[] => [
  ...new Set(input.entries.filter((e) => isPlayerRef(e.account)).map((e) => (e.account as { userId: number }).userId)),
];

function journalRowOf(input: PostJournalInput) {
  return {
    kind: input.kind,
    userId: input.userId,
    uniqueKey: input.uniqueKey ?? null,
    reversesId: input.reversesId ?? null,
    refType: input.refType ?? null,
    refId: input.refId === undefined || input.refId === null ? null : String(input.refId),
    memo: input.memo ?? null,
    meta: input.meta ?? null,
    createdBy: input.createdBy ?? null,
  };
}

export interface PostJournalOptions {
  /**
   * The accounts of players this transaction has already locked with lockPlayers: they are not
   * locked a second time (only their account ids are used; balances are checked by the UPDATE).
   */
  locked?: ReadonlyMap<number, PlayerAccounts>;
}

/**
 * A journal's entries split for posting: player entries with their locked rows in ascending account
 * id, system (house / external) entries in code order: the order every transaction takes rows in.
 */
function orderedEntries(input: PostJournalInput, locked: ReadonlyMap<number, PlayerAccounts>) {
  const players = input.entries
    .filter((e) => isPlayerRef(e.account))
    .map((e) => {
      const ref = e.account as { userId: number; kind: PlayerAccountKind };
      const row = locked.get(ref.userId)?.[ref.kind];
      if (!row) throw notFound("Player not found.");
      return { ref, row, amount: e.amount };
    })
    .sort((a, b) => a.row.id - b.row.id);
  const systems = input.entries
    .filter((e) => !isPlayerRef(e.account))
    .sort((a, b) => ((a.account as { code: string }).code < (b.account as { code: string }).code ? -1 : 1));
  return { players, systems };
}

/** Posts one balanced journal inside the caller's transaction (see the recipe above). */
export async function postJournal(tx: Executor, input: PostJournalInput, opts: PostJournalOptions = {}): Promise<PostedJournal> {
  checkJournalInput(input);

  const userIds = playersOf(input);
  const held = opts.locked;
  const locked = held && userIds.every((u) => held.has(u)) ? held : await lockPlayers(tx, userIds);

  const { players: playerEntries, systems: systemEntries } = orderedEntries(input, locked);

  // Several house / external accounts: one relative UPDATE each, in code order, before the statement below.
  const applied: PostedEntry[] = [];
  if (systemEntries.length > 1) {
    for (const e of systemEntries) {
      const changed = await changeSystemAccount(tx, (e.account as { code: string }).code, e.amount);
      applied.push({ account: e.account, accountId: changed.id, amount: e.amount, balanceAfter: changed.balance });
    }
  }
  const single = systemEntries.length === 1 ? systemEntries[0] : undefined;
  const posting = {
    journal: journalRowOf(input),
    players: playerEntries.map((e) => ({ accountId: e.row.id, amount: e.amount })),
    system: single ? { code: (single.account as { code: string }).code, amount: single.amount } : null,
    applied,
    userIds,
  };
  // The rest in one statement: the account changes, the journal, its entries, the outbox rows and the
  // notifications. A system account used for the first time is created, then the statement runs again.
  let result = await postJournalStatement(tx, posting);
  if (!result.systemFound && posting.system) {
    await createSystemAccount(tx, posting.system.code);
    result = await postJournalStatement(tx, posting);
    if (!result.systemFound) throw new Error(`system account ${posting.system.code} could not be created`);
  }

  const posted: PostedEntry[] = [];
  for (const { ref, row, amount } of playerEntries) {
    const after = result.players.get(row.id);
    if (after === undefined) {
      if (amount < 0) throw new InsufficientFundsError(ref.kind);
      throw new Error(`ledger account ${row.id} vanished`);
    }
    posted.push({ account: ref, accountId: row.id, amount, balanceAfter: after });
  }
  if (single) {
    if (!result.system) throw new Error("system account change missing");
    posted.push({ account: single.account, accountId: result.system.id, amount: single.amount, balanceAfter: result.system.balance });
  }
  posted.push(...applied);
  if (result.journalId === undefined) throw new DuplicateJournalError(input.uniqueKey ?? null);
  return { journalId: result.journalId, entries: posted, userIds };
}

interface PlannedEntry {
  account: AccountRef;
  /** Player accounts: known once locked; system accounts: known once changed. */
  accountId: number;
  amount: number;
  /** Player accounts: the balance after this entry; system accounts: the running sum of the batch so far. */
  running: number;
  system: boolean;
}

/**
 * Posts several journals inside the caller's transaction, with the same result as calling
 * postJournal for each of them in this order: the same balances, journals, entries (each
 * balance_after the account's running balance, ids ascending in posting order), outbox rows and
 * notifications, and the same answers. It does so in a fixed number of statements, whatever the
 * number of journals:
 *   1. every player involved is locked at once (ascending account id, one statement), unless the
 *      caller passes the accounts it has just locked with lockPlayers in this transaction;
 *   2. each debit is checked in order against the locked balances (422 INSUFFICIENT_FUNDS at the
 *      first journal that would overdraw, nothing written), then each player account gets its net
 *      change in one conditional UPDATE;
 *   3. house / external accounts get one relative UPDATE each, in the order the journals first use
 *      them (the order N postJournal calls would take their row locks);
 *   4. the journals, then their entries, then the outbox rows and notifications, one statement each.
 * A journal whose unique key (or reversed journal) is already taken refuses the whole batch with
 * DuplicateJournalError, like the postJournal call that meets it; the caller's transaction then rolls
 * back. When one batch would meet both an overdraft and a duplicate, the overdraft is the one reported.
 */
export async function postJournals(
  tx: Executor,
  inputs: readonly PostJournalInput[],
  opts: PostJournalOptions = {},
): Promise<PostedJournal[]> {
  if (inputs.length === 0) return [];
  for (const input of inputs) checkJournalInput(input);

  const usersOf = inputs.map(playersOf);
  const held = opts.locked;
  const all = usersOf.flat();
  // Balances are read from the locks: a map the caller passes must come from lockPlayers in this transaction.
  const locked = held && all.every((u) => held.has(u)) ? held : await lockPlayers(tx, all);

  // Player entries in each journal's posting order (ascending account id), checked against the running balances.
  const balances = new Map<number, number>();
  const startOf = new Map<number, number>();
  const systemOrder: string[] = [];
  const systemNet = new Map<string, number>();
  const planned: PlannedEntry[][] = inputs.map((input) => {
    const ordered = orderedEntries(input, locked);
    const players = ordered.players.map(({ ref, row, amount }): PlannedEntry => {
      if (!startOf.has(row.id)) startOf.set(row.id, row.balance);
      const before = balances.get(row.id) ?? row.balance;
      const after = before + amount;
      if (amount < 0 && after < 0) throw new InsufficientFundsError(ref.kind);
      balances.set(row.id, after);
      return { account: ref, accountId: row.id, amount, running: after, system: false };
    });
    const systems = ordered.systems.map((e): PlannedEntry => {
      const code = (e.account as { code: string }).code;
      if (!systemNet.has(code)) systemOrder.push(code);
      const running = (systemNet.get(code) ?? 0) + e.amount;
      systemNet.set(code, running);
      return { account: e.account, accountId: 0, amount: e.amount, running, system: true };
    });
    return [...players, ...systems];
  });

  const changes = [...balances].map(([accountId, after]) => ({ accountId, delta: after - (startOf.get(accountId) ?? 0) }));
  const changed = await changePlayerAccounts(
    tx,
    changes.filter((c) => c.delta !== 0),
  );
  for (const c of changes) {
    if (c.delta !== 0 && changed.get(c.accountId) !== balances.get(c.accountId)) {
      throw new Error(`ledger account ${c.accountId} changed under its lock`);
    }
  }

  const systemAccounts = new Map<string, { id: number; before: number }>();
  for (const code of systemOrder) {
    const net = systemNet.get(code) ?? 0;
    const after = await changeSystemAccount(tx, code, net);
    systemAccounts.set(code, { id: after.id, before: after.balance - net });
  }

  const inserted = await insertJournals(tx, inputs.map(journalRowOf));
  const journalIds: number[] = [];
  let next = 0;
  for (const input of inputs) {
    const row = inserted[next];
    const same = row && row.uniqueKey === (input.uniqueKey ?? null) && row.reversesId === (input.reversesId ?? null);
    if (!same) throw new DuplicateJournalError(input.uniqueKey ?? null);
    if (next > 0 && row.id <= (journalIds[next - 1] ?? 0)) throw new Error("journals were not inserted in posting order");
    journalIds.push(row.id);
    next++;
  }

  const posted: PostedEntry[][] = planned.map((entries) =>
    entries.map((e) => {
      if (!e.system) return { account: e.account, accountId: e.accountId, amount: e.amount, balanceAfter: e.running };
      const acc = systemAccounts.get((e.account as { code: string }).code);
      if (!acc) throw new Error("system account missing from the batch");
      return { account: e.account, accountId: acc.id, amount: e.amount, balanceAfter: acc.before + e.running };
    }),
  );
  const entryIds = await insertEntriesOfJournals(
    tx,
    posted.flatMap((entries, i) => entries.map((e) => ({ ...e, journalId: journalIds[i] ?? 0 }))),
  );
  if (entryIds.some((id, i) => i > 0 && id <= (entryIds[i - 1] ?? 0))) throw new Error("entries were not inserted in posting order");

  await recordBalanceChanges(
    tx,
    inputs.flatMap((input, i) =>
      (usersOf[i] ?? []).map((userId) => ({ userId, payload: { journal_id: journalIds[i], kind: input.kind } })),
    ),
  );
  return inputs.map((_, i) => ({ journalId: journalIds[i] ?? 0, entries: posted[i] ?? [], userIds: usersOf[i] ?? [] }));
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
