import type { ProviderWalletAction, ProviderWalletBody, ProviderWalletStatus } from "@shwe/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../../app-context.ts";
import { rowsOf } from "../../../db/client.ts";
import { pgErrorCode, pgRaisedMessage } from "../../ledger/ledger.service.ts";
import { PLAYER_ACCOUNT_KINDS } from "../../ledger/player-accounts.repository.ts";
import { POINTS_SETTING } from "../../lottery/lottery-config.ts";
import { CASINO_POINT_SHARDS } from "../../rewards/points.service.ts";
import type { CallbackRecord } from "./provider-callbacks.repository.ts";
import { keepRefusedCall } from "./provider-transactions.repository.ts";
import { answerOf, CASINO_HOUSE_SHARDS, type WalletAnswer } from "./wallet-transaction.ts";

/**
 * A debit, credit or rollback in one database call (decisions 0010, 0013, 0024; the functions are in
 * `apps/server/drizzle/functions/wallet_*.sql`) when it is the common case the general path
 * (wallet-transaction.ts and wallet-debit / credit / rollback) would answer OK: wallet_debit,
 * wallet_credit and wallet_rollback take the same locks in the same order (the transaction id aside)
 * and write the same rows, the raw callback included, in one statement and one commit. Anything else
 * raises SWW01 having changed nothing, with a reason (WALLET_REASONS). A final reason (the general
 * path would refuse the call: a missing provider or player, an ended round, a blocked player, short
 * funds, a credit or rollback with nothing to apply to) is answered from the reason, and kept as the
 * general path keeps it; any other reason (a repeated transaction id, a closed provider, a referred
 * player's settling credit, a house account not created yet) and a deadlock or lock timeout send the
 * call to the general path. The transaction id is written last, with its answer: a repeat that finds
 * it taken is undone whole, after the work, so only repeats pay for checking it late.
 */
export const WALLET_FALLBACK = "SWW01";

/**
 * Why wallet_debit, wallet_credit and wallet_rollback hand a call back, each in the order the general
 * path judges the call (the functions' files list them; wallet-reasons.test.ts holds both equal).
 */
export const WALLET_REASONS = {
  debit: ["SHAPE", "PROVIDER_MISSING", "PLAYER", "PROVIDER_CLOSED", "SETTLED", "BLOCKED", "ACCOUNTS", "FUNDS", "HOUSE_ACCOUNT", "REPEAT"],
  credit: [
    "SHAPE",
    "PROVIDER_MISSING",
    "PLAYER",
    "FREE_ROUNDS",
    "ROUND_MISSING",
    "ROLLED_BACK",
    "NO_DEBIT",
    "SETTLED",
    "LATE_CREDIT",
    "REFERRED",
    "ACCOUNTS",
    "HOUSE_ACCOUNT",
    "POINTS_HOUSE_ACCOUNT",
    "REPEAT",
  ],
  rollback: [
    "PROVIDER_MISSING",
    "PLAYER",
    "DEBIT_MISSING",
    "NOT_A_DEBIT",
    "ROLLED_BACK",
    "AMOUNT",
    "DEBIT_REFUSED",
    "ROUND_MISSING",
    "SETTLED",
    "ACCOUNTS",
    "JOURNAL",
    "ENTRIES",
    "REPEAT",
  ],
} as const;

type MoneyAction = keyof typeof WALLET_REASONS;
export type WalletReasonCode = (typeof WALLET_REASONS)[MoneyAction][number];

/** A wallet function's reason: its code and, for a refusal it answers, the game balance to answer with. */
export interface WalletReason {
  code: WalletReasonCode;
  balance?: number;
}

/**
 * The final reasons of each function and the general path's answer to each. PROVIDER_MISSING and
 * PLAYER are answered before any transaction id is claimed (wallet.service.ts dispatch); the others
 * claim the id with the answer.
 */
const ANSWERED: { [A in MoneyAction]: Partial<Record<(typeof WALLET_REASONS)[A][number], ProviderWalletStatus>> } = {
  debit: {
    PROVIDER_MISSING: "PROVIDER_DISABLED",
    PLAYER: "UNKNOWN_PLAYER",
    SETTLED: "ALREADY_SETTLED",
    BLOCKED: "PLAYER_BLOCKED",
    FUNDS: "INSUFFICIENT_FUNDS",
  },
  credit: {
    PROVIDER_MISSING: "PROVIDER_DISABLED",
    PLAYER: "UNKNOWN_PLAYER",
    ROUND_MISSING: "TRANSACTION_NOT_FOUND",
    ROLLED_BACK: "ALREADY_ROLLED_BACK",
    NO_DEBIT: "TRANSACTION_NOT_FOUND",
    SETTLED: "ALREADY_SETTLED",
  },
  rollback: {
    PROVIDER_MISSING: "PROVIDER_DISABLED",
    PLAYER: "UNKNOWN_PLAYER",
    NOT_A_DEBIT: "TRANSACTION_NOT_FOUND",
    ROLLED_BACK: "ALREADY_ROLLED_BACK",
    AMOUNT: "INVALID_REQUEST",
    SETTLED: "ALREADY_SETTLED",
  },
};
const ANSWERED_UNCLAIMED: ReadonlySet<WalletReasonCode> = new Set(["PROVIDER_MISSING", "PLAYER"]);

const REASON_MESSAGE = /^wallet_(debit|credit|rollback): ([A-Z_]+)(?: (\{.*\}))?$/s;

/**
 * The reason of a wallet function's hand-back (SQLSTATE SWW01, through the money batch or a statement
 * of its own) for `action`, or undefined for any other error or a reason this server does not know (a
 * newer database): the caller then takes the general path, as before reasons existed.
 */
export function walletReasonOf(err: unknown, action: MoneyAction): WalletReason | undefined {
  const message = pgRaisedMessage(err, WALLET_FALLBACK);
  if (message === undefined) return undefined;
  const m = REASON_MESSAGE.exec(message);
  const reason = m?.[2] as WalletReasonCode | undefined;
  if (m?.[1] !== action || !reason || !(WALLET_REASONS[action] as readonly string[]).includes(reason)) return undefined;
  const data = m[3] === undefined ? {} : (JSON.parse(m[3]) as { balance?: unknown });
  return data.balance === undefined ? { code: reason } : { code: reason, balance: Number(data.balance) };
}

/**
 * The general path's answer to a call of `action` handed back for `reason`, or undefined when the
 * reason is not final for that action (the general path answers) or a claimed refusal lacks its balance.
 */
export function refusalOfWalletReason(
  action: MoneyAction,
  reason: WalletReason,
  transactionId: string,
): { answer: WalletAnswer; claims: boolean } | undefined {
  const status = (ANSWERED[action] as Partial<Record<WalletReasonCode, ProviderWalletStatus>>)[reason.code];
  if (status === undefined) return undefined;
  if (ANSWERED_UNCLAIMED.has(reason.code)) return { answer: answerOf(status, undefined, transactionId), claims: false };
  if (reason.balance === undefined || !Number.isSafeInteger(reason.balance)) return undefined;
  return { answer: answerOf(status, reason.balance, transactionId), claims: true };
}

/** The database's codes after which the general path simply runs the call. */
const GENERAL_PATH_AFTER = new Set([WALLET_FALLBACK, "40001", "40P01", "23505", "55P03"]);

interface OneCallWalletState {
  enabled: boolean;
  counts: { oneCall: number; refused: number; general: number };
  /** How many parts the wallet calls' batch lane has (1: they use the bets' lane). */
  lanes: number;
  /** Players' ids by user code, for the part; oldest dropped first beyond PLAYER_IDS_KEPT. */
  playerIds: Map<string, number>;
  /** The reads of players' ids under way, by user code. */
  reading: Map<string, Promise<number | undefined>>;
}
const states = new WeakMap<AppContext, OneCallWalletState>();

/** The most players whose id a server keeps for the lanes (a few MB at most). */
const PLAYER_IDS_KEPT = 50_000;

function stateOf(ctx: AppContext): OneCallWalletState {
  let state = states.get(ctx);
  if (!state) {
    state = {
      enabled: true,
      counts: { oneCall: 0, refused: 0, general: 0 },
      lanes: walletLanes(ctx.config.moneyBatch?.walletLanes ?? 1),
      playerIds: new Map(),
      reading: new Map(),
    };
    states.set(ctx, state);
  }
  return state;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The parts actually used: a divisor of both shard counts, so that a player's casino house shard
 * (`house:casino:<provider>:<id % 16>`) and casino points shard (`house:points:casino:<id % 16>`)
 * follow the player's part (id % parts) and no two parts ever lock the same shard.
 */
export function walletLanes(configured: number): number {
  return gcd(gcd(Math.max(1, Math.trunc(configured)), CASINO_HOUSE_SHARDS), CASINO_POINT_SHARDS);
}

/**
 * Where a player's wallet calls go in the batches: lane `wallet`, part `id % lanes`; or undefined (the
 * bets' lane, no part) with one lane or an unknown player (whose call the function refuses, for the
 * general path). Wallet calls lock nothing of another player but the house and points shards, so
 * calls of different parts lock different rows and their batches can be in the database side by side
 * (decision 0012). The id is read once per player: a user code is given at sign-up and never changed,
 * and accounts are never deleted. Were a call ever in the wrong part it would still be right, only
 * slower: a lock held by the other part's batch sends it to the general path after 2 ms (55P03).
 */
export async function walletLaneOf(ctx: AppContext, userCode: string): Promise<{ lane: string; part: number } | undefined> {
  const state = stateOf(ctx);
  if (state.lanes <= 1) return undefined;
  const id = state.playerIds.get(userCode) ?? (await playerIdOf(ctx, state, userCode));
  return id === undefined ? undefined : { lane: WALLET_LANE, part: id % state.lanes };
}

/**
 * Reads a player's id once however many of their calls arrive before it is known: a burst of a
 * player's calls waits on the one read instead of each taking a pooled connection for the same row.
 */
function playerIdOf(ctx: AppContext, state: OneCallWalletState, userCode: string): Promise<number | undefined> {
  const inFlight = state.reading.get(userCode);
  if (inFlight) return inFlight;
  const read = readPlayerId(ctx, state, userCode);
  state.reading.set(userCode, read);
  // Done or failed, the next call reads again (a failure is its callers' to report).
  read.then(
    () => state.reading.delete(userCode),
    () => state.reading.delete(userCode),
  );
  return read;
}

async function readPlayerId(ctx: AppContext, state: OneCallWalletState, userCode: string): Promise<number | undefined> {
  const row = rowsOf<{ id: number | string }>(await ctx.db.execute(sql`select id from users where user_code = ${userCode} limit 1`))[0];
  if (!row) return undefined;
  const id = Number(row.id);
  if (state.playerIds.size >= PLAYER_IDS_KEPT) {
    const oldest = state.playerIds.keys().next().value;
    if (oldest !== undefined) state.playerIds.delete(oldest);
  }
  state.playerIds.set(userCode, id);
  return id;
}

/** The batch lane of wallet calls when they have parts. */
export const WALLET_LANE = "wallet";

/** Whether this app's wallet calls try one call first (the default); off, the general path alone (tests compare both). */
export function setOneCallWallet(ctx: AppContext, enabled: boolean): void {
  stateOf(ctx).enabled = enabled;
}

/**
 * How many money-moving wallet calls took one call, how many were refused from a reason and how many
 * the general path answered, since this app started.
 */
export function walletPathCounts(ctx: AppContext): { oneCall: number; refused: number; general: number } {
  return { ...stateOf(ctx).counts };
}

/** Counts a money-moving call that the general path answers. */
export function countGeneralWalletCall(ctx: AppContext): void {
  stateOf(ctx).counts.general++;
}

export interface OneCallWallet {
  /** p_code, upper case. */
  provider: string;
  action: Exclude<ProviderWalletAction, "balance">;
  body: ProviderWalletBody;
  requestHash: string;
  /** The raw callback as it is kept (provider_callbacks), without its outcome. */
  callback: Pick<CallbackRecord, "provider" | "action" | "headers" | "rawBody" | "ip">;
}

/** What the one call answered, and whether its raw callback is already kept (else the caller keeps it). */
export interface OneCallWalletAnswer {
  answer: WalletAnswer;
  recorded: boolean;
}

/**
 * Answers the call in one statement (or, refused for a final reason, with the statement that keeps
 * the refusal), or undefined (nothing changed) when the general path must answer it. The balance
 * change is announced once the statement has committed.
 */
export async function walletInOneCall(ctx: AppContext, call: OneCallWallet): Promise<OneCallWalletAnswer | undefined> {
  const state = stateOf(ctx);
  if (!state.enabled) return undefined;
  const { body, provider } = call;
  const txId = body.transaction_id;
  if (txId === undefined) return undefined;
  const cb = call.callback;
  const round = body.round_id ?? null;
  const game = body.game_code ?? null;
  const amount = body.amount ?? null;
  const { fn, args } = walletFunctionCall(call, txId, ctx.clock.now());
  try {
    const row = ctx.moneyBatcher
      ? await ctx.moneyBatcher.run({ fn, args, ...(await walletLaneOf(ctx, body.player)) })
      : rowsOf<Record<string, unknown>>(await ctx.db.execute(walletStatement(fn, args)))[0];
    if (!row) throw new Error(`${fn} answered nothing`);
    ctx.balanceAnnouncer.announce([Number(row.out_user)]);
    state.counts.oneCall++;
    return { answer: answerOf("OK", Number(row.out_balance), txId), recorded: true };
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === undefined || !GENERAL_PATH_AFTER.has(code)) throw err;
    const reason = walletReasonOf(err, call.action);
    const refusal = reason && refusalOfWalletReason(call.action, reason, txId);
    if (!refusal) return undefined;
    if (refusal.claims) {
      const kept = await keepRefusedCall(
        ctx.db,
        {
          provider,
          transactionId: txId,
          action: call.action,
          userCode: body.player,
          roundId: round,
          gameCode: game,
          amount,
          kind: call.action === "credit" ? (body.kind ?? "win") : null,
          referenceTransactionId: body.reference_transaction_id ?? null,
          requestHash: call.requestHash,
          status: refusal.answer.status,
          answer: refusal.answer,
        },
        cb,
      );
      // The id was taken meanwhile: a repeat or a duplicate, which the general path answers.
      if (!kept) return undefined;
    }
    state.counts.refused++;
    return { answer: refusal.answer, recorded: refusal.claims };
  }
}

type WalletFn = "wallet_debit" | "wallet_credit" | "wallet_rollback";

/**
 * The function a call runs and its arguments (the functions' files give their meaning). A debit takes
 * the server's instant `now` last (decision 0025): it judges the player's break by it, as
 * lockWalletUser does on the general path.
 */
export function walletFunctionCall(call: OneCallWallet, txId: string, now: Date): { fn: WalletFn; args: unknown[] } {
  const { body, provider } = call;
  const cb = call.callback;
  const callback = [cb.provider, cb.action, cb.headers, cb.rawBody, cb.ip];
  const kinds = PLAYER_ACCOUNT_KINDS.length;
  const round = body.round_id ?? null;
  const game = body.game_code ?? null;
  const amount = body.amount ?? null;
  const fn = `wallet_${call.action}` as const;
  if (call.action === "debit") {
    return {
      fn,
      args: [
        provider,
        body.player,
        txId,
        round,
        game,
        amount,
        call.requestHash,
        CASINO_HOUSE_SHARDS,
        kinds,
        ...callback,
        now.toISOString(),
      ],
    };
  }
  if (call.action === "credit") {
    const kyatPerPoint = POINTS_SETTING.defaultValue.kyat_per_point;
    const kind = body.kind ?? "win";
    return {
      fn,
      args: [
        provider,
        body.player,
        txId,
        round,
        game,
        amount,
        kind,
        call.requestHash,
        CASINO_HOUSE_SHARDS,
        CASINO_POINT_SHARDS,
        kyatPerPoint,
        kinds,
        ...callback,
      ],
    };
  }
  return {
    fn,
    args: [provider, body.player, txId, body.reference_transaction_id ?? null, round, game, amount, call.requestHash, kinds, ...callback],
  };
}

/** The statement that runs a wallet function alone (without the batcher). */
export function walletStatement(fn: WalletFn, args: readonly unknown[]): SQL {
  return sql`select * from ${sql.raw(fn)}(${sql.join(
    args.map((v, i) => sql`${typeof v === "object" && v !== null ? JSON.stringify(v) : v}::${sql.raw(ARG_TYPES[fn][i] ?? "text")}`),
    sql`, `,
  )})`;
}

/** The declared argument types of the functions (migrations 0021, 0042), for a call made without the batcher. */
const CALLBACK_TYPES = ["text", "text", "jsonb", "text", "text"];
const ARG_TYPES: Record<WalletFn, string[]> = {
  wallet_debit: ["text", "text", "text", "text", "text", "bigint", "text", "int", "int", ...CALLBACK_TYPES, "timestamptz"],
  wallet_credit: ["text", "text", "text", "text", "text", "bigint", "text", "text", "int", "int", "bigint", "int", ...CALLBACK_TYPES],
  wallet_rollback: ["text", "text", "text", "text", "text", "text", "bigint", "text", "int", ...CALLBACK_TYPES],
};
