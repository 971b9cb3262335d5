import { isValidNumber, LotteryRuleError, type LotteryType, lotteryGame } from "./games.ts";

/**
 * Winning numbers derived from the public values a result feed returns (domain-rules §3). Feeds
 * give decimals as text ("1,234.56", "65432.10000000"); they are read digit by digit, never through
 * floating point, so the digits are exactly those anyone reads on the market's own page.
 */

/** A non-negative decimal written with exactly two decimals: integer "1234" and fraction "56". */
export interface Decimal2 {
  /** Integer part, ASCII digits, no thousands separators or leading zeros ("0" for zero). */
  readonly integer: string;
  /** Exactly two ASCII digits. */
  readonly fraction: string;
}

const DECIMAL = /^(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.([0-9]+))?$/;

function malformed(label: string, raw: unknown, why: string): LotteryRuleError {
  return new LotteryRuleError("MALFORMED_VALUE", `${label} ${JSON.stringify(raw)} ${why}`);
}

/** Adds one to a string of decimal digits ("199" → "200", "99" → "100"). */
function incrementDigits(digits: string): string {
  const out = [...digits];
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/**
 * Reads a feed value as printed with two decimals: thousands separators are allowed only in
 * groups of three ("1,234.56"), a missing or short fraction is filled with zeros ("1234.5" →
 * 1234.50), a longer one is rounded half up ("65432.125" → 65432.13, as printing with two decimals
 * does). Signs, exponents, spaces inside, other scripts' digits and empty parts are refused
 * (MALFORMED_VALUE). A number is read through its shortest text form, which is exact for any
 * price a JSON feed carries.
 */
export function parseDecimal2(raw: string | number, label = "Value"): Decimal2 {
  let text: string;
  if (typeof raw === "number") {
    if (!Number.isFinite(raw) || raw < 0) throw malformed(label, raw, "is not a non-negative finite number");
    text = String(raw);
  } else if (typeof raw === "string") {
    text = raw.trim();
  } else {
    throw malformed(label, raw, "is missing or is not text");
  }
  const match = DECIMAL.exec(text);
  if (!match) throw malformed(label, raw, "is not a decimal number like 1,234.56");
  const [whole = "", rawFraction = ""] = text.replaceAll(",", "").split(".");
  const fraction = rawFraction.padEnd(2, "0");
  let digits = whole + fraction.slice(0, 2);
  if ((fraction[2] ?? "0") >= "5") digits = incrementDigits(digits);
  const integer = digits.slice(0, -2).replace(/^0+(?=[0-9])/, "") || "0";
  return { integer, fraction: digits.slice(-2) };
}

/** "1234.56" form of a parsed value. */
export function formatDecimal2(value: Decimal2): string {
  return `${value.integer}.${value.fraction}`;
}

function lastDigit(digits: string): string {
  return digits[digits.length - 1] ?? "0";
}

/**
 * 2D from the Thai SET: 1st digit = last decimal digit of the SET index (two decimals), 2nd digit =
 * last digit of the integer part of the SET value (turnover). Index "1,234.56", value "65,432.10" → "62".
 */
export function twoDFromSet(setIndex: string | number, setValue: string | number): string {
  const index = parseDecimal2(setIndex, "SET index");
  const value = parseDecimal2(setValue, "SET value");
  return `${lastDigit(index.fraction)}${lastDigit(value.integer)}`;
}

/** 1D (and crypto 1D from crypto 2D): the last digit of that draw's 2D number. */
export function oneDFromTwoD(twoD: string): string {
  if (!isValidNumber("2D", twoD)) throw malformed("2D number", twoD, "is not two digits 00 to 99");
  return lastDigit(twoD);
}

/** 3D: the last three digits of the Thai government lottery first prize (six digits): "123456" → "456". */
export function threeDFromFirstPrize(firstPrize: string): string {
  const text = typeof firstPrize === "string" ? firstPrize.trim() : firstPrize;
  if (typeof text !== "string" || !/^[0-9]{6}$/.test(text)) throw malformed("First prize", firstPrize, "is not six digits");
  return text.slice(-3);
}

/**
 * Crypto 2D from the BTC/USDT price at two decimals: 1st digit = last digit of the integer part,
 * 2nd digit = last decimal digit. "65,432.17" → "27".
 */
export function crypto2DFromPrice(price: string | number): string {
  const value = parseDecimal2(price, "BTC/USDT price");
  return `${lastDigit(value.integer)}${lastDigit(value.fraction)}`;
}

/** Crypto 1D: the 2nd digit of that draw's crypto 2D number. */
export function crypto1DFromCrypto2D(crypto2D: string): string {
  if (!isValidNumber("C2D", crypto2D)) throw malformed("Crypto 2D number", crypto2D, "is not two digits 00 to 99");
  return lastDigit(crypto2D);
}

/** The values a result feed must provide, by name; each game reads the fields FEED_FIELDS lists. */
export interface FeedValues {
  /** Thai SET index at draw time (2D, 1D). */
  readonly setIndex?: string | number;
  /** Thai SET value / turnover at draw time (2D, 1D). */
  readonly setValue?: string | number;
  /** Thai government lottery first prize, six digits as text (3D). */
  readonly firstPrize?: string;
  /** BTC/USDT price at draw time (crypto 2D, crypto 1D). */
  readonly price?: string | number;
}

export const FEED_FIELDS: Readonly<Record<LotteryType, readonly (keyof FeedValues)[]>> = {
  "1D": ["setIndex", "setValue"],
  "2D": ["setIndex", "setValue"],
  "3D": ["firstPrize"],
  C1D: ["price"],
  C2D: ["price"],
};

const FIELD_LABELS: Record<keyof FeedValues, string> = {
  setIndex: "SET index",
  setValue: "SET value",
  firstPrize: "First prize",
  price: "BTC/USDT price",
};

/** The winning number of a draw of `type` from its feed values; MALFORMED_VALUE names a missing or bad field. */
export function resultFromFeed(type: LotteryType, values: FeedValues): string {
  lotteryGame(type);
  for (const field of FEED_FIELDS[type]) {
    if (values[field] === undefined || values[field] === null) {
      throw new LotteryRuleError("MALFORMED_VALUE", `${FIELD_LABELS[field]} is missing from the ${type} result feed`);
    }
  }
  switch (type) {
    case "2D":
      return twoDFromSet(values.setIndex ?? "", values.setValue ?? "");
    case "1D":
      return oneDFromTwoD(twoDFromSet(values.setIndex ?? "", values.setValue ?? ""));
    case "3D":
      return threeDFromFirstPrize(values.firstPrize ?? "");
    case "C2D":
      return crypto2DFromPrice(values.price ?? "");
    case "C1D":
      return crypto1DFromCrypto2D(crypto2DFromPrice(values.price ?? ""));
  }
}
