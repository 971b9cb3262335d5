/**
 * The five lottery games (domain-rules §3): how many digits a number has, its range and the
 * default odds (payout = stake × odds). Odds here are defaults; operators change them per game and
 * every placed line keeps the odds it was placed with.
 */

export const LOTTERY_TYPES = ["1D", "2D", "3D", "C1D", "C2D"] as const;
export type LotteryType = (typeof LOTTERY_TYPES)[number];

export type DigitCount = 1 | 2 | 3;

export interface LotteryGameInfo {
  readonly type: LotteryType;
  /** Default display name (operators may rename a game). */
  readonly name: string;
  /** Exact number of digits of every number of the game: "7" (1D), "07" (2D), "007" (3D). */
  readonly digits: DigitCount;
  /** How many numbers the game has: 10, 100 or 1000 (numbers are 0 … size − 1). */
  readonly size: 10 | 100 | 1000;
  readonly defaultOdds: number;
  /** Crypto games draw from the BTC/USDT price, every day. */
  readonly crypto: boolean;
}

export const LOTTERY_GAMES: Readonly<Record<LotteryType, LotteryGameInfo>> = {
  "1D": { type: "1D", name: "1D", digits: 1, size: 10, defaultOdds: 9, crypto: false },
  "2D": { type: "2D", name: "2D", digits: 2, size: 100, defaultOdds: 85, crypto: false },
  "3D": { type: "3D", name: "3D", digits: 3, size: 1000, defaultOdds: 600, crypto: false },
  C1D: { type: "C1D", name: "Crypto 1D", digits: 1, size: 10, defaultOdds: 9, crypto: true },
  C2D: { type: "C2D", name: "Crypto 2D", digits: 2, size: 100, defaultOdds: 85, crypto: true },
};

/** Codes of the errors the lottery rules throw for input they cannot use. */
export type LotteryRuleErrorCode =
  | "UNKNOWN_GAME"
  | "INVALID_NUMBER"
  | "INVALID_DIGIT"
  | "INVALID_AMOUNT"
  | "UNSUPPORTED_PICK"
  | "MALFORMED_VALUE";

/** Bad input to a lottery rule; `message` says what was wrong and is fit to show to an operator. */
export class LotteryRuleError extends Error {
  readonly code: LotteryRuleErrorCode;
  constructor(code: LotteryRuleErrorCode, message: string) {
    super(message);
    this.name = "LotteryRuleError";
    this.code = code;
  }
}

export function isLotteryType(value: unknown): value is LotteryType {
  return typeof value === "string" && (LOTTERY_TYPES as readonly string[]).includes(value);
}

/** The rules of one game; throws UNKNOWN_GAME for anything that is not one of the five types. */
export function lotteryGame(type: LotteryType): LotteryGameInfo {
  if (!isLotteryType(type)) throw new LotteryRuleError("UNKNOWN_GAME", `Unknown lottery game: ${String(type)}`);
  return LOTTERY_GAMES[type];
}

const NUMBER_PATTERNS: Record<DigitCount, RegExp> = { 1: /^[0-9]$/, 2: /^[0-9]{2}$/, 3: /^[0-9]{3}$/ };

/**
 * A number of the game exactly as it is written on a slip: the game's digit count in ASCII digits
 * only ("07" for 2D, "007" for 3D). "7" is not a 2D number; signs, spaces and other scripts'
 * digits are refused.
 */
export function isValidNumber(type: LotteryType, value: unknown): value is string {
  return typeof value === "string" && NUMBER_PATTERNS[lotteryGame(type).digits].test(value);
}

/** Writes 0 … size − 1 with the game's digits: formatNumber("2D", 7) → "07". */
export function formatNumber(type: LotteryType, value: number): string {
  const game = lotteryGame(type);
  if (!Number.isInteger(value) || value < 0 || value >= game.size) {
    throw new LotteryRuleError("INVALID_NUMBER", `${String(value)} is not a ${type} number (0 to ${game.size - 1})`);
  }
  return String(value).padStart(game.digits, "0");
}

/** The numeric value of a valid number ("07" → 7); throws INVALID_NUMBER otherwise. */
export function parseNumber(type: LotteryType, value: string): number {
  if (!isValidNumber(type, value)) throw new LotteryRuleError("INVALID_NUMBER", `${JSON.stringify(value)} is not a ${type} number`);
  return Number.parseInt(value, 10);
}

/** Every number of the game in ascending order ("00" … "99" for 2D). */
export function allNumbers(type: LotteryType): string[] {
  const game = lotteryGame(type);
  return Array.from({ length: game.size }, (_, i) => String(i).padStart(game.digits, "0"));
}

/** One explicit line of a slip: a number of the game and its stake in whole kyat. */
export interface BetLine {
  readonly number: string;
  readonly amount: number;
}
