/**
 * Exact amounts on the aggregator's side (gsc-plus.md §1.2, §5): money in a request currency
 * (MMK, MMK2 = 1,000 kyat a unit, MMK3 = 100 kyat a unit) with at most 4 decimals, held as a bigint
 * of ten-thousandths of one unit ("units") and written as the shortest decimal string, e.g. "1.5",
 * "-10", "0.0375". Never binary floating point.
 */

/** Ten-thousandths in one currency unit. */
export const UNIT = 10_000n;

/** Kyat in one unit of each currency the simulator knows (§5.1). */
export const CURRENCY_RATIOS: Readonly<Record<string, number>> = { MMK: 1, MMK2: 1000, MMK3: 100 };

/** Reads a decimal (number, numeric string or bigint of units) with at most 4 decimals into units. */
export function toUnits(value: string | number | bigint): bigint {
  if (typeof value === "bigint") return value;
  const text = typeof value === "number" ? numberText(value) : value.trim();
  const m = /^([+-]?)([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!m) throw new RangeError(`"${text}" is not a decimal amount`);
  const fraction = (m[3] ?? "").replace(/0+$/, "");
  if (fraction.length > 4) throw new RangeError(`"${text}" has more than 4 decimals`);
  const units = BigInt(m[2] as string) * UNIT + BigInt(fraction.padEnd(4, "0"));
  return m[1] === "-" ? -units : units;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`${value} is not an amount`);
  // Number#toString never uses an exponent between 1e-7 and 1e21; outside that range refuse.
  const text = String(value);
  if (/e/i.test(text)) throw new RangeError(`${text} is not a plain decimal`);
  return text;
}

/** Units as the shortest decimal string: 15_000n → "1.5", -100_000n → "-10", 375n → "0.0375". */
export function formatUnits(units: bigint): string {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const fraction = (magnitude % UNIT).toString().padStart(4, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${magnitude / UNIT}${fraction ? `.${fraction}` : ""}`;
}

/** Units as a JSON number (exact for every amount of at most 4 decimals below 2^53 / 10^4). */
export function unitsToNumber(units: bigint): number {
  return Number(formatUnits(units));
}

/**
 * A decimal amount in a currency, written as whole kyat and a rest: "148.5" MMK2 → "148,500".
 * Used for display only; a ratio that is not a power of ten falls back to the number product.
 */
export function kyatText(amount: string | number, currency: string): string {
  const ratio = CURRENCY_RATIOS[currency] ?? 1;
  const text = typeof amount === "number" ? String(amount) : amount;
  const m = /^(-?)([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!m || !/^10*$/.test(String(ratio))) return text;
  const shift = String(ratio).length - 1;
  const fraction = (m[3] ?? "").padEnd(shift, "0");
  const whole = BigInt(`${m[2]}${fraction.slice(0, shift)}`);
  const rest = fraction.slice(shift).replace(/0+$/, "");
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${m[1]}${grouped}${rest ? `.${rest}` : ""}`;
}
