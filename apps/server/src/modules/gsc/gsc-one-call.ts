import type { AppContext } from "../../app-context.ts";
import { DEFAULT_SPLIT_AT } from "../../db/money-batch.ts";
import { pgErrorCode } from "../ledger/ledger.service.ts";
import { PLAYER_ACCOUNT_KINDS } from "../ledger/player-accounts.repository.ts";
import { CASINO_HOUSE_SHARDS, retryWhenBusy, walletLaneOf } from "../providers/providers.service.ts";
import { CASINO_POINT_SHARDS, kyatPerPointOf } from "../rewards/points.service.ts";
import { type GscTx, gscProviderCode, requestHashOfTx } from "./gsc-element.ts";
import { callGscElement } from "./gsc-one-call.repository.ts";

/**
 * A GSC+ batch element in one database call (migration 0035, decision 0020): one BET, SETTLED or WIN of
 * a member at an open product goes to `gsc_element` through the money batcher's wallet lane (the
 * player's part, as the provider wallet's calls: decisions 0010, 0012, 0014), so it shares one
 * statement and one commit with the calls that arrive with it. The function takes the general path's
 * locks in its order (users row, gsc_wallets, the player's accounts, the wager, the round, the house
 * shards), writes the same rows and writes the transaction id last. It also answers the common
 * refusals the general path would give (migration 0041, decision 0021): a repeated transaction id
 * (1003), a BET above the balance (1001), a SETTLED or WIN without a bet (1006), with the same balance
 * and raw callback and nothing else written. Everything else (every other refusal, a debt, a referred
 * player's settlement, other actions, elements of several transactions, a lock not free within 2 ms in
 * a batch) comes back as undefined having changed nothing, and the general path (gsc-element.ts)
 * answers the element, as the provider wallet's one call hands its cases back.
 */
export const GSC_FALLBACK = "SWG01";

/** lock_not_available: a lock not free within the batch's lock_timeout (2 ms). */
const LOCK_NOT_FREE = "55P03";

/** The database's codes after which the general path simply runs the element. */
const GENERAL_PATH_AFTER = new Set([GSC_FALLBACK, "40001", "40P01", "23505", LOCK_NOT_FREE]);

/**
 * From how many elements waiting a part of the wallet lane goes in a batch of its own while the other
 * part's batch is in the database: the lane's own 8 (decision 0027). At 2 the two parts' batches
 * overlap at 16 connections, but each call then cost the server about 40 % and PostgreSQL about 50 %
 * more CPU in the probe (bench/README.md "GSC+ batches side by side"); MONEY_BATCH_GSC_SPLIT_AT sets
 * another figure for a run on a quiet machine.
 */
export const GSC_SPLIT_AT = DEFAULT_SPLIT_AT;

/** The actions the one call applies (on a single-transaction element). */
export const ONE_CALL_ACTIONS: ReadonlySet<string> = new Set(["BET", "SETTLED", "WIN"]);

interface OneCallState {
  enabled: boolean;
  counts: { oneCall: number; general: number };
}
const states = new WeakMap<AppContext, OneCallState>();

function stateOf(ctx: AppContext): OneCallState {
  let state = states.get(ctx);
  if (!state) {
    state = { enabled: true, counts: { oneCall: 0, general: 0 } };
    states.set(ctx, state);
  }
  return state;
}

/** Whether this app's GSC+ elements try the one call first (the default); off, the general path alone (tests compare both). */
export function setGscOneCall(ctx: AppContext, enabled: boolean): void {
  stateOf(ctx).enabled = enabled;
}

/** How many withdraw / deposit elements took the one call and how many the general path, since this app started. */
export function gscPathCounts(ctx: AppContext): { oneCall: number; general: number } {
  return { ...stateOf(ctx).counts };
}

/** Counts an element that the general path answers. */
export function countGeneralGscElement(ctx: AppContext): void {
  stateOf(ctx).counts.general++;
}

/** The webhook's raw callback, kept by the function with its answer when the element is the whole webhook. */
export interface OneCallCallback {
  action: string;
  headers: Record<string, string | null>;
  rawBody: string;
  ip: string | null;
  /** The element's member_account and product_code as received (the answer echoes them). */
  member: string;
  product: number;
  ratio: number;
  /** Decimals of the answer's balances (formatGscBalance's cut). */
  decimals: number;
}

export interface OneCallElement {
  userCode: string;
  productCode: number;
  currency: string;
  tx: GscTx;
  /** Whether the action may take the balance below 0 (GSC_OVERDRAW_ACTIONS): the general path answers a short one. */
  mayOverdraw: boolean;
  callback: OneCallCallback | undefined;
}

export interface OneCallResult {
  /** The element's code: 0 (applied), or the refusal the general path would answer (1001, 1003, 1006). */
  code: number;
  beforeE4: bigint;
  afterE4: bigint;
  /** A repeat (1003) whose id came first with another body or from another member (§6.2 rule 4). */
  otherBody: boolean;
  userId: number;
}

/** The codes gsc_element answers itself; anything else it raises for the general path. */
const ONE_CALL_CODES: ReadonlySet<number> = new Set([0, 1001, 1003, 1006]);

/** Whether an element may try the one call: one transaction of an action it applies. */
export function oneCallFits(txs: readonly GscTx[]): boolean {
  return txs.length === 1 && ONE_CALL_ACTIONS.has((txs[0] as GscTx).action);
}

/**
 * Applies the element in one statement, or answers undefined (nothing changed) when the general path
 * must answer it. The balance change is announced once the statement has committed.
 */
export async function gscElementInOneCall(ctx: AppContext, e: OneCallElement): Promise<OneCallResult | undefined> {
  const state = stateOf(ctx);
  if (!state.enabled) return undefined;
  const t = e.tx;
  const provider = gscProviderCode(e.productCode);
  const tx = {
    id: t.id,
    action: t.action,
    amount_e4: t.amountE4.toString(),
    wager_code: t.wagerCode,
    round_id: t.roundId,
    game_code: t.gameCode,
    wager_status: t.wagerStatus,
    hash: requestHashOfTx(t.raw),
    raw: t.raw,
    overdraw: e.mayOverdraw,
  };
  const cb = e.callback;
  const callback = cb
    ? {
        provider: "GSC",
        action: cb.action,
        headers: cb.headers,
        raw: cb.rawBody,
        ip: cb.ip,
        member: cb.member,
        product: cb.product,
        ratio: cb.ratio,
        decimals: cb.decimals,
      }
    : null;
  const args = [
    e.userCode,
    e.productCode,
    provider,
    e.currency,
    tx,
    CASINO_HOUSE_SHARDS,
    CASINO_POINT_SHARDS,
    // The default rate: the function reads the stored one as kyatPerPointOf does.
    kyatPerPointOf(undefined),
    PLAYER_ACCOUNT_KINDS.length,
    callback,
    // The server's instant: a BET's break is judged by it, as lockWalletUser judges it (decision 0025).
    ctx.clock.now().toISOString(),
  ];
  const splitAt = ctx.config.moneyBatch?.gscSplitAt ?? GSC_SPLIT_AT;
  const send = () =>
    retryWhenBusy(async () =>
      ctx.moneyBatcher
        ? ctx.moneyBatcher.run({ fn: "gsc_element", args, splitAt, ...(await walletLaneOf(ctx, e.userCode)) })
        : callGscElement(ctx.db, args),
    );
  try {
    let row: Record<string, unknown> | undefined;
    try {
      row = await send();
    } catch (err) {
      // A lock held past the batch's 2 ms is most often another batch's, gone by the next batch: the
      // element (undone whole) goes once more in one call before the general path, whose many round
      // trips would hold the player's house shard long enough to time out the elements behind it.
      if (!ctx.moneyBatcher || pgErrorCode(err) !== LOCK_NOT_FREE) throw err;
      row = await send();
    }
    if (!row) throw new Error("gsc_element answered nothing");
    const code = Number(row.out_code);
    if (!ONE_CALL_CODES.has(code)) throw new Error(`gsc_element answered code ${String(row.out_code)}`);
    const userId = Number(row.out_user);
    if (code === 0) ctx.balanceAnnouncer.announce([userId]);
    state.counts.oneCall++;
    return {
      code,
      beforeE4: BigInt(String(row.out_before)),
      afterE4: BigInt(String(row.out_after)),
      otherBody: row.out_other_body === true,
      userId,
    };
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === undefined || !GENERAL_PATH_AFTER.has(code)) throw err;
    return undefined;
  }
}
