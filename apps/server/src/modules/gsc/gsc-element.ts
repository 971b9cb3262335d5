import type { Db, Tx } from "../../db/client.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { balanceAfter, balancesOf, inSavepoint, lockPlayers, postJournal, withMoneyTx } from "../ledger/ledger.service.ts";
import { canonicalJson } from "../ledger/money-call.ts";
import {
  casinoAccountOf,
  ensureAndLockRound,
  type LockedWalletUser,
  lockRoundById,
  lockWalletUser,
  type RoundPatch,
  settleRound,
  updateRound,
} from "../providers/providers.service.ts";
import { KYAT } from "./gsc-amount.ts";
import { applyMovement, type ExactState, exactBalance } from "./gsc-exact.ts";
import {
  claimGscTransaction,
  ensureAndLockWager,
  findGscTransaction,
  finishGscTransaction,
  lockGscWallet,
  lockWager,
  markCancelBeforeBet,
  readExactParts,
  saveGscWallet,
  updateWager,
  type WagerRow,
} from "./gsc-wallet.repository.ts";

/**
 * One batch element of /withdraw or /deposit (gsc-plus.md §6.2): every transaction of one member at
 * one product, all or nothing, in one money transaction. Lock order:
 *   the users row → the wagers its CANCELs name → the element's transaction ids (claimed in
 *   gsc_transactions, INSERT … ON CONFLICT DO NOTHING: a repeat in flight waits for the first) →
 *   gsc_wallets → the ledger accounts → each wager (gsc_wagers) → its round (provider_rounds) → the
 *   house account.
 * Every GSC+ movement of a player holds the users row first, so the wagers and rounds of one player are
 * only ever taken under it. Already applied ids are skipped; when nothing is new the element answers
 * 1003 with the current balance. A refusal rolls the whole element back (its ids stay free for a
 * retry), but a CANCEL of a wager without a bet stays recorded, so a late bet on it is refused.
 */

/** The contract's codes (gsc-plus.md §4.1). */
export const GSC = {
  OK: 0,
  ERROR: 999,
  NO_MEMBER: 1000,
  INSUFFICIENT: 1001,
  OPERATOR: 1002,
  DUPLICATE: 1003,
  SIGN: 1004,
  NO_BET: 1006,
  MAINTENANCE: 2000,
} as const;

/** Debits: refused by maintenance and for blocked or self-excluded players, 1001 when short. */
export const DEBIT_ACTIONS = new Set(["BET", "TIP", "BET_PRESERVE", "ADJUST_DEBIT", "WITHDRAW", "FEE"]);
/** Credits on a wager that has a bet (1006 otherwise). */
const WAGER_CREDITS = new Set(["SETTLED", "WIN", "CANCEL", "PRESERVE_REFUND"]);
/** Credits without a bet in their round: applied only when the product accepts free-round credits. */
const FREE_CREDITS = new Set(["JACKPOT", "BONUS", "PROMO", "LEADERBOARD", "FREEBET", "ADJUST_CREDIT"]);
/** Signed amounts (+ credit, − debit). */
const SIGNED = new Set(["ROLLBACK", "RESETTLED", "ADJUSTMENT"]);

export function isKnownAction(action: string): boolean {
  return DEBIT_ACTIONS.has(action) || WAGER_CREDITS.has(action) || FREE_CREDITS.has(action) || SIGNED.has(action);
}

/** A transaction of the element, already parsed (amount in ten-thousandths of an API unit). */
export interface GscTx {
  id: string;
  action: string;
  /** Ten-thousandths of a kyat (already scaled by the currency ratio), signed as sent. */
  amountE4: bigint;
  wagerCode: string | null;
  roundId: string | null;
  gameCode: string | null;
  wagerStatus: string | null;
  raw: unknown;
}

export interface ElementInput {
  userId: number;
  productCode: number;
  currency: string;
  freeRoundCredits: boolean;
  kyatPerPoint: number | undefined;
  overdrawActions: readonly string[];
  txs: readonly GscTx[];
  /** The server's instant (ctx.clock): a debit's break is judged by it (decision 0025). */
  now: Date;
  /** Where a repeat of an id with a different body is reported (§6.2 rule 4). */
  alert?: (msg: string, detail: Record<string, unknown>) => void;
}

export interface ElementResult {
  code: number;
  message: string;
  beforeE4: bigint;
  afterE4: bigint;
  /** Players whose ledger balances changed (for logs; the ledger notifies them at commit). */
  moved: boolean;
}

export class GscRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "GscRefusal";
  }
}

export const gscProviderCode = (productCode: number) => `GSC${productCode}`;

export function requestHashOfTx(raw: unknown): string {
  return sha256Hex(canonicalJson(raw));
}

export async function runElement(db: Db, input: ElementInput): Promise<ElementResult> {
  return withMoneyTx(db, async (tx) => {
    const user = await lockWalletUser(tx, input.userId, input.now);
    if (!user) throw new Error(`user ${input.userId} vanished`);
    // A CANCEL takes its wager row before anything else: one that has no bet yet is marked (and stays
    // marked whatever the element's answer), so a bet still in flight on it waits and is then refused.
    for (const t of input.txs) {
      const wagerCode = t.wagerCode ?? t.roundId;
      if (t.action === "CANCEL" && wagerCode !== null) {
        await markCancelBeforeBet(tx, { productCode: input.productCode, wagerCode, userId: input.userId, currency: input.currency });
      }
    }
    try {
      return await inSavepoint(tx, (t) => applyElement(t, input, user));
    } catch (err) {
      if (!(err instanceof GscRefusal)) throw err;
      const now = exactBalance(await readExactParts(tx, input.userId));
      return { code: err.code, message: err.message, beforeE4: now, afterE4: now, moved: false };
    }
  });
}

interface Run {
  tx: Tx;
  input: ElementInput;
  user: LockedWalletUser;
  state: ExactState;
  locked: Awaited<ReturnType<typeof lockPlayers>>;
  moved: boolean;
}

async function applyElement(tx: Tx, input: ElementInput, user: LockedWalletUser): Promise<ElementResult> {
  const claims: (number | undefined)[] = [];
  for (const t of input.txs) {
    const hash = requestHashOfTx(t.raw);
    const claimed = await claimGscTransaction(tx, {
      transactionId: t.id,
      userId: input.userId,
      productCode: input.productCode,
      action: t.action,
      wagerCode: t.wagerCode,
      roundId: t.roundId,
      gameCode: t.gameCode,
      currency: input.currency,
      requestHash: hash,
      request: t.raw,
    });
    if (claimed === undefined) {
      const first = await findGscTransaction(tx, t.id);
      if (first && (first.requestHash !== hash || first.userId !== input.userId)) {
        input.alert?.("GSC+ transaction id repeated with a different body", { transaction_id: t.id, user_id: input.userId });
      }
    }
    claims.push(claimed);
  }

  const wallet = await lockGscWallet(tx, input.userId);
  const locked = await lockPlayers(tx, [input.userId]);
  const kyat = BigInt(balancesOf(locked, input.userId).game);
  const run: Run = { tx, input, user, locked, state: { kyat, remainder: wallet.remainder, debt: wallet.debt }, moved: false };
  const beforeE4 = exactBalance(run.state);

  if (claims.every((c) => c === undefined)) {
    return { code: GSC.DUPLICATE, message: "duplicate transaction", beforeE4, afterE4: beforeE4, moved: false };
  }
  input.txs.forEach((t, i) => {
    if (claims[i] !== undefined && !isKnownAction(t.action)) throw new GscRefusal(GSC.ERROR, `unknown action ${t.action}`);
  });
  for (const [i, t] of input.txs.entries()) {
    const claim = claims[i];
    if (claim !== undefined) await applyOne(run, t, claim);
  }
  if (run.state.remainder !== wallet.remainder || run.state.debt !== wallet.debt) await saveGscWallet(tx, input.userId, run.state);
  return { code: GSC.OK, message: "", beforeE4, afterE4: exactBalance(run.state), moved: run.moved };
}

const abs = (v: bigint) => (v < 0n ? -v : v);
const wholeKyat = (e4: bigint) => Number((e4 < 0n ? 0n : e4) / KYAT);

function journalKindOf(action: string): string {
  if (DEBIT_ACTIONS.has(action)) return "casino_bet";
  if (action === "CANCEL" || action === "PRESERVE_REFUND") return "casino_bet_rollback";
  if (action === "SETTLED" || action === "WIN") return "casino_win";
  if (action === "JACKPOT") return "casino_jackpot";
  if (FREE_CREDITS.has(action)) return "casino_bonus";
  return "casino_adjustment";
}

async function applyOne(run: Run, t: GscTx, claimId: number): Promise<void> {
  const { tx, input, user } = run;
  const provider = gscProviderCode(input.productCode);
  const action = t.action;
  const wagerCode = t.wagerCode ?? t.roundId ?? null;
  let delta: bigint;
  let wager: WagerRow | undefined;
  let roundRef: number | null = null;
  let wagerPatch: Parameters<typeof updateWager>[2] | undefined;
  let roundPatch: RoundPatch | undefined;
  let settle: { bet: bigint; payout: bigint } | undefined;

  const openRound = async (w: WagerRow, gameCode: string | null) => {
    if (w.roundRef !== null) {
      const r = await lockRoundById(tx, w.roundRef);
      if (!r) throw new Error(`round ${w.roundRef} vanished`);
      return r;
    }
    const r = await ensureAndLockRound(tx, { provider, userId: input.userId, roundId: wagerCode ?? `tx:${t.id}` }, gameCode);
    if (!r) throw new Error(`round ${provider}/${wagerCode} vanished`);
    return r;
  };

  if (DEBIT_ACTIONS.has(action)) {
    delta = -abs(t.amountE4);
    if (wagerCode === null) throw new GscRefusal(GSC.ERROR, "wager_code missing");
    if (user.blocked || user.excluded) throw new GscRefusal(GSC.ERROR, "member is blocked");
    wager = await ensureAndLockWager(tx, { productCode: input.productCode, wagerCode, userId: input.userId, currency: input.currency });
    if (wager.userId !== input.userId) throw new GscRefusal(GSC.ERROR, "wager belongs to another member");
    if (wager.cancelledBeforeBet) throw new GscRefusal(GSC.ERROR, "wager was cancelled");
    const round = await openRound(wager, t.gameCode);
    if (round.status === "settled") throw new GscRefusal(GSC.ERROR, "wager already settled");
    roundRef = round.id;
    const bet = wager.betE4 + abs(t.amountE4);
    wagerPatch = { roundRef, betE4: bet, hasBet: true, wagerStatus: t.wagerStatus };
    roundPatch = { bet: wholeKyat(bet), status: "open", beforeBalance: round.beforeBalance ?? Number(run.state.kyat) };
  } else {
    if (WAGER_CREDITS.has(action)) delta = abs(t.amountE4);
    else if (FREE_CREDITS.has(action)) delta = abs(t.amountE4);
    else delta = t.amountE4;
    const found = wagerCode === null ? undefined : await lockWager(tx, input.productCode, wagerCode);
    const mine = found && found.userId === input.userId ? found : undefined;
    const withBet = mine?.hasBet ? mine : undefined;
    if (WAGER_CREDITS.has(action) || action === "ROLLBACK" || action === "RESETTLED") {
      if (!withBet) {
        throw new GscRefusal(GSC.NO_BET, "bet does not exist");
      }
      wager = withBet;
    } else if (withBet) {
      wager = withBet;
    } else if (action === "ADJUSTMENT" && delta <= 0n) {
      wager = undefined; // a correction without a wager: ledger only
    } else if (input.freeRoundCredits && (found === undefined || mine !== undefined)) {
      const code = wagerCode ?? `tx:${t.id}`;
      wager = await ensureAndLockWager(tx, {
        productCode: input.productCode,
        wagerCode: code,
        userId: input.userId,
        currency: input.currency,
      });
    } else {
      throw new GscRefusal(GSC.NO_BET, "bet does not exist");
    }

    if (wager) {
      const round = await openRound(wager, t.gameCode);
      roundRef = round.id;
      // Every stake of the wager was cancelled: nothing is left to pay on.
      if (round.status === "rolled_back" && delta > 0n) throw new GscRefusal(GSC.NO_BET, "bet does not exist");
      if (action === "CANCEL" || action === "PRESERVE_REFUND") {
        if (action === "CANCEL" && round.status === "settled") throw new GscRefusal(GSC.ERROR, "wager already settled");
        if (delta > wager.betE4) throw new GscRefusal(GSC.ERROR, "refund above the stake");
        const bet = wager.betE4 - delta;
        wagerPatch = { roundRef, betE4: bet, wagerStatus: t.wagerStatus };
        roundPatch = {
          bet: wholeKyat(bet),
          status: round.status === "open" && bet === 0n && wager.payoutE4 === 0n ? "rolled_back" : round.status,
        };
      } else {
        const payout = wager.payoutE4 + delta;
        wagerPatch = { roundRef, payoutE4: payout, wagerStatus: t.wagerStatus };
        roundPatch = { payout: wholeKyat(payout) };
        const settling =
          round.status !== "settled" && (action === "SETTLED" || action === "WIN" || action === "RESETTLED" || !wager.hasBet);
        if (settling) settle = { bet: wager.betE4, payout };
      }
    }
  }

  const beforeE4 = exactBalance(run.state);
  const move = applyMovement(run.state, delta, input.overdrawActions.includes(action));
  if (!move) throw new GscRefusal(GSC.INSUFFICIENT, "member balance insufficient");

  let journalId: number | null = null;
  if (move.kyatMoved !== 0n) {
    const amount = Number(move.kyatMoved);
    const journal = await postJournal(
      tx,
      {
        kind: journalKindOf(action),
        userId: input.userId,
        uniqueKey: `gsc:${t.id}`,
        refType: roundRef === null ? null : "provider_round",
        refId: roundRef,
        meta: {
          provider,
          transaction_id: t.id,
          action,
          wager_code: wagerCode,
          round_id: t.roundId,
          game_code: t.gameCode,
          currency: input.currency,
          amount_e4: delta.toString(),
        },
        entries: [
          { account: { userId: input.userId, kind: "game" }, amount },
          { account: { code: casinoAccountOf(provider, input.userId) }, amount: -amount },
        ],
      },
      { locked: run.locked },
    );
    const after = balanceAfter(journal, { userId: input.userId, kind: "game" });
    if (BigInt(after) !== move.state.kyat) throw new Error(`game balance ${after} disagrees with the exact balance ${move.state.kyat}`);
    journalId = journal.journalId;
    run.moved = true;
  }
  run.state = move.state;

  if (wager && wagerPatch) await updateWager(tx, wager.id, wagerPatch);
  if (roundRef !== null && roundPatch) {
    let patch: RoundPatch = { ...roundPatch, balanceAfter: Number(run.state.kyat) };
    if (settle) {
      patch = {
        ...patch,
        ...(await settleRound(tx, {
          roundRef,
          provider,
          user,
          bet: wholeKyat(settle.bet),
          payout: wholeKyat(settle.payout),
          kyatPerPoint: input.kyatPerPoint,
        })),
      };
    }
    await updateRound(tx, roundRef, patch);
  }
  await finishGscTransaction(tx, claimId, {
    amountE4: delta,
    kyatMoved: move.kyatMoved,
    journalId,
    roundRef,
    beforeE4,
    afterE4: exactBalance(run.state),
  });
}
