import type { ProviderWalletAction, ProviderWalletBody } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../../app-context.ts";
import { rowsOf } from "../../../db/client.ts";
import { pgErrorCode } from "../../ledger/ledger.service.ts";
import { PLAYER_ACCOUNT_KINDS } from "../../ledger/player-accounts.repository.ts";
import { POINTS_SETTING } from "../../lottery/lottery-config.ts";
import { CASINO_POINT_SHARDS } from "../../rewards/points.service.ts";
import type { CallbackRecord } from "./provider-callbacks.repository.ts";
import { answerOf, CASINO_HOUSE_SHARDS, type WalletAnswer } from "./wallet-transaction.ts";

/**
 * A debit, credit or rollback in one database call (migrations 0021 and 0025, decisions 0010 and
 * 0013) when it is the common case the general path (wallet-transaction.ts and wallet-debit / credit
 * / rollback) would answer OK: wallet_debit, wallet_credit and wallet_rollback take the same locks
 * in the same order (the transaction id aside) and write the same rows, the raw callback included,
 * in one statement and one commit. Anything else (a repeated transaction id, every refusal, a closed
 * provider, a referred player's settling credit, a house account not created yet, a deadlock)
 * raises SWW01 having changed nothing, and the general path answers the call. The transaction id
 * is written last, with its answer: a repeat that finds it taken is undone whole, after the work,
 * so only repeats pay for checking it late.
 */
export const WALLET_FALLBACK = "SWW01";

/** The database's codes after which the general path simply runs the call. */
const GENERAL_PATH_AFTER = new Set([WALLET_FALLBACK, "40001", "40P01", "23505", "55P03"]);

interface OneCallWalletState {
  enabled: boolean;
  counts: { oneCall: number; general: number };
  /** How many parts the wallet calls' batch lane has (1: they use the bets' lane). */
  lanes: number;
  /** Players' ids by user code, for the part; oldest dropped first beyond PLAYER_IDS_KEPT. */
  playerIds: Map<string, number>;
}
const states = new WeakMap<AppContext, OneCallWalletState>();

/** The most players whose id a server keeps for the lanes (a few MB at most). */
const PLAYER_IDS_KEPT = 50_000;

function stateOf(ctx: AppContext): OneCallWalletState {
  let state = states.get(ctx);
  if (!state) {
    state = {
      enabled: true,
      counts: { oneCall: 0, general: 0 },
      lanes: walletLanes(ctx.config.moneyBatch?.walletLanes ?? 1),
      playerIds: new Map(),
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
  let id = state.playerIds.get(userCode);
  if (id === undefined) {
    const row = rowsOf<{ id: number | string }>(await ctx.db.execute(sql`select id from users where user_code = ${userCode} limit 1`))[0];
    if (!row) return undefined;
    id = Number(row.id);
    if (state.playerIds.size >= PLAYER_IDS_KEPT) {
      const oldest = state.playerIds.keys().next().value;
      if (oldest !== undefined) state.playerIds.delete(oldest);
    }
    state.playerIds.set(userCode, id);
  }
  return { lane: WALLET_LANE, part: id % state.lanes };
}

/** The batch lane of wallet calls when they have parts. */
export const WALLET_LANE = "wallet";

/** Whether this app's wallet calls try one call first (the default); off, the general path alone (tests compare both). */
export function setOneCallWallet(ctx: AppContext, enabled: boolean): void {
  stateOf(ctx).enabled = enabled;
}

/** How many money-moving wallet calls took one call and how many the general path, since this app started. */
export function walletPathCounts(ctx: AppContext): { oneCall: number; general: number } {
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

/**
 * Answers the call in one statement, or undefined (nothing changed) when the general path must
 * answer it. The balance change is announced once the statement has committed.
 */
export async function walletInOneCall(ctx: AppContext, call: OneCallWallet): Promise<WalletAnswer | undefined> {
  const state = stateOf(ctx);
  if (!state.enabled) return undefined;
  const { body, provider } = call;
  const txId = body.transaction_id;
  if (txId === undefined) return undefined;
  const cb = call.callback;
  const callback = [cb.provider, cb.action, cb.headers, cb.rawBody, cb.ip];
  const kinds = PLAYER_ACCOUNT_KINDS.length;
  const round = body.round_id ?? null;
  const game = body.game_code ?? null;
  const amount = body.amount ?? null;
  const fn = `wallet_${call.action}` as const;
  let args: unknown[];
  if (call.action === "debit") {
    args = [provider, body.player, txId, round, game, amount, call.requestHash, CASINO_HOUSE_SHARDS, kinds, ...callback];
  } else if (call.action === "credit") {
    const kyatPerPoint = POINTS_SETTING.defaultValue.kyat_per_point;
    const kind = body.kind ?? "win";
    args = [
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
    ];
  } else {
    args = [provider, body.player, txId, body.reference_transaction_id ?? null, round, game, amount, call.requestHash, kinds, ...callback];
  }
  try {
    const row = ctx.moneyBatcher
      ? await ctx.moneyBatcher.run({ fn, args, ...(await walletLaneOf(ctx, body.player)) })
      : rowsOf<Record<string, unknown>>(
          await ctx.db.execute(
            sql`select * from ${sql.raw(fn)}(${sql.join(
              args.map(
                (v, i) => sql`${typeof v === "object" && v !== null ? JSON.stringify(v) : v}::${sql.raw(ARG_TYPES[fn][i] ?? "text")}`,
              ),
              sql`, `,
            )})`,
          ),
        )[0];
    if (!row) throw new Error(`${fn} answered nothing`);
    ctx.balanceAnnouncer.announce([Number(row.out_user)]);
    state.counts.oneCall++;
    return answerOf("OK", Number(row.out_balance), txId);
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === undefined || !GENERAL_PATH_AFTER.has(code)) throw err;
    return undefined;
  }
}

/** The declared argument types of the functions (migration 0021), for a call made without the batcher. */
const CALLBACK_TYPES = ["text", "text", "jsonb", "text", "text"];
const ARG_TYPES: Record<"wallet_debit" | "wallet_credit" | "wallet_rollback", string[]> = {
  wallet_debit: ["text", "text", "text", "text", "text", "bigint", "text", "int", "int", ...CALLBACK_TYPES],
  wallet_credit: ["text", "text", "text", "text", "text", "bigint", "text", "text", "int", "int", "bigint", "int", ...CALLBACK_TYPES],
  wallet_rollback: ["text", "text", "text", "text", "text", "text", "bigint", "text", "int", ...CALLBACK_TYPES],
};
