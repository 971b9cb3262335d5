import { formatAmount } from "../format.ts";
import { isValidAmount, MAX_AMOUNT } from "../money.ts";
import type { Posting } from "./posting.ts";

/**
 * The money rules of domain-rules §4 (main ↔ game) and §5 (cash-in, cash-out), and the operator
 * adjustment rule of §9, as pure decisions. The server takes them under its row locks; the
 * in-memory wallet model runs the very same functions.
 */
export interface Refusal {
  ok: false;
  status: 400 | 403 | 404 | 409 | 422;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export type Decision<T> = { ok: true; value: T } | Refusal;

export const refusal = (status: Refusal["status"], code: string, message: string, details?: Record<string, unknown>): Refusal =>
  details ? { ok: false, status, code, message, details } : { ok: false, status, code, message };

export const MESSAGES = {
  invalidAmount: "Amount must be a whole number of kyat from 1 to 10,000,000,000.",
  noTransferIn: "Please at least transfer Main to Game once.",
  level2: "Your account need to be level 2.",
  pendingCashIn: "You already have a cash-in request waiting for review.",
  duplicateDeposit: "This wallet transaction was already approved in the last 7 days.",
  methodUnavailable: "This payment method is not available.",
  insufficientMain: "Insufficient main balance.",
  insufficientGame: "Insufficient game balance.",
} as const;

/** Game balance from which main → game is refused while turnover remains (domain-rules §4, default). */
export const DEFAULT_TURNOVER_GAME_LIMIT = 500;
/** Smallest cash-out (domain-rules §5, default). */
export const DEFAULT_CASHOUT_MIN = 1_000;
/** Adjustments of more than this size need a second operator (domain-rules §9, default). */
export const DEFAULT_ADJUST_THRESHOLD = 1_000_000;
/** The same (method, last six digits, amount) cannot be approved twice within this many days. */
export const DUPLICATE_DEPOSIT_DAYS = 7;

/** Refuses anything that is not a whole, positive kyat amount within the cap (0, negatives, fractions, strings, NaN, huge …). */
export function checkAmount(value: unknown): Refusal | null {
  return isValidAmount(value) ? null : refusal(400, "VALIDATION_FAILED", MESSAGES.invalidAmount, { field: "amount" });
}

export function turnoverInMessage(limit: number): string {
  return `Turnover is existed, and game balance is above ${formatAmount(limit)}.`;
}

export function turnoverOutMessage(turnover: number): string {
  return `Turnover is existed. Play ${formatAmount(turnover)} kyat more before moving game balance to main.`;
}

export interface TransferState {
  main: number;
  game: number;
  turnover: number;
  hasTransferredIn: boolean;
}

export type WalletAccount = "main" | "game";

/** Main → game: refused while turnover remains and the game balance is at or above the limit. */
export function decideTransferIn(
  state: TransferState,
  amount: unknown,
  gameLimit = DEFAULT_TURNOVER_GAME_LIMIT,
): Decision<Posting<WalletAccount>[]> {
  const bad = checkAmount(amount);
  if (bad) return bad;
  const a = amount as number;
  if (state.turnover > 0 && state.game >= gameLimit) {
    return refusal(422, "TURNOVER_EXISTS", turnoverInMessage(gameLimit), { turnover: state.turnover, game_balance: state.game });
  }
  if (state.main < a) return refusal(422, "INSUFFICIENT_FUNDS", MESSAGES.insufficientMain, { account: "main" });
  return {
    ok: true,
    value: [
      { account: "main", amount: -a },
      { account: "game", amount: a },
    ],
  };
}

/** Game → main: only after a first main → game transfer, and never while turnover remains. */
export function decideTransferOut(state: TransferState, amount: unknown): Decision<Posting<WalletAccount>[]> {
  const bad = checkAmount(amount);
  if (bad) return bad;
  const a = amount as number;
  if (!state.hasTransferredIn) return refusal(422, "NO_TRANSFER_IN", MESSAGES.noTransferIn);
  if (state.turnover > 0) return refusal(422, "TURNOVER_EXISTS", turnoverOutMessage(state.turnover), { turnover: state.turnover });
  if (state.game < a) return refusal(422, "INSUFFICIENT_FUNDS", MESSAGES.insufficientGame, { account: "game" });
  return {
    ok: true,
    value: [
      { account: "game", amount: -a },
      { account: "main", amount: a },
    ],
  };
}

export interface PromoTerms {
  /** Bonus percent of the cash-in amount (whole number). */
  percent: number;
  /** Turnover multiplier (whole number). */
  multiplier: number;
}

/** bonus = floor(amount × percent / 100), paid to the game balance. */
export function cashInBonus(amount: number, percent: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0 || !Number.isSafeInteger(percent) || percent < 0) {
    throw new RangeError("cash-in bonus needs a whole amount and a whole percent");
  }
  const product = amount * percent;
  if (!Number.isSafeInteger(product)) throw new RangeError("cash-in bonus out of range");
  return Math.floor(product / 100);
}

/** turnover += (amount + bonus) × multiplier. */
export function cashInTurnover(turnover: number, amount: number, bonus: number, multiplier: number): number {
  const added = (amount + bonus) * multiplier;
  const next = turnover + added;
  if (!Number.isSafeInteger(added) || added < 0 || !Number.isSafeInteger(next)) throw new RangeError("turnover out of range");
  return next;
}

/** The promo bonus of a cash-in: floor(amount × percent / 100), never above the code's cap (null: no cap). */
export function cappedCashInBonus(amount: number, percent: number, maxBonus: number | null): number {
  const bonus = cashInBonus(amount, percent);
  return maxBonus === null ? bonus : Math.min(bonus, maxBonus);
}

/** A promo code's terms as operators set them (console → Promo codes). */
export interface PromoCodeRules {
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerPlayer: number | null;
}

/** Where a code stands at `now`, given the uses counted against its total limit. */
export type PromoCodeState = "scheduled" | "running" | "used_up" | "ended";

export function promoCodeState(rules: PromoCodeRules, uses: number, now: Date): PromoCodeState {
  if (!rules.active || (rules.endsAt !== null && now.getTime() >= rules.endsAt.getTime())) return "ended";
  if (rules.startsAt !== null && now.getTime() < rules.startsAt.getTime()) return "scheduled";
  if (rules.maxUses !== null && uses >= rules.maxUses) return "used_up";
  return "running";
}

/**
 * Why a player may not use a code now, or undefined: it must be running and the player must have
 * uses left. `uses` and `playerUses` count the cash-ins that were paid the bonus (and, when a player
 * files a request, the requests still waiting).
 */
export function promoCodeRefusal(
  rules: PromoCodeRules,
  uses: number,
  playerUses: number,
  now: Date,
): "not_started" | "ended" | "used_up" | "player_limit" | undefined {
  const state = promoCodeState(rules, uses, now);
  if (state === "ended") return "ended";
  if (state === "scheduled") return "not_started";
  if (state === "used_up") return "used_up";
  if (rules.maxUsesPerPlayer !== null && playerUses >= rules.maxUsesPerPlayer) return "player_limit";
  return undefined;
}

/** A settled valid stake reduces turnover, never below zero. */
export function reduceTurnover(turnover: number, stake: number): number {
  return Math.max(0, turnover - Math.max(0, stake));
}

export interface MethodLimits {
  enabled: boolean;
  minAmount: number;
  maxAmount: number;
}

function checkLimits(amount: number, min: number, max: number): Refusal | null {
  if (amount < min) {
    return refusal(422, "AMOUNT_BELOW_MIN", `The minimum amount is ${formatAmount(min)} kyat.`, { min_amount: min, max_amount: max });
  }
  if (amount > max) {
    return refusal(422, "AMOUNT_ABOVE_MAX", `The maximum amount is ${formatAmount(max)} kyat.`, { min_amount: min, max_amount: max });
  }
  return null;
}

/** A cash-in request: a valid amount within the method's limits, and no other request waiting for review. */
export function decideCashInRequest(input: { method: MethodLimits | null; hasPending: boolean }, amount: unknown): Refusal | null {
  const bad = checkAmount(amount);
  if (bad) return bad;
  if (!input.method?.enabled) return refusal(422, "PAYMENT_METHOD_UNAVAILABLE", MESSAGES.methodUnavailable);
  const limits = checkLimits(amount as number, input.method.minAmount, input.method.maxAmount);
  if (limits) return limits;
  if (input.hasPending) return refusal(409, "DUPLICATE", MESSAGES.pendingCashIn);
  return null;
}

export interface CashOutInput {
  level: number;
  requiresLevel2: boolean;
  /** Smallest cash-out (setting). */
  minAmount: number;
  method: MethodLimits | null;
}

/** The checks of a cash-out before the password and the funds: level, method, minimum and maximum. */
export function decideCashOutRequest(input: CashOutInput, amount: unknown): Refusal | null {
  const bad = checkAmount(amount);
  if (bad) return bad;
  if (input.requiresLevel2 && input.level < 2) return refusal(403, "LEVEL_2_REQUIRED", MESSAGES.level2);
  if (!input.method?.enabled) return refusal(422, "PAYMENT_METHOD_UNAVAILABLE", MESSAGES.methodUnavailable);
  return checkLimits(amount as number, Math.max(input.minAmount, input.method.minAmount), input.method.maxAmount);
}

/** A signed, non-zero whole adjustment within ±MAX_AMOUNT. */
export function checkAdjustmentAmount(value: unknown): Refusal | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value !== 0 && Math.abs(value) <= MAX_AMOUNT) return null;
  return refusal(400, "VALIDATION_FAILED", "Adjustment must be a non-zero whole number of kyat within ±10,000,000,000.", {
    field: "amount",
  });
}

/** Above the threshold (absolute value) a second, different operator must confirm. */
export function needsSecondOperator(amount: number, threshold = DEFAULT_ADJUST_THRESHOLD): boolean {
  return Math.abs(amount) > threshold;
}
