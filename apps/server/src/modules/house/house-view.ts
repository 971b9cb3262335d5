import type { HouseCrashResult, HouseLineWin, HouseRound, HouseSessionInfo, HouseSlotSymbol, HouseSpinResult } from "@shwe/contracts";
import {
  CRASH_BETS,
  CRASH_HOUSE_EDGE,
  CRASH_MAX_CASH_OUT,
  CRASH_MIN_CASH_OUT,
  hundredthsToMultiplier,
  SLOT_BETS,
  SLOT_PAYTABLE,
  SLOT_RTP,
} from "@shwe/domain";
import type { HouseRoundRow, HouseSessionRow } from "./house.repository.ts";
import { type HouseDeps, refusalError, walletUnavailable } from "./house-rounds.service.ts";
import { WalletUnreachableError } from "./house-wallet.client.ts";

/** What the house API answers: rounds and sessions as the game pages see them. */

interface SlotOutcomeJson {
  reels: HouseSlotSymbol[][];
  lines: HouseLineWin[];
}
interface CrashOutcomeJson {
  crash_point: number;
}

const slotOutcome = (round: HouseRoundRow) => round.outcome as SlotOutcomeJson;
const crashPointOf = (round: HouseRoundRow) => (round.outcome as CrashOutcomeJson).crash_point;

function balanceOf(round: HouseRoundRow): number {
  return round.balanceAfter ?? 0;
}

export function toSpinResult(round: HouseRoundRow, nextCommitment: string): HouseSpinResult {
  const { reels, lines } = slotOutcome(round);
  return {
    round_id: String(round.id),
    bet: round.bet,
    reels,
    lines,
    payout: round.payout,
    balance: balanceOf(round),
    commitment: round.commitment,
    seed: round.seed,
    next_commitment: nextCommitment,
  };
}

export function toCrashResult(round: HouseRoundRow, nextCommitment: string): HouseCrashResult {
  const cashOut = round.cashOut ?? 0;
  const crashPoint = crashPointOf(round);
  return {
    round_id: String(round.id),
    bet: round.bet,
    auto_cash_out: hundredthsToMultiplier(cashOut),
    crash_point: hundredthsToMultiplier(crashPoint),
    cashed_out_at: crashPoint >= cashOut ? hundredthsToMultiplier(cashOut) : null,
    payout: round.payout,
    balance: balanceOf(round),
    commitment: round.commitment,
    seed: round.seed,
    next_commitment: nextCommitment,
  };
}

/** A history row: the seed is shown only once the round is finished. */
export function toHistoryItem(round: HouseRoundRow): HouseRound {
  const finished = round.status === "settled" || round.status === "rolled_back";
  const slot = round.game === "house-slot" ? slotOutcome(round) : undefined;
  return {
    round_id: String(round.id),
    game: round.game,
    bet: round.bet,
    payout: round.status === "settled" ? round.payout : 0,
    status: round.status === "settled" || round.status === "rolled_back" ? round.status : "pending",
    created_at: round.createdAt.toISOString(),
    commitment: round.commitment,
    seed: finished ? round.seed : null,
    reels: finished && slot ? slot.reels : null,
    lines: finished && slot ? slot.lines : null,
    auto_cash_out: round.cashOut === null ? null : hundredthsToMultiplier(round.cashOut),
    crash_point: finished && round.game === "house-crash" ? hundredthsToMultiplier(crashPointOf(round)) : null,
  };
}

/** The game balance of a player, asked from the wallet like any provider would. */
export async function walletBalance(deps: HouseDeps, userCode: string): Promise<number> {
  try {
    const answer = await deps.wallet.balance(userCode);
    if (answer.status !== "OK" || answer.balance === undefined) throw refusalError(answer.status, answer.balance ?? null);
    return answer.balance;
  } catch (error) {
    if (error instanceof WalletUnreachableError) throw walletUnavailable();
    throw error;
  }
}

export async function sessionInfo(deps: HouseDeps, session: HouseSessionRow): Promise<HouseSessionInfo> {
  const base = {
    game: session.game,
    language: session.language,
    balance: await walletBalance(deps, session.userCode),
    commitment: session.nextCommitment,
  };
  if (session.game === "house-slot") {
    return { ...base, bets: [...SLOT_BETS], rtp: SLOT_RTP, paytable: { ...SLOT_PAYTABLE } };
  }
  return {
    ...base,
    bets: [...CRASH_BETS],
    rtp: 1 - CRASH_HOUSE_EDGE,
    min_cash_out: hundredthsToMultiplier(CRASH_MIN_CASH_OUT),
    max_cash_out: hundredthsToMultiplier(CRASH_MAX_CASH_OUT),
  };
}
