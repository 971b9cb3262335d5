import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BetLine } from "./games.ts";
import {
  checkSlip,
  DEFAULT_SLIP_LIMITS,
  lineRejection,
  numberBoard,
  numberStatus,
  payout,
  resolveLimits,
  type SlipRules,
} from "./limits.ts";

const rules2D: SlipRules = {
  type: "2D",
  blocked: new Set(["13"]),
  hot: new Set(["77"]),
  staked: new Map([
    ["77", 150_000],
    ["55", 990_000],
    ["99", 1_200_000],
  ]),
};

describe("limits defaults", () => {
  it("are 100 to 100,000 per line, 100 lines, 1,000,000 per number, lower for hot numbers", () => {
    expect(resolveLimits({ type: "2D" })).toEqual({
      minStake: 100,
      maxStake: 100_000,
      maxLines: 100,
      numberCap: 1_000_000,
      hotCap: 200_000,
    });
    expect(resolveLimits({ type: "2D", numberCap: 50_000 }).hotCap).toBe(50_000);
    expect(() => resolveLimits({ type: "2D", maxStake: -1 })).toThrow(/maximum stake/);
  });
});

describe("numberStatus and numberBoard", () => {
  it("reports what each number can still take", () => {
    expect(numberStatus("00", rules2D)).toEqual({ number: "00", remaining: 1_000_000, hot: false, blocked: false });
    expect(numberStatus("13", rules2D)).toEqual({ number: "13", remaining: 0, hot: false, blocked: true });
    expect(numberStatus("77", rules2D)).toEqual({ number: "77", remaining: 50_000, hot: true, blocked: false });
    expect(numberStatus("99", rules2D).remaining).toBe(0);
    const board = numberBoard({ type: "3D" });
    expect(board).toHaveLength(1000);
    expect(board[7]?.number).toBe("007");
  });
});

describe("checkSlip", () => {
  it("accepts a valid slip with its total", () => {
    const lines = [
      { number: "12", amount: 500 },
      { number: "21", amount: 100_000 },
      { number: "77", amount: 50_000 },
      { number: "55", amount: 10_000 },
    ];
    expect(checkSlip(lines, rules2D)).toEqual({ ok: true, total: 160_500 });
  });

  it("refuses the slip whole, listing every refused line with its reason and remaining capacity", () => {
    const result = checkSlip(
      [
        { number: "12", amount: 500 },
        { number: "13", amount: 500 },
        { number: "7", amount: 500 },
        { number: "20", amount: 99 },
        { number: "30", amount: 100_001 },
        { number: "77", amount: 50_001 },
        { number: "55", amount: 10_001 },
        { number: "99", amount: 100 },
      ],
      rules2D,
    );
    expect(result).toEqual({
      ok: false,
      code: "LINES_REJECTED",
      message: "Some numbers cannot take this bet.",
      rejected: [
        { number: "13", reason: "BLOCKED", remaining: 0 },
        { number: "7", reason: "INVALID_NUMBER" },
        { number: "20", reason: "BELOW_MIN", remaining: 1_000_000 },
        { number: "30", reason: "ABOVE_MAX", remaining: 1_000_000 },
        { number: "77", reason: "OVER_LIMIT", remaining: 50_000 },
        { number: "55", reason: "OVER_LIMIT", remaining: 10_000 },
        { number: "99", reason: "OVER_LIMIT", remaining: 0 },
      ],
    });
  });

  it("refuses slip-level problems before looking at lines", () => {
    expect(checkSlip([], rules2D)).toMatchObject({ ok: false, code: "EMPTY_SLIP" });
    const many = Array.from({ length: 101 }, (_, i) => ({ number: String(i % 100).padStart(2, "0"), amount: 100 }));
    expect(checkSlip(many, rules2D)).toMatchObject({ ok: false, code: "TOO_MANY_LINES" });
    expect(checkSlip(many.slice(0, 3), { ...rules2D, maxLines: 2 })).toMatchObject({ ok: false, code: "TOO_MANY_LINES" });
    expect(
      checkSlip(
        [
          { number: "12", amount: 100 },
          { number: "21", amount: 100 },
          { number: "12", amount: 200 },
        ],
        rules2D,
      ),
    ).toEqual({ ok: false, code: "DUPLICATE_NUMBER", message: "Each number may appear only once in a slip.", numbers: ["12"] });
    for (const bad of [150.5, 0, -100, Number.NaN, 2 ** 53]) {
      expect(checkSlip([{ number: "12", amount: bad }], rules2D)).toMatchObject({ ok: false, code: "INVALID_AMOUNT", numbers: ["12"] });
    }
  });

  it("checks the number shape of the slip's game", () => {
    expect(checkSlip([{ number: "007", amount: 100 }], { type: "3D" })).toEqual({ ok: true, total: 100 });
    expect(checkSlip([{ number: "07", amount: 100 }], { type: "3D" })).toMatchObject({
      rejected: [{ number: "07", reason: "INVALID_NUMBER" }],
    });
  });

  const number2D = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, "0"));
  const anyNumber = fc.oneof(number2D, fc.constantFrom("7", "100", "x1", " 1", "٠١"));
  const slip = fc
    .uniqueArray(fc.record({ number: anyNumber, amount: fc.integer({ min: 1, max: 150_000 }) }), {
      selector: (l) => l.number,
      minLength: 1,
      maxLength: 40,
    })
    .map((ls): BetLine[] => ls);
  const rules = fc.record({
    blocked: fc.uniqueArray(number2D, { maxLength: 10 }),
    hot: fc.uniqueArray(number2D, { maxLength: 10 }),
    staked: fc.array(fc.tuple(number2D, fc.integer({ min: 0, max: 1_100_000 })), { maxLength: 30 }),
  });
  const toRules = (r: { blocked: string[]; hot: string[]; staked: [string, number][] }): SlipRules => ({
    type: "2D",
    blocked: new Set(r.blocked),
    hot: new Set(r.hot),
    staked: new Map(r.staked),
  });

  it("accepts a slip iff every line passes, rejecting exactly the failing numbers, with total = sum of stakes", () => {
    fc.assert(
      fc.property(slip, rules, (lines, r) => {
        const slipRules = toRules(r);
        const result = checkSlip(lines, slipRules);
        const failing = lines.filter((l) => lineRejection(l, slipRules) !== null).map((l) => l.number);
        if (failing.length === 0) {
          expect(result).toEqual({ ok: true, total: lines.reduce((s, l) => s + l.amount, 0) });
        } else {
          expect(result.ok).toBe(false);
          if (result.ok || result.code !== "LINES_REJECTED") throw new Error("expected LINES_REJECTED");
          expect(result.rejected.map((x) => x.number)).toEqual(failing);
        }
      }),
    );
  });

  it("a line passes exactly when its number is valid, open, within the stake bounds and the remaining capacity", () => {
    fc.assert(
      fc.property(anyNumber, fc.integer({ min: 1, max: 1_200_000 }), rules, (number, amount, r) => {
        const slipRules = toRules(r);
        const rejection = lineRejection({ number, amount }, slipRules);
        const valid = /^[0-9]{2}$/.test(number);
        const cap = r.hot.includes(number) ? DEFAULT_SLIP_LIMITS.hotCap : DEFAULT_SLIP_LIMITS.numberCap;
        const remaining = Math.max(0, cap - (slipRules.staked?.get(number) ?? 0));
        const passes = valid && !r.blocked.includes(number) && amount >= 100 && amount <= 100_000 && amount <= remaining;
        expect(rejection === null).toBe(passes);
        if (rejection && valid) expect(rejection.remaining).toBe(r.blocked.includes(number) ? 0 : remaining);
      }),
    );
  });
});

describe("payout", () => {
  it("is stake × odds", () => {
    expect(payout(100, 85)).toBe(8_500);
    expect(payout(100_000, 600)).toBe(60_000_000);
  });

  it("refuses amounts that cannot be paid exactly", () => {
    expect(() => payout(0, 85)).toThrow(/stake/);
    expect(() => payout(100.5, 85)).toThrow(/stake/);
    expect(() => payout(100, 8.5)).toThrow(/odds/);
    expect(() => payout(2 ** 40, 2 ** 20)).toThrow(/too large/);
  });

  it("equals the exact BigInt product whenever it is a safe integer", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 2 ** 25 }), (stake, odds) => {
        const exact = BigInt(stake) * BigInt(odds);
        if (exact <= BigInt(Number.MAX_SAFE_INTEGER)) expect(BigInt(payout(stake, odds))).toBe(exact);
        else expect(() => payout(stake, odds)).toThrow();
      }),
    );
  });
});
