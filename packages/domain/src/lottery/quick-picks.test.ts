import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allNumbers, isValidNumber, LotteryRuleError, type LotteryType } from "./games.ts";
import {
  aparNumbers,
  BROTHER_NUMBERS,
  brakeNumbers,
  doubleNumbers,
  expandLines,
  expandPick,
  headNumbers,
  khwayNumbers,
  mergeLines,
  NAT_NUMBERS,
  POWER_NUMBERS,
  type QuickPick,
  quickPickKinds,
  reverse2D,
  rNumbers,
  tailNumbers,
} from "./quick-picks.ts";

const digit = fc.integer({ min: 0, max: 9 });
const twoD = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, "0"));
const threeD = fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, "0"));
const digitSet = fc.uniqueArray(digit, { maxLength: 10 });

const twoDPick: fc.Arbitrary<QuickPick> = fc.oneof(
  twoD.map((number) => ({ kind: "direct" as const, number })),
  twoD.map((number) => ({ kind: "r" as const, number })),
  fc.constant({ kind: "double" as const }),
  digit.map((d) => ({ kind: "head" as const, digit: d })),
  digit.map((d) => ({ kind: "tail" as const, digit: d })),
  digit.map((d) => ({ kind: "brake" as const, digit: d })),
  fc.constant({ kind: "nat" as const }),
  fc.constant({ kind: "power" as const }),
  fc.constant({ kind: "brother" as const }),
  fc.record({ kind: fc.constant("khway" as const), digits: digitSet, withDoubles: fc.boolean() }),
  digit.map((d) => ({ kind: "apar" as const, digit: d })),
);

describe("2D expansions", () => {
  it("R gives the number and its reverse, once for a double", () => {
    expect(rNumbers("2D", "12")).toEqual(["12", "21"]);
    expect(rNumbers("2D", "70")).toEqual(["07", "70"]);
    expect(rNumbers("2D", "11")).toEqual(["11"]);
    expect(reverse2D("07")).toBe("70");
  });

  it("lists doubles, heads, tails and brakes", () => {
    expect(doubleNumbers()).toEqual(["00", "11", "22", "33", "44", "55", "66", "77", "88", "99"]);
    expect(headNumbers(3)).toEqual(["30", "31", "32", "33", "34", "35", "36", "37", "38", "39"]);
    expect(tailNumbers(3)).toEqual(["03", "13", "23", "33", "43", "53", "63", "73", "83", "93"]);
    expect(brakeNumbers(5)).toEqual(["05", "14", "23", "32", "41", "50", "69", "78", "87", "96"]);
    expect(brakeNumbers(0)).toEqual(["00", "19", "28", "37", "46", "55", "64", "73", "82", "91"]);
  });

  it("has the nat, power and brother sets", () => {
    expect(NAT_NUMBERS.join(" ")).toBe("07 70 18 81 24 42 35 53 69 96");
    expect(POWER_NUMBERS.join(" ")).toBe("05 50 16 61 27 72 38 83 49 94");
    expect(BROTHER_NUMBERS.join(" ")).toBe("01 10 12 21 23 32 34 43 45 54 56 65 67 76 78 87 89 98 90 09");
    expect(expandPick("2D", { kind: "nat" })).toEqual(["07", "18", "24", "35", "42", "53", "69", "70", "81", "96"]);
  });

  it("khway pairs distinct digits of the set, doubles only on request", () => {
    expect(khwayNumbers("123")).toEqual(["12", "13", "21", "23", "31", "32"]);
    expect(khwayNumbers([1, 2, 3], true)).toEqual(["11", "12", "13", "21", "22", "23", "31", "32", "33"]);
    expect(khwayNumbers("1121")).toEqual(["12", "21"]);
    expect(khwayNumbers("5")).toEqual([]);
    expect(khwayNumbers("5", true)).toEqual(["55"]);
    expect(() => khwayNumbers("1a")).toThrow(LotteryRuleError);
    expect(() => khwayNumbers([10])).toThrow(/not a digit/);
  });

  it("apar gives the 19 numbers holding the digit", () => {
    expect(aparNumbers(0)).toEqual([
      "00",
      "01",
      "02",
      "03",
      "04",
      "05",
      "06",
      "07",
      "08",
      "09",
      "10",
      "20",
      "30",
      "40",
      "50",
      "60",
      "70",
      "80",
      "90",
    ]);
  });

  it("refuses digits outside 0–9", () => {
    for (const bad of [-1, 10, 1.5, Number.NaN]) expect(() => headNumbers(bad)).toThrow(/not a digit/);
  });
});

describe("3D and 1D expansions", () => {
  it("3D R gives every distinct permutation", () => {
    expect(rNumbers("3D", "123")).toEqual(["123", "132", "213", "231", "312", "321"]);
    expect(rNumbers("3D", "112")).toEqual(["112", "121", "211"]);
    expect(rNumbers("3D", "777")).toEqual(["777"]);
    expect(rNumbers("3D", "007")).toEqual(["007", "070", "700"]);
  });

  it("1D R is the digit itself; 2D-only picks are refused for 1D and 3D", () => {
    expect(expandPick("1D", { kind: "r", number: "4" })).toEqual(["4"]);
    expect(expandPick("C1D", { kind: "direct", number: "4" })).toEqual(["4"]);
    expect(() => expandPick("3D", { kind: "head", digit: 1 })).toThrow(/not offered for 3D/);
    expect(() => expandPick("1D", { kind: "double" })).toThrow(LotteryRuleError);
    expect(quickPickKinds("C2D")).toContain("khway");
    expect(quickPickKinds("3D")).toEqual(["direct", "r"]);
  });

  it("refuses numbers of the wrong shape", () => {
    expect(() => expandPick("2D", { kind: "direct", number: "7" })).toThrow(/not a 2D number/);
    expect(() => expandPick("3D", { kind: "r", number: "12" })).toThrow(LotteryRuleError);
  });
});

describe("expansion properties", () => {
  it("every 2D expansion yields valid, unique, sorted numbers of the game", () => {
    fc.assert(
      fc.property(fc.constantFrom<LotteryType>("2D", "C2D"), twoDPick, (type, pick) => {
        const out = expandPick(type, pick);
        expect(out.every((n) => isValidNumber(type, n))).toBe(true);
        expect(new Set(out).size).toBe(out.length);
        expect([...out].sort()).toEqual(out);
      }),
    );
  });

  it("R is closed under reversal and contains its number", () => {
    fc.assert(
      fc.property(twoD, (n) => {
        const set = rNumbers("2D", n);
        expect(set).toContain(n);
        for (const m of set) expect(set).toContain(reverse2D(m));
        expect(rNumbers("2D", reverse2D(n))).toEqual(set);
        expect(set.length).toBe(n[0] === n[1] ? 1 : 2);
      }),
    );
  });

  it("apar(d) has 19 numbers, all containing d", () => {
    fc.assert(
      fc.property(digit, (d) => {
        const set = aparNumbers(d);
        expect(set).toHaveLength(19);
        expect(set.every((n) => n.includes(String(d)))).toBe(true);
        expect(allNumbers("2D").filter((n) => n.includes(String(d)))).toEqual(set);
      }),
    );
  });

  it("brake partitions 00–99 into 10 classes of 10 by digit sum", () => {
    const classes = Array.from({ length: 10 }, (_, d) => brakeNumbers(d));
    expect(classes.every((c) => c.length === 10)).toBe(true);
    expect(classes.flat().sort()).toEqual(allNumbers("2D"));
    fc.assert(fc.property(digit, (d) => brakeNumbers(d).every((n) => (Number(n[0]) + Number(n[1])) % 10 === d)));
  });

  it("3D R has 1, 3 or 6 elements, all permutations of the number", () => {
    fc.assert(
      fc.property(threeD, (n) => {
        const set = rNumbers("3D", n);
        const distinct = new Set(n).size;
        expect(set.length).toBe(distinct === 1 ? 1 : distinct === 2 ? 3 : 6);
        const key = (s: string) => [...s].sort().join("");
        expect(set.every((m) => key(m) === key(n))).toBe(true);
        for (const m of set) expect(rNumbers("3D", m)).toEqual(set);
      }),
    );
  });

  it("khway of k distinct digits has k·(k−1) numbers, plus k with doubles", () => {
    fc.assert(
      fc.property(digitSet, fc.boolean(), (digits, withDoubles) => {
        const k = digits.length;
        const out = khwayNumbers(digits, withDoubles);
        expect(out).toHaveLength(k * (k - 1) + (withDoubles ? k : 0));
        expect(out.every((n) => digits.includes(Number(n[0])) && digits.includes(Number(n[1])))).toBe(true);
      }),
    );
  });
});

describe("expandLines", () => {
  it("merges overlapping picks into one line per number with the same stake", () => {
    const lines = expandLines(
      "2D",
      [
        { kind: "r", number: "12" },
        { kind: "head", digit: 1 },
      ],
      500,
    );
    expect(lines).toHaveLength(11);
    expect(lines.filter((l) => l.number === "12")).toEqual([{ number: "12", amount: 500 }]);
    expect(lines.map((l) => l.number)).toContain("21");
    expect(lines.every((l) => l.amount === 500)).toBe(true);
  });

  it("refuses a stake that is not a whole positive amount", () => {
    for (const bad of [0, -100, 100.5, Number.NaN])
      expect(() => expandLines("2D", [{ kind: "double" }], bad)).toThrow(/not a whole, positive/);
  });

  it("has exactly the union of the picks' numbers, each once", () => {
    fc.assert(
      fc.property(fc.array(twoDPick, { maxLength: 6 }), fc.integer({ min: 1, max: 1_000_000 }), (picks, amount) => {
        const lines = expandLines("2D", picks, amount);
        const union = new Set(picks.flatMap((p) => expandPick("2D", p)));
        expect(lines.map((l) => l.number)).toEqual([...union].sort());
        expect(lines.every((l) => l.amount === amount)).toBe(true);
      }),
    );
  });
});

describe("mergeLines", () => {
  it("adds the stakes of a number added twice", () => {
    expect(
      mergeLines("2D", [
        { number: "21", amount: 100 },
        { number: "12", amount: 200 },
        { number: "21", amount: 300 },
      ]),
    ).toEqual([
      { number: "12", amount: 200 },
      { number: "21", amount: 400 },
    ]);
    expect(() => mergeLines("2D", [{ number: "1", amount: 100 }])).toThrow(/not a 2D number/);
    expect(() => mergeLines("2D", [{ number: "01", amount: 0 }])).toThrow(LotteryRuleError);
  });

  it("keeps every number once and the total stake unchanged", () => {
    const line = fc.record({ number: twoD, amount: fc.integer({ min: 1, max: 100_000 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        const merged = mergeLines("2D", lines);
        expect(new Set(merged.map((l) => l.number)).size).toBe(merged.length);
        const sum = (ls: readonly { amount: number }[]) => ls.reduce((s, l) => s + l.amount, 0);
        expect(sum(merged)).toBe(sum(lines));
      }),
    );
  });
});
