import { isValidAmount } from "../money.ts";
import { allNumbers, type BetLine, isValidNumber, LotteryRuleError, type LotteryType, lotteryGame } from "./games.ts";

/**
 * Stake and exposure rules of one slip (domain-rules §3). The server applies them inside the bet
 * transaction with the stakes already placed on the draw; the board uses the same rules to warn
 * before sending. A slip that breaks any rule is refused whole.
 */

/** Defaults of the per-game settings operators can change. */
export const DEFAULT_SLIP_LIMITS = {
  /** Smallest stake of one line. */
  minStake: 100,
  /** Largest stake of one line (per number per slip). */
  maxStake: 100_000,
  /** Most lines one slip may carry. */
  maxLines: 100,
  /** Total stake of all players on one number of a draw. */
  numberCap: 1_000_000,
  /** The lower total cap of a number an operator marked hot. */
  hotCap: 200_000,
} as const;

export interface SlipRules {
  readonly type: LotteryType;
  readonly minStake?: number;
  readonly maxStake?: number;
  readonly maxLines?: number;
  readonly numberCap?: number;
  /** Cap of hot numbers; a hot number never gets more than numberCap either. */
  readonly hotCap?: number;
  /** Numbers that take no bets on this draw. */
  readonly blocked?: ReadonlySet<string>;
  /** Numbers marked hot on this draw. */
  readonly hot?: ReadonlySet<string>;
  /** Stakes already placed on each number of the draw, all players together (missing = 0). */
  readonly staked?: ReadonlyMap<string, number>;
}

/** Line refusal reasons, exactly as the API names them (422 LINES_REJECTED, details.rejected). */
export type RejectReason = "BLOCKED" | "OVER_LIMIT" | "BELOW_MIN" | "ABOVE_MAX" | "INVALID_NUMBER";

export interface RejectedLine {
  readonly number: string;
  readonly reason: RejectReason;
  /** What the number can still take on this draw (0 when blocked or full); absent for INVALID_NUMBER. */
  readonly remaining?: number;
}

/** Problems of the slip as a whole (answered as 400 VALIDATION_FAILED), checked before any line. */
export type SlipProblemCode = "EMPTY_SLIP" | "TOO_MANY_LINES" | "INVALID_AMOUNT" | "DUPLICATE_NUMBER";

export type SlipCheck =
  | { readonly ok: true; readonly total: number }
  | { readonly ok: false; readonly code: "LINES_REJECTED"; readonly message: string; readonly rejected: readonly RejectedLine[] }
  | { readonly ok: false; readonly code: SlipProblemCode; readonly message: string; readonly numbers: readonly string[] };

/** The settings of a slip check with every default filled in. */
export interface ResolvedLimits {
  readonly minStake: number;
  readonly maxStake: number;
  readonly maxLines: number;
  readonly numberCap: number;
  readonly hotCap: number;
}

function checkSetting(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new LotteryRuleError("INVALID_AMOUNT", `The ${name} setting ${value} is not a whole amount`);
  return value;
}

export function resolveLimits(rules: SlipRules): ResolvedLimits {
  const limits = {
    minStake: checkSetting("minimum stake", rules.minStake ?? DEFAULT_SLIP_LIMITS.minStake),
    maxStake: checkSetting("maximum stake", rules.maxStake ?? DEFAULT_SLIP_LIMITS.maxStake),
    maxLines: checkSetting("lines per slip", rules.maxLines ?? DEFAULT_SLIP_LIMITS.maxLines),
    numberCap: checkSetting("number cap", rules.numberCap ?? DEFAULT_SLIP_LIMITS.numberCap),
    hotCap: checkSetting("hot number cap", rules.hotCap ?? DEFAULT_SLIP_LIMITS.hotCap),
  };
  return { ...limits, hotCap: Math.min(limits.hotCap, limits.numberCap) };
}

export interface NumberStatus {
  readonly number: string;
  /** What the number can still take on this draw: 0 when blocked, else its cap minus what is staked (never below 0). */
  readonly remaining: number;
  readonly hot: boolean;
  readonly blocked: boolean;
}

/** The state of one valid number of the draw (a cell of the betting board). */
export function numberStatus(number: string, rules: SlipRules): NumberStatus {
  const limits = resolveLimits(rules);
  const blocked = rules.blocked?.has(number) ?? false;
  const hot = rules.hot?.has(number) ?? false;
  const cap = hot ? limits.hotCap : limits.numberCap;
  const staked = rules.staked?.get(number) ?? 0;
  return { number, remaining: blocked ? 0 : Math.max(0, cap - staked), hot, blocked };
}

/** Every number of the game with its state, ascending: the betting board of a draw. */
export function numberBoard(rules: SlipRules): NumberStatus[] {
  return allNumbers(rules.type).map((n) => numberStatus(n, rules));
}

/**
 * Why one line is refused, or null when it passes. One reason per line, the first that applies in
 * this order: INVALID_NUMBER, BLOCKED, BELOW_MIN, ABOVE_MAX, OVER_LIMIT (stake above what the number
 * can still take).
 */
export function lineRejection(line: BetLine, rules: SlipRules): RejectedLine | null {
  if (!isValidNumber(rules.type, line.number)) return { number: String(line.number), reason: "INVALID_NUMBER" };
  const limits = resolveLimits(rules);
  const { remaining, blocked } = numberStatus(line.number, rules);
  const refuse = (reason: RejectReason): RejectedLine => ({ number: line.number, reason, remaining });
  if (blocked) return refuse("BLOCKED");
  if (line.amount < limits.minStake) return refuse("BELOW_MIN");
  if (line.amount > limits.maxStake) return refuse("ABOVE_MAX");
  if (line.amount > remaining) return refuse("OVER_LIMIT");
  return null;
}

/**
 * Checks one slip against the game's rules: the slip is accepted with its total when every line
 * passes; otherwise refused whole, with a slip problem (empty, more than maxLines lines, an amount
 * that is not a whole positive kyat amount, a number twice) or with every refused line.
 */
export function checkSlip(lines: readonly BetLine[], rules: SlipRules): SlipCheck {
  lotteryGame(rules.type);
  const limits = resolveLimits(rules);
  if (lines.length === 0) return { ok: false, code: "EMPTY_SLIP", message: "The slip has no lines.", numbers: [] };
  if (lines.length > limits.maxLines) {
    return { ok: false, code: "TOO_MANY_LINES", message: `A slip can carry at most ${limits.maxLines} lines.`, numbers: [] };
  }
  const badAmounts = lines.filter((l) => !isValidAmount(l.amount)).map((l) => String(l.number));
  if (badAmounts.length > 0) {
    return { ok: false, code: "INVALID_AMOUNT", message: "Every stake must be a whole, positive kyat amount.", numbers: badAmounts };
  }
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const line of lines) (seen.has(line.number) ? repeated : seen).add(line.number);
  if (repeated.size > 0) {
    return { ok: false, code: "DUPLICATE_NUMBER", message: "Each number may appear only once in a slip.", numbers: [...repeated] };
  }
  const rejected = lines.map((line) => lineRejection(line, rules)).filter((r): r is RejectedLine => r !== null);
  if (rejected.length > 0) {
    return { ok: false, code: "LINES_REJECTED", message: "Some numbers cannot take this bet.", rejected };
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (!isValidAmount(total)) return { ok: false, code: "INVALID_AMOUNT", message: "The slip total is too large.", numbers: [] };
  return { ok: true, total };
}

/** What a winning line pays: stake × odds, both whole and positive, refused if not a safe integer. */
export function payout(stake: number, odds: number): number {
  if (!Number.isSafeInteger(stake) || stake < 1) throw new LotteryRuleError("INVALID_AMOUNT", `${stake} is not a whole, positive stake`);
  if (!Number.isSafeInteger(odds) || odds < 1) throw new LotteryRuleError("INVALID_AMOUNT", `${odds} is not whole, positive odds`);
  const result = stake * odds;
  if (!Number.isSafeInteger(result)) throw new LotteryRuleError("INVALID_AMOUNT", `${stake} × ${odds} is too large to pay exactly`);
  return result;
}
