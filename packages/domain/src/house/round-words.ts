import { digestWords, hmacSha256, isValidSeed } from "../lottery/fair-draw.ts";

/**
 * The random source of a house game round (Shwe House Games): commit–reveal, like fair lottery draws.
 *
 * Before a round, the player sees the commitment: SHA-256 of a secret seed (64 lowercase hex
 * characters, hashed as ASCII text). The round's outcome comes from HMAC-SHA256(key = the seed,
 * message = the round id in decimal), read as eight big-endian 32-bit words; when a game needs more
 * words than one digest gives, the next digests use the messages "<round id>:1", "<round id>:2", …
 * After the round the seed is revealed, so anyone can recompute the commitment and the outcome.
 */

const ROUND_ID_PATTERN = /^(?:0|[1-9][0-9]{0,19})$/;

export class HouseRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HouseRuleError";
  }
}

/** The round id as the HMAC message: decimal digits, no leading zeros. */
export function roundIdText(roundId: number | string): string {
  const text = typeof roundId === "number" ? (Number.isSafeInteger(roundId) && roundId >= 0 ? String(roundId) : "") : roundId;
  if (!ROUND_ID_PATTERN.test(text)) throw new HouseRuleError(`${JSON.stringify(roundId)} is not a round id`);
  return text;
}

export function checkHouseSeed(seed: string): void {
  if (!isValidSeed(seed)) throw new HouseRuleError("A round seed is 64 lowercase hex characters");
}

/** The HMAC message of the n-th digest of a round (n = 0 is the round id itself). */
export function roundMessage(roundId: number | string, n: number): string {
  const id = roundIdText(roundId);
  return n === 0 ? id : `${id}:${n}`;
}

/** One digest of a round: its message, the HMAC in hex and its eight 32-bit words. */
export interface RoundDigest {
  readonly message: string;
  readonly hmac: string;
  readonly words: readonly number[];
}

export async function roundDigest(seed: string, roundId: number | string, n = 0): Promise<RoundDigest> {
  checkHouseSeed(seed);
  const message = roundMessage(roundId, n);
  const hmac = await hmacSha256(seed, message);
  return { message, hmac, words: digestWords(hmac) };
}
