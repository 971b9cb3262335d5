import { formatNumber, isValidNumber, LotteryRuleError, type LotteryType, lotteryGame } from "./games.ts";

/**
 * Fair draws (domain-rules §3, result source `fair`): a commit–reveal random draw anyone can check.
 *
 * 1. When a draw opens, a secret seed is made: 32 random bytes written as 64 lowercase hex characters.
 *    Its commitment, the SHA-256 of those 64 characters (as ASCII text), is published in hex.
 * 2. At the draw, the seed is revealed and the number is derived from
 *    HMAC-SHA256(key = the 64 seed characters, message = the draw id in decimal), read as eight
 *    big-endian 32-bit words. The first word below the largest multiple of the game's size (10,
 *    100 or 1000) that fits in 32 bits gives number = word mod size, so every number is exactly as
 *    likely as any other (no modulo bias). If all eight words are refused (less than once in
 *    10^57 draws), the message becomes "<draw id>:1", then ":2", … until a word is accepted.
 * 3. The number is written with the game's digits ("07" for 2D).
 *
 * Anyone can repeat it with standard tools, e.g.
 * `printf %s SEED | sha256sum` and `printf %s DRAW_ID | openssl dgst -sha256 -hmac SEED`.
 * Built on the Web Crypto API, so it runs the same on the server and in the browser.
 */

interface WebCrypto {
  readonly subtle: {
    digest(algorithm: "SHA-256", data: Uint8Array): Promise<ArrayBuffer>;
    importKey(
      format: "raw",
      keyData: Uint8Array,
      algorithm: { name: "HMAC"; hash: "SHA-256" },
      extractable: false,
      usages: readonly "sign"[],
    ): Promise<unknown>;
    sign(algorithm: "HMAC", key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  };
  getRandomValues<T extends Uint8Array>(array: T): T;
}

function webCrypto(): WebCrypto {
  const candidate = (globalThis as { crypto?: WebCrypto }).crypto;
  if (!candidate?.subtle || typeof candidate.getRandomValues !== "function") {
    throw new Error("The Web Crypto API is not available in this environment");
  }
  return candidate;
}

const SEED_PATTERN = /^[0-9a-f]{64}$/;
const DIGEST_PATTERN = /^[0-9a-f]{64}$/;
const DRAW_ID_PATTERN = /^(?:0|[1-9][0-9]{0,19})$/;

/** ASCII text → bytes (seeds, draw ids and messages here are plain ASCII). */
function ascii(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0x7f;
  return bytes;
}

function hex(data: ArrayBuffer | Uint8Array): string {
  return Array.from(data instanceof Uint8Array ? data : new Uint8Array(data), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function isValidSeed(seed: unknown): seed is string {
  return typeof seed === "string" && SEED_PATTERN.test(seed);
}

function checkSeed(seed: string): void {
  if (!isValidSeed(seed)) throw new LotteryRuleError("MALFORMED_VALUE", "A fair-draw seed is 64 lowercase hex characters");
}

/** The draw id as the HMAC message: its decimal digits, no leading zeros. */
function drawIdText(drawId: number | string): string {
  const text = typeof drawId === "number" ? (Number.isSafeInteger(drawId) && drawId >= 0 ? String(drawId) : "") : drawId;
  if (!DRAW_ID_PATTERN.test(text)) throw new LotteryRuleError("MALFORMED_VALUE", `${JSON.stringify(drawId)} is not a draw id`);
  return text;
}

/** A new secret seed: 32 bytes from the platform's CSPRNG, as 64 lowercase hex characters. */
export function newSeed(): string {
  const bytes = webCrypto().getRandomValues(new Uint8Array(32));
  return hex(bytes);
}

/** The public commitment of a seed: SHA-256 of its 64 characters, lowercase hex. */
export async function commitSeed(seed: string): Promise<string> {
  checkSeed(seed);
  return hex(await webCrypto().subtle.digest("SHA-256", ascii(seed)));
}

/** HMAC-SHA256(key = seed, message) in hex. */
export async function hmacSha256(seed: string, message: string): Promise<string> {
  const subtle = webCrypto().subtle;
  const key = await subtle.importKey("raw", ascii(seed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await subtle.sign("HMAC", key, ascii(message)));
}

/** The 32-bit words a hex digest reads as, big-endian, in order. */
export function digestWords(digestHex: string): number[] {
  if (!DIGEST_PATTERN.test(digestHex)) throw new LotteryRuleError("MALFORMED_VALUE", "A SHA-256 digest is 64 lowercase hex characters");
  return Array.from({ length: 8 }, (_, i) => Number.parseInt(digestHex.slice(i * 8, i * 8 + 8), 16));
}

/** The largest multiple of `size` not above 2^32: words at or above it are refused. */
export function acceptanceLimit(size: number): number {
  return Math.floor(2 ** 32 / size) * size;
}

/**
 * Rejection sampling: the first word below acceptanceLimit(size) gives word mod size; null when
 * every word is refused.
 */
export function uniformFromWords(words: readonly number[], size: number): number | null {
  const accepted = firstAcceptedWord(words, size);
  return accepted === null ? null : accepted.word % size;
}

function firstAcceptedWord(words: readonly number[], size: number): { index: number; word: number } | null {
  if (!Number.isInteger(size) || size < 1 || size > 2 ** 32) throw new RangeError(`${size} is not a usable range size`);
  const limit = acceptanceLimit(size);
  for (const [index, word] of words.entries()) if (word < limit) return { index, word };
  return null;
}

/** The steps behind a fair number, for a page that shows the player how it was reached. */
export interface FairDerivation {
  readonly number: string;
  /** The HMAC message of the accepted round: "<draw id>" or "<draw id>:<round>". */
  readonly message: string;
  /** HMAC-SHA256(seed, message), lowercase hex. */
  readonly hmac: string;
  /** Index (0–7) of the accepted 32-bit word in that digest and its value. */
  readonly wordIndex: number;
  readonly word: number;
  /** Words must be below this (the largest multiple of the game's size within 2^32). */
  readonly limit: number;
}

export async function deriveFairNumber(seed: string, drawId: number | string, type: LotteryType): Promise<FairDerivation> {
  checkSeed(seed);
  const id = drawIdText(drawId);
  const { size } = lotteryGame(type);
  const limit = acceptanceLimit(size);
  for (let round = 0; ; round++) {
    const message = round === 0 ? id : `${id}:${round}`;
    const hmac = await hmacSha256(seed, message);
    const accepted = firstAcceptedWord(digestWords(hmac), size);
    if (accepted !== null) {
      return { number: formatNumber(type, accepted.word % size), message, hmac, wordIndex: accepted.index, word: accepted.word, limit };
    }
  }
}

/** The winning number of a fair draw, with the game's digits. */
export async function fairNumber(seed: string, drawId: number | string, type: LotteryType): Promise<string> {
  return (await deriveFairNumber(seed, drawId, type)).number;
}

/** What a fair result publishes: with it anyone can check the draw. */
export interface FairDrawProof {
  readonly seed: string;
  readonly commitment: string;
  readonly drawId: number | string;
  readonly type: LotteryType;
  readonly number: string;
}

/**
 * True only when the revealed seed matches the commitment published before the draw AND the number
 * is the one the seed gives for that draw id; false for any mismatch or malformed part (never throws).
 */
export async function verifyFairDraw(proof: FairDrawProof): Promise<boolean> {
  try {
    if (!isValidSeed(proof.seed) || typeof proof.commitment !== "string") return false;
    if (!isValidNumber(proof.type, proof.number)) return false;
    if ((await commitSeed(proof.seed)) !== proof.commitment.toLowerCase()) return false;
    return (await fairNumber(proof.seed, proof.drawId, proof.type)) === proof.number;
  } catch (error) {
    if (error instanceof LotteryRuleError) return false;
    throw error;
  }
}

/**
 * 1D and crypto 1D take their number from the 2D / crypto 2D draw at the same time (domain-rules §3):
 * the last digit of that 2-digit number (crypto 1D's "2nd digit" is the same digit). A fair 1D draw
 * therefore shares its 2D sibling's commitment and seed, and its number is the last digit of
 * HMAC-SHA256(seed, 2D draw id) read as a 2D number.
 */
export const DERIVED_FAIR_SOURCE: Readonly<Partial<Record<LotteryType, LotteryType>>> = { "1D": "2D", C1D: "C2D" };

/** Which digit of the source number is taken: the last one. */
export type FairDigitRule = "last";

/** The proof of a fair draw whose number is a digit of another fair draw's number. */
export interface DerivedFairDrawProof {
  readonly seed: string;
  readonly commitment: string;
  /** The game of the draw being checked (1D or C1D). */
  readonly type: LotteryType;
  /** The source draw (2D for 1D, C2D for C1D): its id is the HMAC message. */
  readonly sourceDrawId: number | string;
  readonly sourceType: LotteryType;
  readonly digit: FairDigitRule;
  readonly number: string;
}

/** The derivation of a derived fair number: the source number's steps, then the digit taken. */
export interface DerivedFairDerivation extends FairDerivation {
  /** The source draw's full number (e.g. "47" for the 2D draw), whose last digit is `number`. */
  readonly sourceNumber: string;
}

/** The number of a derived fair draw and the steps behind it; throws when the pair of games is not a derivation. */
export async function deriveDerivedFairNumber(
  seed: string,
  sourceDrawId: number | string,
  sourceType: LotteryType,
  type: LotteryType,
  digit: FairDigitRule,
): Promise<DerivedFairDerivation> {
  if (DERIVED_FAIR_SOURCE[type] !== sourceType || digit !== "last") {
    throw new LotteryRuleError("MALFORMED_VALUE", `${type} numbers are not derived from ${sourceType} draws that way`);
  }
  const source = await deriveFairNumber(seed, sourceDrawId, sourceType);
  return { ...source, sourceNumber: source.number, number: source.number.slice(-1) };
}

/**
 * True only when the seed matches the commitment AND the number is the last digit of the number the
 * seed gives the source draw; false for any mismatch or malformed part (never throws).
 */
export async function verifyDerivedFairDraw(proof: DerivedFairDrawProof): Promise<boolean> {
  try {
    if (!isValidSeed(proof.seed) || typeof proof.commitment !== "string") return false;
    if (!isValidNumber(proof.type, proof.number)) return false;
    if ((await commitSeed(proof.seed)) !== proof.commitment.toLowerCase()) return false;
    const derived = await deriveDerivedFairNumber(proof.seed, proof.sourceDrawId, proof.sourceType, proof.type, proof.digit);
    return derived.number === proof.number;
  } catch (error) {
    if (error instanceof LotteryRuleError) return false;
    throw error;
  }
}
