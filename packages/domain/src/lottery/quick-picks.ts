import { isValidAmount } from "../money.ts";
import { type BetLine, formatNumber, isValidNumber, LotteryRuleError, type LotteryType, lotteryGame } from "./games.ts";

/**
 * Bet types are conveniences of the betting board (domain-rules §3): each expands into explicit
 * numbers on the device, and only explicit `{number, amount}` lines are sent to the server.
 *
 * - every game: `direct` (one number as typed) and `r` (2D: the number and its reverse; 3D: every
 *   distinct permutation of its digits; 1D: the digit itself).
 * - 2D and crypto 2D only: `double`, `head`, `tail`, `brake`, `nat`, `power`, `brother`, `khway`, `apar`.
 */
export type QuickPick =
  | { readonly kind: "direct"; readonly number: string }
  | { readonly kind: "r"; readonly number: string }
  | { readonly kind: "double" }
  | { readonly kind: "head"; readonly digit: number }
  | { readonly kind: "tail"; readonly digit: number }
  | { readonly kind: "brake"; readonly digit: number }
  | { readonly kind: "nat" }
  | { readonly kind: "power" }
  | { readonly kind: "brother" }
  | { readonly kind: "khway"; readonly digits: string | readonly number[]; readonly withDoubles?: boolean }
  | { readonly kind: "apar"; readonly digit: number };

export type QuickPickKind = QuickPick["kind"];

/** The picks the board of each game offers, in the order it shows them. */
export function quickPickKinds(type: LotteryType): readonly QuickPickKind[] {
  return lotteryGame(type).digits === 2
    ? ["direct", "r", "double", "head", "tail", "brake", "nat", "power", "brother", "khway", "apar"]
    : ["direct", "r"];
}

/** Nat pairs: 07 70 18 81 24 42 35 53 69 96. */
export const NAT_NUMBERS: readonly string[] = ["07", "70", "18", "81", "24", "42", "35", "53", "69", "96"];
/** Power pairs: 05 50 16 61 27 72 38 83 49 94. */
export const POWER_NUMBERS: readonly string[] = ["05", "50", "16", "61", "27", "72", "38", "83", "49", "94"];
/** Brother (neighbouring digits, both orders, 9 next to 0): 01 10 12 21 … 89 98 90 09. */
export const BROTHER_NUMBERS: readonly string[] = Array.from({ length: 10 }, (_, d) => [
  `${d}${(d + 1) % 10}`,
  `${(d + 1) % 10}${d}`,
]).flat();

function checkDigit(digit: number): number {
  if (!Number.isInteger(digit) || digit < 0 || digit > 9)
    throw new LotteryRuleError("INVALID_DIGIT", `${String(digit)} is not a digit 0 to 9`);
  return digit;
}

function twoD(filter: (head: number, tail: number) => boolean): string[] {
  const out: string[] = [];
  for (let n = 0; n < 100; n++) if (filter(Math.floor(n / 10), n % 10)) out.push(formatNumber("2D", n));
  return out;
}

/** The 2D number written backwards: "12" → "21", "07" → "70". */
export function reverse2D(number: string): string {
  if (!isValidNumber("2D", number)) throw new LotteryRuleError("INVALID_NUMBER", `${JSON.stringify(number)} is not a 2D number`);
  return `${number[1]}${number[0]}`;
}

/** Every distinct ordering of the number's digits, ascending: "123" → 6 numbers, "112" → 3, "777" → 1. */
export function permutations(type: LotteryType, number: string): string[] {
  if (!isValidNumber(type, number)) throw new LotteryRuleError("INVALID_NUMBER", `${JSON.stringify(number)} is not a ${type} number`);
  const found = new Set<string>();
  const walk = (prefix: string, rest: string): void => {
    if (rest === "") found.add(prefix);
    for (let i = 0; i < rest.length; i++) walk(prefix + rest[i], rest.slice(0, i) + rest.slice(i + 1));
  };
  walk("", number);
  return [...found].sort();
}

/** R: 2D → the number and its reverse (one number for a double); 3D → all permutations; 1D → the digit. */
export function rNumbers(type: LotteryType, number: string): string[] {
  return permutations(type, number);
}

/** 00, 11 … 99. */
export function doubleNumbers(): string[] {
  return twoD((h, t) => h === t);
}

/** The 10 numbers starting with `digit`. */
export function headNumbers(digit: number): string[] {
  const d = checkDigit(digit);
  return twoD((h) => h === d);
}

/** The 10 numbers ending with `digit`. */
export function tailNumbers(digit: number): string[] {
  const d = checkDigit(digit);
  return twoD((_, t) => t === d);
}

/** Brake: the 10 numbers whose digit sum ends in `digit` (sum ≡ digit mod 10). */
export function brakeNumbers(digit: number): string[] {
  const d = checkDigit(digit);
  return twoD((h, t) => (h + t) % 10 === d);
}

/** Apar: the 19 numbers with `digit` in either place. */
export function aparNumbers(digit: number): string[] {
  const d = checkDigit(digit);
  return twoD((h, t) => h === d || t === d);
}

function digitSet(digits: string | readonly number[]): number[] {
  const list =
    typeof digits === "string"
      ? [...digits].map((c) => {
          if (!/^[0-9]$/.test(c)) throw new LotteryRuleError("INVALID_DIGIT", `${JSON.stringify(c)} is not a digit 0 to 9`);
          return Number(c);
        })
      : digits.map(checkDigit);
  return [...new Set(list)];
}

/**
 * Khway: every ordered pair of two different digits of the chosen set ("123" → 12 13 21 23 31 32),
 * as played in Myanmar. With `withDoubles` the doubles of the set's digits are added (11 22 33).
 * Repeated digits in the set count once; fewer than two digits and no doubles give no numbers.
 */
export function khwayNumbers(digits: string | readonly number[], withDoubles = false): string[] {
  const set = new Set(digitSet(digits));
  return twoD((h, t) => set.has(h) && set.has(t) && (h !== t || withDoubles));
}

/** The numbers one pick stands for, ascending and without repeats. */
export function expandPick(type: LotteryType, pick: QuickPick): string[] {
  const game = lotteryGame(type);
  if (!quickPickKinds(type).includes(pick.kind)) {
    throw new LotteryRuleError("UNSUPPORTED_PICK", `The ${pick.kind} pick is not offered for ${game.type}`);
  }
  switch (pick.kind) {
    case "direct":
      if (!isValidNumber(type, pick.number))
        throw new LotteryRuleError("INVALID_NUMBER", `${JSON.stringify(pick.number)} is not a ${type} number`);
      return [pick.number];
    case "r":
      return rNumbers(type, pick.number);
    case "double":
      return doubleNumbers();
    case "head":
      return headNumbers(pick.digit);
    case "tail":
      return tailNumbers(pick.digit);
    case "brake":
      return brakeNumbers(pick.digit);
    case "nat":
      return [...NAT_NUMBERS].sort();
    case "power":
      return [...POWER_NUMBERS].sort();
    case "brother":
      return [...BROTHER_NUMBERS].sort();
    case "khway":
      return khwayNumbers(pick.digits, pick.withDoubles ?? false);
    case "apar":
      return aparNumbers(pick.digit);
  }
}

/**
 * The explicit lines of a board selection: every number any pick stands for, once, with the
 * same stake `amount`, in ascending order. Overlapping picks select a number once (the stake is
 * per number, not per pick), so the slip never carries a number twice.
 */
export function expandLines(type: LotteryType, picks: readonly QuickPick[], amount: number): BetLine[] {
  if (!isValidAmount(amount)) throw new LotteryRuleError("INVALID_AMOUNT", `${String(amount)} is not a whole, positive kyat amount`);
  const numbers = new Set<string>();
  for (const pick of picks) for (const n of expandPick(type, pick)) numbers.add(n);
  return [...numbers].sort().map((number) => ({ number, amount }));
}

/**
 * Lines added to a slip in several steps, one line per number: the stakes of a number that
 * appears more than once are added up. Ascending by number.
 */
export function mergeLines(type: LotteryType, lines: readonly BetLine[]): BetLine[] {
  const totals = new Map<string, number>();
  for (const line of lines) {
    if (!isValidNumber(type, line.number))
      throw new LotteryRuleError("INVALID_NUMBER", `${JSON.stringify(line.number)} is not a ${type} number`);
    if (!isValidAmount(line.amount))
      throw new LotteryRuleError("INVALID_AMOUNT", `${String(line.amount)} is not a whole, positive kyat amount`);
    const sum = (totals.get(line.number) ?? 0) + line.amount;
    if (!isValidAmount(sum)) throw new LotteryRuleError("INVALID_AMOUNT", `The stake on ${line.number} is too large`);
    totals.set(line.number, sum);
  }
  return [...totals.keys()].sort().map((number) => ({ number, amount: totals.get(number) ?? 0 }));
}
