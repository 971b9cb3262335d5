import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apiUnitsToKyat4, formatGscBalance, KYAT, parseGscAmount } from "./gsc-amount.ts";

describe("GSC+ amounts", () => {
  it("reads numbers and numeric strings exactly, with either sign", () => {
    expect(parseGscAmount("-1.5")).toBe(-15_000n);
    expect(parseGscAmount(1.5)).toBe(15_000n);
    expect(parseGscAmount("10")).toBe(100_000n);
    expect(parseGscAmount("0.0005")).toBe(5n);
    expect(parseGscAmount(0)).toBe(0n);
    expect(parseGscAmount("2.50000")).toBe(25_000n);
  });

  it("refuses what is not a plain decimal of at most 4 places", () => {
    for (const bad of ["", "abc", "1e3", 1e-7, "0.00001", Number.NaN, Number.POSITIVE_INFINITY, null, undefined, {}, "1.2.3", " - 1"]) {
      expect(parseGscAmount(bad)).toBeUndefined();
    }
  });

  it("scales MMK2 to 1,000 kyat a unit and MMK3 to 100", () => {
    expect(apiUnitsToKyat4(parseGscAmount("0.5") as bigint, 1000)).toBe(500n * KYAT);
    expect(apiUnitsToKyat4(parseGscAmount("1.5") as bigint, 1000)).toBe(1500n * KYAT);
    expect(apiUnitsToKyat4(parseGscAmount("0.0005") as bigint, 1000)).toBe(5000n); // half a kyat
    expect(apiUnitsToKyat4(parseGscAmount("2") as bigint, 100)).toBe(200n * KYAT);
  });

  it("answers balances as the exact quotient", () => {
    expect(formatGscBalance(150_000n * KYAT, 1000, false)).toBe(150);
    expect(formatGscBalance(148_500n * KYAT, 1000, false)).toBe(148.5);
    expect(formatGscBalance(90_598n * KYAT + 2000n, 1000, false)).toBe(90.5982);
    expect(formatGscBalance(12_345n * KYAT, 1, false)).toBe(12345);
    expect(formatGscBalance(7n, 1000, false)).toBe(0.0000007);
    expect(formatGscBalance(7n, 1000, true)).toBe(0);
    expect(formatGscBalance(-2500n * KYAT, 1000, false)).toBe(-2.5);
  });

  it("reads back every whole-kyat balance it writes (MMK, MMK2, MMK3)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000_000n }), fc.constantFrom(1, 100, 1000), (kyat, ratio) => {
        const answered = formatGscBalance(kyat * KYAT, ratio, false);
        const back = parseGscAmount(String(answered));
        // A whole-kyat balance in MMK2 has at most 3 decimals, so it reads back exactly.
        expect(back === undefined ? undefined : apiUnitsToKyat4(back, ratio)).toBe(kyat * KYAT);
      }),
    );
  });
});
