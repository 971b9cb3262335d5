import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LotteryRuleError } from "./games.ts";
import {
  crypto1DFromCrypto2D,
  crypto2DFromPrice,
  formatDecimal2,
  oneDFromTwoD,
  parseDecimal2,
  resultFromFeed,
  threeDFromFirstPrize,
  twoDFromSet,
} from "./results.ts";

/** "1234567" → "1,234,567" */
const withCommas = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const integerPart = fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String);
const cents = fc.integer({ min: 0, max: 99 }).map((c) => String(c).padStart(2, "0"));

describe("parseDecimal2", () => {
  it.each([
    ["1,234.56", "1234", "56"],
    ["65,432.10", "65432", "10"],
    ["1234.5", "1234", "50"],
    ["1234", "1234", "00"],
    ["  1,234.56 ", "1234", "56"],
    ["0.07", "0", "07"],
    ["007.10", "7", "10"],
    ["65432.10000000", "65432", "10"],
    ["65432.125", "65432", "13"],
    ["65432.124999", "65432", "12"],
    ["99.995", "100", "00"],
    ["9,999,999.999", "10000000", "00"],
  ])("%j → %s.%s", (raw, integer, fraction) => expect(parseDecimal2(raw)).toEqual({ integer, fraction }));

  it("reads JSON numbers through their exact text", () => {
    expect(parseDecimal2(65432.1)).toEqual({ integer: "65432", fraction: "10" });
    expect(parseDecimal2(1234.56)).toEqual({ integer: "1234", fraction: "56" });
  });

  it.each([
    "",
    " ",
    "-1.00",
    "+1.00",
    "1.",
    ".5",
    "1,23.45",
    "1234,567.00",
    "12,34",
    "1 234.56",
    "1.2.3",
    "1e5",
    "١٢٣.٤٥",
    "၁၂၃.၄၅",
    "NaN",
    "abc",
  ])("refuses %j with a clear error", (raw) => {
    expect(() => parseDecimal2(raw, "SET index")).toThrow(LotteryRuleError);
    expect(() => parseDecimal2(raw, "SET index")).toThrow(/^SET index ".*" is not/);
  });

  it("refuses negative, infinite and exponent-form numbers", () => {
    for (const bad of [-1, Number.POSITIVE_INFINITY, Number.NaN, 1e21, 1e-7]) expect(() => parseDecimal2(bad)).toThrow(LotteryRuleError);
  });

  it("keeps every two-decimal value exactly, with or without separators", () => {
    fc.assert(
      fc.property(integerPart, cents, (i, c) => {
        expect(parseDecimal2(`${i}.${c}`)).toEqual({ integer: i, fraction: c });
        expect(parseDecimal2(`${withCommas(i)}.${c}`)).toEqual({ integer: i, fraction: c });
        expect(formatDecimal2(parseDecimal2(`${i}.${c}`))).toBe(`${i}.${c}`);
      }),
    );
  });

  it("rounds extra decimals half up, as a BigInt count of cents does", () => {
    fc.assert(
      fc.property(integerPart, fc.stringMatching(/^[0-9]{3,8}$/), (i, f) => {
        const scaled = BigInt(i + f);
        const unit = 10n ** BigInt(f.length - 2);
        const centsTotal = (scaled + unit / 2n) / unit;
        const parsed = parseDecimal2(`${i}.${f}`);
        expect(BigInt(parsed.integer + parsed.fraction)).toBe(centsTotal);
        expect(parsed.fraction).toHaveLength(2);
      }),
    );
  });
});

describe("2D and 1D from the SET", () => {
  it("takes the index's last decimal digit and the value's last integer digit", () => {
    expect(twoDFromSet("1,234.56", "65,432.10")).toBe("62");
    expect(twoDFromSet("1,389.40", "43,216.87")).toBe("06");
    expect(twoDFromSet("1389.4", "43216")).toBe("06");
    expect(oneDFromTwoD("62")).toBe("2");
    expect(resultFromFeed("2D", { setIndex: "1,234.56", setValue: "65,432.10" })).toBe("62");
    expect(resultFromFeed("1D", { setIndex: "1,234.56", setValue: "65,432.10" })).toBe("2");
  });

  it("names the malformed value", () => {
    expect(() => twoDFromSet("1,234.56", "65.432,10")).toThrow(/SET value "65.432,10"/);
    expect(() => resultFromFeed("2D", { setIndex: "1,234.56" })).toThrow(/SET value is missing/);
    expect(() => oneDFromTwoD("7")).toThrow(LotteryRuleError);
  });

  it("matches the digit rule for any index and value", () => {
    fc.assert(
      fc.property(integerPart, cents, integerPart, cents, (i1, c1, i2, c2) => {
        const number = twoDFromSet(`${withCommas(i1)}.${c1}`, `${withCommas(i2)}.${c2}`);
        expect(number).toBe(`${c1[1]}${i2[i2.length - 1]}`);
        expect(oneDFromTwoD(number)).toBe(i2[i2.length - 1]);
      }),
    );
  });
});

describe("3D from the Thai government lottery", () => {
  it("takes the last three digits of the six-digit first prize", () => {
    expect(threeDFromFirstPrize("123456")).toBe("456");
    expect(threeDFromFirstPrize("000007")).toBe("007");
    expect(threeDFromFirstPrize(" 987654 ")).toBe("654");
    expect(resultFromFeed("3D", { firstPrize: "820866" })).toBe("866");
  });

  it.each(["12345", "1234567", "12 3456", "12345a", "", "-12345", "１２３４５６"])("refuses %j", (raw) =>
    expect(() => threeDFromFirstPrize(raw)).toThrow(/is not six digits/),
  );
});

describe("crypto 2D and 1D from the BTC/USDT price", () => {
  it("takes the integer part's last digit and the last decimal digit", () => {
    expect(crypto2DFromPrice("65,432.17")).toBe("27");
    expect(crypto2DFromPrice("65432.10000000")).toBe("20");
    expect(crypto2DFromPrice(98765.4)).toBe("50");
    expect(crypto1DFromCrypto2D("27")).toBe("7");
    expect(resultFromFeed("C2D", { price: "104,215.38" })).toBe("58");
    expect(resultFromFeed("C1D", { price: "104,215.38" })).toBe("8");
    expect(() => resultFromFeed("C1D", {})).toThrow(/BTC\/USDT price is missing/);
    expect(() => crypto2DFromPrice("$65,432.17")).toThrow(/BTC\/USDT price/);
  });

  it('for any integer part i and cents c, crypto2D("i.cc") = last digit of i + last digit of c', () => {
    fc.assert(
      fc.property(integerPart, cents, fc.boolean(), (i, c, commas) => {
        const number = crypto2DFromPrice(`${commas ? withCommas(i) : i}.${c}`);
        expect(number).toBe(`${i[i.length - 1]}${c[1]}`);
        expect(crypto1DFromCrypto2D(number)).toBe(c[1]);
      }),
    );
  });
});
