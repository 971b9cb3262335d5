import { MAX_AMOUNT } from "../money.ts";

/**
 * Double-entry postings (domain-rules §1). A journal is a list of entries on accounts; a positive
 * amount raises the account's balance, a negative one lowers it. Every journal has at least two
 * entries, no zero entry, each account at most once, every amount a safe integer of at most
 * MAX_AMOUNT in size, and the entries sum to exactly zero.
 */
export interface Posting<A = string> {
  account: A;
  amount: number;
}

export type PostingProblem = "TOO_FEW_ENTRIES" | "INVALID_AMOUNT" | "ZERO_ENTRY" | "DUPLICATE_ACCOUNT" | "UNBALANCED";

/** True for an entry amount: a non-zero safe integer within ±MAX_AMOUNT. */
export function isEntryAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value !== 0 && Math.abs(value) <= MAX_AMOUNT;
}

/** The first rule a journal breaks, or null when it may be posted. `keyOf` names an account for the duplicate check. */
export function checkPostings<A>(entries: readonly Posting<A>[], keyOf: (account: A) => string = String): PostingProblem | null {
  if (entries.length < 2) return "TOO_FEW_ENTRIES";
  const seen = new Set<string>();
  let sum = 0;
  for (const e of entries) {
    if (e.amount === 0) return "ZERO_ENTRY";
    if (!isEntryAmount(e.amount)) return "INVALID_AMOUNT";
    const key = keyOf(e.account);
    if (seen.has(key)) return "DUPLICATE_ACCOUNT";
    seen.add(key);
    // Each term is at most 1e10 in size and a journal has a handful of entries: the sum stays exact.
    sum += e.amount;
  }
  return sum === 0 ? null : "UNBALANCED";
}

/** The entries that undo a journal: the same accounts, every amount negated. */
export function reversePostings<A>(entries: readonly Posting<A>[]): Posting<A>[] {
  return entries.map((e) => ({ account: e.account, amount: -e.amount }));
}

export type ApplyResult<A> = { ok: true; balances: Map<A, number> } | { ok: false; code: "INSUFFICIENT_FUNDS"; account: A };

/**
 * Applies a valid journal to balances (missing accounts read as 0). A guarded account (a player's)
 * may never go below zero: the whole journal is then refused and nothing changes. House and
 * external accounts are not guarded.
 */
export function applyPostings<A>(
  balances: ReadonlyMap<A, number>,
  entries: readonly Posting<A>[],
  isGuarded: (account: A) => boolean,
): ApplyResult<A> {
  const next = new Map(balances);
  for (const e of entries) {
    const after = (next.get(e.account) ?? 0) + e.amount;
    if (after < 0 && isGuarded(e.account)) return { ok: false, code: "INSUFFICIENT_FUNDS", account: e.account };
    next.set(e.account, after);
  }
  return { ok: true, balances: next };
}
