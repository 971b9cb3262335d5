/**
 * The one way money moves (reliability.md "How a money movement is written"):
 *
 *   1. the caller's transaction has already inserted its idempotency row (runMoneyCall) and locked
 *      the rows that come before accounts in the global lock order:
 *      idempotency row → request / adjustment row → users row → player accounts → system accounts;
 *   2. postJournal locks every account of the players involved (SELECT … FOR UPDATE, ascending id,
 *      one statement; skipped for players the caller has just locked), then in one more statement
 *      changes the house / external account with a relative UPDATE (not locked first, never
 *      checked; several of them: one UPDATE each, in code order, just before), debits player
 *      accounts with a conditional UPDATE (a missing row = insufficient funds), and inserts the
 *      journal, its entries with balance_after, an outbox row and a commit-time notification per
 *      player; postJournals does the same for many journals at once (settlement);
 *   3. withMoneyTx commits, retrying the whole transaction on 40001 / 40P01 only.
 *
 * The steps live in three files, used from here: ledger-locks.ts (lockPlayers: the players'
 * accounts), ledger-posting.ts (postJournal, postJournals, reverseJournal and their refusals) and
 * ledger-transactions.ts (withMoneyTx, inSavepoint, pgErrorCode, pgRaisedMessage).
 */
export * from "./ledger-locks.ts";
export * from "./ledger-posting.ts";
export * from "./ledger-transactions.ts";
