import { acceptanceLimit } from "../lottery/fair-draw.ts";
import type { SlotSymbol } from "./games.ts";
import { HouseRuleError, roundDigest } from "./round-words.ts";

/**
 * Golden Pagoda Slots (g_code house-slot): 3 reels × 3 rows, 5 fixed paylines.
 *
 * - The bet is spread evenly over the 5 lines (line bet = bet / 5; every bet choice is a multiple of
 *   100, so the line bet is a whole number of kyat).
 * - A line wins when its three symbols are the same; it pays line bet × the symbol's multiplier.
 *   The spin pays the sum of its winning lines.
 * - Each reel is a strip of 20 symbols; a stop position shows strip[stop], strip[stop + 1] and
 *   strip[stop + 2] (wrapping round) as the top, middle and bottom rows.
 * - Stops come from the round's digests (see round-words.ts): the 32-bit words are read in order and
 *   the first three below the largest multiple of 20 within 2^32 give stop = word mod 20 for reels
 *   1, 2 and 3 (rejection sampling: every stop is exactly as likely as any other).
 *
 * Return to player, exact over all 20³ = 8,000 equally likely stop combinations: 7,695 / 8,000 =
 * 96.1875 % (house edge 3.8125 %); a spin wins something 28.14 % of the time.
 */

/** Line bet multiplier for three of a kind on a line. */
export const SLOT_PAYTABLE: Readonly<Record<SlotSymbol, number>> = {
  seven: 500,
  pagoda: 100,
  chinthe: 40,
  ruby: 25,
  lotus: 15,
  coin: 10,
};

const LETTERS: Readonly<Record<string, SlotSymbol>> = { "7": "seven", P: "pagoda", H: "chinthe", R: "ruby", L: "lotus", K: "coin" };
const strip = (letters: string): readonly SlotSymbol[] =>
  Array.from(letters, (c) => {
    const symbol = LETTERS[c];
    if (!symbol) throw new Error(`unknown reel letter ${c}`);
    return symbol;
  });

/** The three reel strips (20 symbols each: one seven, two pagodas, two chinthes, three rubies, six lotuses, six coins). */
export const SLOT_REELS: readonly (readonly SlotSymbol[])[] = [
  strip("7KLRKHLKPLRKLHKLRKPL"),
  strip("7LKRHKLPKLRHKLKRLPKL"),
  strip("7KLHRKLKPLRKHLKRLPKL"),
];
export const SLOT_REEL_LENGTH = 20;
export const SLOT_ROWS = 3;

/** Paylines 1–5: the row (0 top, 1 middle, 2 bottom) they cross on reels 1, 2 and 3. */
export const SLOT_PAYLINES: readonly (readonly [number, number, number])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** Bet choices in kyat (each a multiple of 5 × 20, so line bets are whole kyat). */
export const SLOT_BETS = [100, 200, 500, 1_000, 2_000, 5_000, 10_000] as const;

/** The exact return to player (documented above; the tests recompute it by enumeration). */
export const SLOT_RTP = 7_695 / 8_000;

/** What the player sees: reels[reel][row], three reels of three rows. */
export type SlotWindow = readonly (readonly SlotSymbol[])[];

export interface SlotLineWin {
  /** Payline number 1–5. */
  readonly line: number;
  readonly symbol: SlotSymbol;
  readonly multiplier: number;
  readonly payout: number;
}

export interface SlotOutcome {
  readonly stops: readonly number[];
  readonly reels: SlotWindow;
  readonly lines: readonly SlotLineWin[];
  readonly payout: number;
}

export function isSlotBet(bet: unknown): bet is number {
  return typeof bet === "number" && (SLOT_BETS as readonly number[]).includes(bet);
}

export function slotWindow(stops: readonly number[]): SlotWindow {
  if (stops.length !== SLOT_REELS.length) throw new HouseRuleError("A spin has one stop per reel");
  return SLOT_REELS.map((reel, i) => {
    const stop = stops[i] ?? -1;
    if (!Number.isInteger(stop) || stop < 0 || stop >= reel.length) throw new HouseRuleError(`${stop} is not a stop of reel ${i + 1}`);
    return Array.from({ length: SLOT_ROWS }, (_, row) => reel[(stop + row) % reel.length] as SlotSymbol);
  });
}

/** The winning lines of a window for a bet (line bet = bet / 5). */
export function evaluateSlot(reels: SlotWindow, bet: number): { lines: SlotLineWin[]; payout: number } {
  if (!Number.isSafeInteger(bet) || bet < 0 || bet % SLOT_PAYLINES.length !== 0) throw new HouseRuleError(`${bet} is not a usable bet`);
  const lineBet = bet / SLOT_PAYLINES.length;
  const lines: SlotLineWin[] = [];
  SLOT_PAYLINES.forEach((rows, index) => {
    const [a, b, c] = rows.map((row, reel) => reels[reel]?.[row]);
    if (a !== undefined && a === b && b === c) {
      const multiplier = SLOT_PAYTABLE[a];
      lines.push({ line: index + 1, symbol: a, multiplier, payout: lineBet * multiplier });
    }
  });
  return { lines, payout: lines.reduce((sum, l) => sum + l.payout, 0) };
}

export function slotOutcome(stops: readonly number[], bet: number): SlotOutcome {
  const reels = slotWindow(stops);
  return { stops: [...stops], reels, ...evaluateSlot(reels, bet) };
}

/** The reel stops of a round: rejection sampling over the round's digest words (see the file comment). */
export async function slotStops(seed: string, roundId: number | string): Promise<number[]> {
  const limit = acceptanceLimit(SLOT_REEL_LENGTH);
  const stops: number[] = [];
  for (let n = 0; stops.length < SLOT_REELS.length; n++) {
    const { words } = await roundDigest(seed, roundId, n);
    for (const word of words) {
      if (stops.length < SLOT_REELS.length && word < limit) stops.push(word % SLOT_REEL_LENGTH);
    }
  }
  return stops;
}

/** The whole outcome of a spin from its seed, round id and bet. */
export async function slotRound(seed: string, roundId: number | string, bet: number): Promise<SlotOutcome> {
  return slotOutcome(await slotStops(seed, roundId), bet);
}
