import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allNumbers,
  formatNumber,
  isLotteryType,
  isValidNumber,
  LOTTERY_GAMES,
  LOTTERY_TYPES,
  LotteryRuleError,
  lotteryGame,
  parseNumber,
} from "./games.ts";

describe("lottery games", () => {
  it("has the five games with their digits, ranges and default odds", () => {
    expect(LOTTERY_TYPES).toEqual(["1D", "2D", "3D", "C1D", "C2D"]);
    const summary = LOTTERY_TYPES.map((t) => [t, LOTTERY_GAMES[t].digits, LOTTERY_GAMES[t].size, LOTTERY_GAMES[t].defaultOdds]);
    expect(summary).toEqual([
      ["1D", 1, 10, 9],
      ["2D", 2, 100, 85],
      ["3D", 3, 1000, 600],
      ["C1D", 1, 10, 9],
      ["C2D", 2, 100, 85],
    ]);
    expect(LOTTERY_GAMES.C2D.crypto).toBe(true);
    expect(LOTTERY_GAMES["2D"].crypto).toBe(false);
  });

  it("recognises only the five type codes", () => {
    expect(isLotteryType("C2D")).toBe(true);
    for (const bad of ["2d", "4D", "", null, 2]) expect(isLotteryType(bad)).toBe(false);
    expect(() => lotteryGame("4D" as never)).toThrow(LotteryRuleError);
  });
});

describe("isValidNumber", () => {
  it.each([
    ["1D", "7"],
    ["2D", "07"],
    ["2D", "00"],
    ["3D", "007"],
    ["3D", "999"],
    ["C1D", "0"],
    ["C2D", "99"],
  ] as const)("%s accepts %j", (type, n) => expect(isValidNumber(type, n)).toBe(true));

  it.each([
    ["2D", "7"],
    ["2D", "007"],
    ["3D", "07"],
    ["1D", "10"],
    ["2D", "+7"],
    ["2D", "-7"],
    ["2D", " 7"],
    ["2D", "7 "],
    ["2D", "1.5"],
    ["2D", "၀၇"],
    ["2D", "٠٧"],
    ["2D", "０７"],
    ["2D", ""],
    ["2D", 7],
    ["1D", null],
  ] as const)("%s refuses %j", (type, n) => expect(isValidNumber(type, n)).toBe(false));
});

describe("formatNumber and parseNumber", () => {
  it("pads with the game's digits", () => {
    expect(formatNumber("2D", 7)).toBe("07");
    expect(formatNumber("3D", 7)).toBe("007");
    expect(formatNumber("1D", 7)).toBe("7");
    expect(parseNumber("3D", "042")).toBe(42);
  });

  it("refuses values outside the game", () => {
    for (const bad of [-1, 100, 1.5, Number.NaN]) expect(() => formatNumber("2D", bad)).toThrow(/not a 2D number/);
    expect(() => parseNumber("2D", "7")).toThrow(LotteryRuleError);
  });

  it("round-trips every value of every game and lists them all in order", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOTTERY_TYPES), fc.nat(999), (type, raw) => {
        const value = raw % LOTTERY_GAMES[type].size;
        const text = formatNumber(type, value);
        expect(text).toHaveLength(LOTTERY_GAMES[type].digits);
        expect(isValidNumber(type, text)).toBe(true);
        expect(parseNumber(type, text)).toBe(value);
      }),
    );
    const all = allNumbers("2D");
    expect(all).toHaveLength(100);
    expect(all[0]).toBe("00");
    expect(all[99]).toBe("99");
    expect(allNumbers("3D").every((n) => isValidNumber("3D", n))).toBe(true);
  });
});
