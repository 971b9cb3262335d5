import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commitSeed, newSeed } from "../lottery/fair-draw.ts";
import {
  CRASH_MAX_CASH_OUT,
  CRASH_MIN_CASH_OUT,
  crashPayout,
  crashPointFromWord,
  crashReachProbability,
  crashRound,
  multiplierToHundredths,
} from "./crash.ts";
import { verifyHouseRound } from "./proof.ts";

const SEED_A = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const TWO_32 = 2 ** 32;

describe("crash point", () => {
  it("matches values computed independently (openssl HMAC, first word, floor(97·2^32/(2^32−h)))", async () => {
    expect((await crashRound(SEED_A, 1)).crashPoint).toBe(357);
    expect((await crashRound(SEED_A, 42)).crashPoint).toBe(142);
    expect((await crashRound(SEED_A, 7777)).crashPoint).toBe(226);
  });

  it("is at least 1.00× and never falls as the word grows", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: TWO_32 - 2 }), (h) => {
        const here = crashPointFromWord(h);
        expect(here).toBeGreaterThanOrEqual(100);
        expect(crashPointFromWord(h + 1)).toBeGreaterThanOrEqual(here);
      }),
    );
    expect(crashPointFromWord(0)).toBe(100);
    expect(crashPointFromWord(TWO_32 - 1)).toBe(97 * TWO_32);
    expect(() => crashPointFromWord(TWO_32)).toThrow();
  });

  it("reaches a cash-out c with probability exactly floor(97·2^32/c)/2^32: the word count agrees at the boundary", () => {
    fc.assert(
      fc.property(fc.integer({ min: CRASH_MIN_CASH_OUT, max: CRASH_MAX_CASH_OUT }), (c) => {
        const p = crashReachProbability(c);
        // The smallest word that reaches c is 2^32 − floor(97·2^32 / c): it reaches, the one before does not.
        const first = TWO_32 - Math.round(p * TWO_32);
        expect(crashPointFromWord(first)).toBeGreaterThanOrEqual(c);
        expect(crashPointFromWord(first - 1)).toBeLessThan(c);
        // Every cash-out returns 97 % (within the rounding of one word in 2^32).
        expect(p * (c / 100)).toBeLessThanOrEqual(0.97);
        expect(p * (c / 100)).toBeGreaterThan(0.97 - 1e-7);
      }),
    );
  });

  it("a deterministic sample of 20,000 rounds follows P(crash ≥ x) ≈ 0.97 / x", { timeout: 60_000 }, async () => {
    const seed = SEED_A;
    const points: number[] = [];
    for (let id = 1; id <= 20_000; id++) points.push((await crashRound(seed, id)).crashPoint);
    for (const x of [1.01, 1.5, 2, 3, 5, 10]) {
      const share = points.filter((p) => p >= Math.round(x * 100)).length / points.length;
      const expected = 0.97 / x;
      // Four standard deviations of a binomial share.
      const tolerance = 4 * Math.sqrt((expected * (1 - expected)) / points.length);
      expect(Math.abs(share - expected), `x = ${x}`).toBeLessThan(tolerance);
    }
    const instant = points.filter((p) => p === 100).length / points.length;
    expect(instant).toBeGreaterThan(0.02);
    expect(instant).toBeLessThan(0.045);
  });

  it("verifies an honest round and rejects another crash point", async () => {
    const seed = newSeed();
    const round = await crashRound(seed, 9);
    const commitment = await commitSeed(seed);
    const proof = { game: "house-crash" as const, roundId: 9, seed, commitment, crashPoint: round.crashPoint };
    expect(await verifyHouseRound(proof)).toEqual({ commitment: true, outcome: true });
    expect(await verifyHouseRound({ ...proof, crashPoint: round.crashPoint + 1 })).toEqual({ commitment: true, outcome: false });
  });
});

describe("payout and cash-out input", () => {
  it("pays bet × cash-out when the rocket reaches it, else nothing", () => {
    expect(crashPayout(1_000, 250, 250)).toBe(2_500);
    expect(crashPayout(1_000, 250, 249)).toBe(0);
    expect(crashPayout(100, 101, 5_000)).toBe(101);
    expect(crashPayout(10_000, 10_000, 10_000)).toBe(1_000_000);
  });

  it("reads multipliers with at most two decimals", () => {
    expect(multiplierToHundredths(1.01)).toBe(101);
    expect(multiplierToHundredths(2.5)).toBe(250);
    expect(multiplierToHundredths(1.234)).toBeNull();
    expect(multiplierToHundredths(Number.NaN)).toBeNull();
  });
});
