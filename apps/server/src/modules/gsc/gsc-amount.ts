/**
 * Exact amounts of the GSC+ webhooks (gsc-plus.md §5). Amounts arrive as JSON numbers or numeric
 * strings in the request currency, with up to 4 decimals; they are never read as binary floating
 * point. Inside, an amount is a bigint of ten-thousandths of a kyat ("kyat/10⁴"), so scaling by the
 * currency's ratio (MMK2: 1 unit = 1,000 kyat) is an exact multiplication.
 */

/** Ten-thousandths of a kyat in one kyat. */
export const KYAT = 10_000n;

/** The most decimals an inbound amount may carry (the aggregator's DECIMAL(20,4)). */
export const GSC_AMOUNT_DECIMALS = 4;

/** The largest magnitude accepted in API units: far above any real stake, far below overflow. */
const MAX_API_UNITS = 1_000_000_000_000n;

/**
 * An inbound amount in ten-thousandths of one API unit, or undefined when it is not a plain decimal
 * (a number or a string such as "-1.5", "10", "0.0005"; no exponent, at most 4 decimals).
 */
export function parseGscAmount(value: unknown): bigint | undefined {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return undefined;
  }
  const m = /^([+-]?)([0-9]{1,16})(?:\.([0-9]{1,12}))?$/.exec(text);
  if (!m) return undefined;
  const fraction = (m[3] ?? "").replace(/0+$/, "");
  if (fraction.length > GSC_AMOUNT_DECIMALS) return undefined;
  const whole = BigInt(m[2] as string);
  if (whole > MAX_API_UNITS) return undefined;
  const units = whole * KYAT + BigInt(fraction.padEnd(GSC_AMOUNT_DECIMALS, "0") || "0");
  return m[1] === "-" ? -units : units;
}

/** An inbound amount (ten-thousandths of an API unit) in ten-thousandths of a kyat. */
export function apiUnitsToKyat4(units: bigint, ratio: number): bigint {
  return units * BigInt(ratio);
}

/**
 * A balance (ten-thousandths of a kyat) in the request currency, as the JSON number of the answer:
 * the exact quotient, serialised as the shortest decimal that reads back as the same number
 * (gsc-plus.md §5.2). With `roundTo4dp` the quotient is cut to 4 decimals, toward zero, so an answer
 * never shows more than the player holds. A ratio that is not a power of ten is cut at 8 decimals.
 */
export function formatGscBalance(kyat4: bigint, ratio: number, roundTo4dp: boolean): number {
  const negative = kyat4 < 0n;
  const magnitude = negative ? -kyat4 : kyat4;
  // magnitude / (10^4 · ratio), computed to 12 decimals and cut toward zero.
  const scale = 10n ** 12n;
  const scaled = (magnitude * scale) / (KYAT * BigInt(ratio));
  const decimals = answerDecimals(ratio, roundTo4dp);
  const cut = scaled / 10n ** BigInt(12 - decimals);
  const whole = cut / 10n ** BigInt(decimals);
  const fraction = (cut % 10n ** BigInt(decimals)).toString().padStart(decimals, "0").replace(/0+$/, "");
  const text = `${negative && cut !== 0n ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
  return Number(text);
}

/** The decimals formatGscBalance cuts a balance to, for a currency's ratio. */
export function answerDecimals(ratio: number, roundTo4dp: boolean): number {
  return roundTo4dp ? 4 : isPowerOfTen(ratio) ? 12 : 8;
}

function isPowerOfTen(n: number): boolean {
  let x = n;
  while (x >= 10 && x % 10 === 0) x /= 10;
  return x === 1;
}

/** Whole kyat and the sub-kyat rest (0 ≤ rest < 1 kyat, in ten-thousandths) of an amount ≥ 0. */
export function splitKyat(kyat4: bigint): { kyat: bigint; rest: bigint } {
  if (kyat4 < 0n) throw new RangeError("splitKyat takes an amount ≥ 0");
  return { kyat: kyat4 / KYAT, rest: kyat4 % KYAT };
}
