import type { ProviderWalletAnswer, ProviderWalletBody, ProviderWalletStatus } from "@shwe/contracts";
import type { Db, Executor, Tx } from "../../../db/client.ts";
import { isPoolTimeout } from "../../../db/unavailable.ts";
import { sha256Hex } from "../../../lib/crypto.ts";
import { AppError } from "../../../lib/errors.ts";
import { inSavepoint, withMoneyTx } from "../../ledger/ledger.service.ts";
import { canonicalJson } from "../../ledger/money-call.ts";
import { getPlayerBalances } from "../../ledger/player-accounts.repository.ts";
import {
  claimTransaction,
  fillPlaceholder,
  findTransaction,
  finishTransaction,
  type ProviderTransactionRow,
} from "./provider-transactions.repository.ts";

/**
 * The at-most-once frame of every money-moving wallet call (debit, credit, rollback), inside one
 * money transaction:
 *
 *   1. claim (provider, transaction_id) with INSERT … ON CONFLICT DO NOTHING — a repeat waits for the
 *      first to commit, then finds the id taken: same body → the stored first answer, different body →
 *      DUPLICATE_TRANSACTION; a debit whose id a rollback named first → ALREADY_ROLLED_BACK;
 *   2. run the action in a savepoint: a refusal (WalletRefusal) undoes whatever the action began, the
 *      claim stays and stores the refusal as the answer for that id;
 *   3. store the answer and commit. Serialization failures and deadlocks retry the whole transaction.
 */
export type WalletAnswer = ProviderWalletAnswer;
export type MoneyAction = "debit" | "credit" | "rollback";

/** A refusal decided under the locks: the action's changes are undone, the answer is stored. */
export class WalletRefusal extends Error {
  constructor(
    readonly status: ProviderWalletStatus,
    readonly balance?: number,
  ) {
    super(status);
    this.name = "WalletRefusal";
  }
}

export interface WalletCall {
  /** p_code, upper case. */
  provider: string;
  action: MoneyAction;
  body: ProviderWalletBody;
  userId: number;
  requestHash: string;
  /** The server's instant (ctx.clock) the call is judged by: a debit's break (decision 0025). */
  now: Date;
}

export interface Outcome {
  status: ProviderWalletStatus;
  balance: number;
  journalId?: number | null;
  roundRef?: number | null;
  balanceBefore?: number | null;
  balanceAfter?: number | null;
}

/** The same action and body always hash the same way (key order and spacing do not matter). */
export function requestHashOf(action: string, body: ProviderWalletBody): string {
  return sha256Hex(`${action}\n${canonicalJson(body)}`);
}

export function answerOf(status: ProviderWalletStatus, balance: number | undefined, transactionId: string | undefined): WalletAnswer {
  const answer: WalletAnswer = { status };
  if (balance !== undefined) answer.balance = balance;
  if (transactionId !== undefined) answer.transaction_id = transactionId;
  return answer;
}

export async function gameBalanceOf(db: Executor, userId: number): Promise<number> {
  return (await getPlayerBalances(db, userId)).game_balance;
}

/** How many house accounts each provider's casino play is spread over. */
export const CASINO_HOUSE_SHARDS = 16;

/**
 * The house account of a provider's casino play for this player (the player's bets in, payouts out):
 * `house:casino:<provider>:<player id mod 16>`. Every posting updates its house row until commit, so
 * one row per provider would make every wallet call of every player wait for the one before;
 * together the shards are the provider's house balance (older postings may sit on the unsharded
 * `house:casino:<provider>`, which counts too).
 */
export function casinoAccountOf(provider: string, userId: number): string {
  return `house:casino:${provider.toLowerCase()}:${userId % CASINO_HOUSE_SHARDS}`;
}

const BUSY_ROUNDS = 3;

/**
 * How many more times a call that only waited behind this server's own calls for a connection is
 * tried (each wait is the pool's 5 s): the database answered meanwhile, so it is not away, and the
 * call can be answered once the burst has gone through.
 */
const QUEUED_ROUNDS = 12;

/**
 * Runs a whole wallet call again when the database was only busy: every attempt of withMoneyTx met a
 * deadlock or serialization failure, or no connection was free in time (a burst of callbacks).
 * Safe because a call is applied at most once. Providers retry a 5xx, but a busy moment is absorbed here.
 * `served` (Database.served) tells a wait for a connection behind other calls, which the pool was
 * answering all along, from a database that answers nothing: the first is tried again for longer.
 */
export async function retryWhenBusy<T>(work: () => Promise<T>, served?: () => number): Promise<T> {
  for (let round = 1, queued = 0; ; ) {
    const before = served?.();
    try {
      return await work();
    } catch (err) {
      const poolTimeout = isPoolTimeout(err);
      const busy = (err instanceof AppError && err.code === "BUSY") || poolTimeout;
      if (!busy) throw err;
      const queuedBehindOthers = poolTimeout && before !== undefined && (served?.() ?? before) > before;
      if (queuedBehindOthers && queued < QUEUED_ROUNDS) queued++;
      else if (round >= BUSY_ROUNDS) throw err;
      else round++;
      await new Promise((r) => setTimeout(r, 50 * (round + queued) + Math.floor(Math.random() * 50)));
    }
  }
}

/** The answer to a repeat of an id already claimed (see step 1 above). */
async function answerRepeat(tx: Tx, call: WalletCall, existing: ProviderTransactionRow): Promise<WalletAnswer> {
  const txId = call.body.transaction_id;
  if (existing.placeholder && existing.requestHash === null) {
    if (call.action !== "debit" || existing.userId !== call.userId) {
      return answerOf("DUPLICATE_TRANSACTION", await gameBalanceOf(tx, call.userId), txId);
    }
    const answer = answerOf("ALREADY_ROLLED_BACK", await gameBalanceOf(tx, call.userId), txId);
    const filled = await fillPlaceholder(tx, existing.id, {
      requestHash: call.requestHash,
      roundId: call.body.round_id ?? null,
      gameCode: call.body.game_code ?? null,
      amount: call.body.amount ?? null,
      answer,
    });
    if (filled) return answer;
    // A concurrent late debit with this id took the placeholder over first.
    const again = await findTransaction(tx, call.provider, existing.transactionId);
    if (!again) throw new Error(`provider transaction ${existing.id} vanished`);
    return replayOrDuplicate(tx, call, again);
  }
  return replayOrDuplicate(tx, call, existing);
}

async function replayOrDuplicate(tx: Executor, call: WalletCall, existing: ProviderTransactionRow): Promise<WalletAnswer> {
  if (existing.requestHash === call.requestHash && existing.answer) return existing.answer as WalletAnswer;
  return answerOf("DUPLICATE_TRANSACTION", await gameBalanceOf(tx, call.userId), call.body.transaction_id);
}

/** A repeat seen without claiming (a debit while the provider is closed): its first answer, if any. */
export async function storedAnswerOf(db: Executor, call: WalletCall): Promise<WalletAnswer | undefined> {
  const txId = call.body.transaction_id;
  if (txId === undefined) return undefined;
  const existing = await findTransaction(db, call.provider, txId);
  if (!existing) return undefined;
  if (existing.placeholder && existing.requestHash === null) {
    return call.action === "debit" && existing.userId === call.userId
      ? answerOf("ALREADY_ROLLED_BACK", await gameBalanceOf(db, call.userId), txId)
      : answerOf("DUPLICATE_TRANSACTION", await gameBalanceOf(db, call.userId), txId);
  }
  return replayOrDuplicate(db, call, existing);
}

/**
 * Runs one money-moving wallet call at most once (see the frame above). `keep`, when given, runs in
 * the same transaction once the answer is known (the raw callback record commits with the money).
 */
export async function runWalletCall(
  db: Db,
  call: WalletCall,
  work: (tx: Tx) => Promise<Outcome>,
  keep?: (tx: Tx, answer: WalletAnswer) => Promise<void>,
): Promise<WalletAnswer> {
  const txId = call.body.transaction_id;
  if (txId === undefined) throw new Error("a money-moving wallet call needs a transaction id");
  return withMoneyTx(db, async (tx) => {
    const answer = await claimAndRun(tx, call, txId, work);
    await keep?.(tx, answer);
    return answer;
  });
}

async function claimAndRun(tx: Tx, call: WalletCall, txId: string, work: (tx: Tx) => Promise<Outcome>): Promise<WalletAnswer> {
  const claimed = await claimTransaction(tx, {
    provider: call.provider,
    transactionId: txId,
    action: call.action,
    userId: call.userId,
    roundId: call.body.round_id ?? null,
    gameCode: call.body.game_code ?? null,
    amount: call.body.amount ?? null,
    kind: call.action === "credit" ? (call.body.kind ?? "win") : null,
    referenceTransactionId: call.body.reference_transaction_id ?? null,
    requestHash: call.requestHash,
  });
  if (claimed === undefined) {
    const existing = await findTransaction(tx, call.provider, txId);
    if (!existing) throw new Error(`provider transaction ${call.provider}/${txId} is claimed but not found`);
    return answerRepeat(tx, call, existing);
  }

  let outcome: Outcome;
  try {
    outcome = await inSavepoint(tx, work);
  } catch (err) {
    if (!(err instanceof WalletRefusal)) throw err;
    outcome = { status: err.status, balance: err.balance ?? (await gameBalanceOf(tx, call.userId)) };
  }
  const answer = answerOf(outcome.status, outcome.balance, txId);
  await finishTransaction(tx, claimed, {
    status: outcome.status,
    answer,
    journalId: outcome.journalId ?? null,
    roundRef: outcome.roundRef ?? null,
    balanceBefore: outcome.balanceBefore ?? null,
    balanceAfter: outcome.balanceAfter ?? null,
  });
  return answer;
}
