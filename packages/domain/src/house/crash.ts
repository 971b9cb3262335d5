import { HouseRuleError, roundDigest } from "./round-words.ts";

/**
 * Rocket Crash (g_code house-crash): the player picks a bet and an automatic cash-out multiplier
 * (1.01× to 100.00×, two decimals); the rocket's multiplier rises from 1.00× until it crashes.
 * If the crash point is at or above the cash-out multiplier the player is paid bet × multiplier,
 * otherwise nothing.
 *
 * Multipliers are handled in hundredths (1.01× = 101) so every step is integer arithmetic.
 *
 * Crash point of a round: h = the first 32-bit word of the round's digest (round-words.ts), and
 *   crash = max(100, floor(97 × 2^32 / (2^32 − h))) hundredths.
 * No modulo is involved, so there is no modulo bias. For any cash-out c (hundredths, ≥ 101) the
 * chance to be paid is exactly floor(97 × 2^32 / c) / 2^32 ≈ 0.97 / (c / 100), so the expected
 * return of every choice is 97 % (house edge 3 %, equal for every cash-out); about 3 % of rounds
 * crash at once at 1.00×.
 */

export const CRASH_HOUSE_EDGE = 0.03;
/** 97 × 2^32: the numerator of the crash formula (an exact integer). */
const NUMERATOR = 97n * 2n ** 32n;
const WORD_RANGE = 2n ** 32n;

/** Automatic cash-out bounds in hundredths: 1.01× to 100.00×. */
export const CRASH_MIN_CASH_OUT = 101;
export const CRASH_MAX_CASH_OUT = 10_000;

/** Bet choices in kyat (the same chips as the slot). */
export const CRASH_BETS = [100, 200, 500, 1_000, 2_000, 5_000, 10_000] as const;

export function isCrashBet(bet: unknown): bet is number {
  return typeof bet === "number" && (CRASH_BETS as readonly number[]).includes(bet);
}

export function isCrashCashOut(hundredths: unknown): hundredths is number {
  return (
    typeof hundredths === "number" && Number.isInteger(hundredths) && hundredths >= CRASH_MIN_CASH_OUT && hundredths <= CRASH_MAX_CASH_OUT
  );
}

/**
 * A multiplier as a player types it (1.5, 2.25) → hundredths, or null when it has more than two
 * decimals or is not a finite number.
 */
export function multiplierToHundredths(multiplier: number): number | null {
  if (!Number.isFinite(multiplier)) return null;
  const hundredths = Math.round(multiplier * 100);
  return Math.abs(hundredths - multiplier * 100) < 1e-6 ? hundredths : null;
}

export function hundredthsToMultiplier(hundredths: number): number {
  return hundredths / 100;
}

/** The crash point (hundredths) a 32-bit word gives. */
export function crashPointFromWord(word: number): number {
  if (!Number.isInteger(word) || word < 0 || word >= 2 ** 32) throw new HouseRuleError(`${word} is not a 32-bit word`);
  const raw = NUMERATOR / (WORD_RANGE - BigInt(word));
  return raw < 100n ? 100 : Number(raw);
}

/** The exact chance that a round reaches a cash-out of `hundredths` (crash point ≥ it). */
export function crashReachProbability(hundredths: number): number {
  if (!Number.isInteger(hundredths) || hundredths < 100) throw new HouseRuleError(`${hundredths} is not a multiplier in hundredths`);
  const reaching = NUMERATOR / BigInt(hundredths);
  return Number(reaching > WORD_RANGE ? WORD_RANGE : reaching) / 2 ** 32;
}

/** What a cashed-out round pays: bet × multiplier, rounded down to whole kyat. */
export function crashPayout(bet: number, cashOut: number, crashPoint: number): number {
  if (!Number.isSafeInteger(bet) || bet < 0) throw new HouseRuleError(`${bet} is not a usable bet`);
  if (crashPoint < cashOut) return 0;
  return Math.floor((bet * cashOut) / 100);
}

export interface CrashDerivation {
  readonly message: string;
  readonly hmac: string;
  /** The first 32-bit word of the digest. */
  readonly word: number;
  /** Hundredths. */
  readonly crashPoint: number;
}

export async function crashRound(seed: string, roundId: number | string): Promise<CrashDerivation> {
  const digest = await roundDigest(seed, roundId, 0);
  const word = digest.words[0] ?? 0;
  return { message: digest.message, hmac: digest.hmac, word, crashPoint: crashPointFromWord(word) };
}
