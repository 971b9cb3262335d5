import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commitSeed } from "../lottery/fair-draw.ts";
import { verifyHouseRound } from "./proof.ts";
import {
  evaluateSlot,
  SLOT_BETS,
  SLOT_PAYLINES,
  SLOT_PAYTABLE,
  SLOT_REEL_LENGTH,
  SLOT_REELS,
  SLOT_RTP,
  slotOutcome,
  slotRound,
  slotStops,
  slotWindow,
} from "./slot.ts";

const SEED_A = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/** Every stop combination of the three reels (20³ = 8,000, all equally likely). */
function* everyStops(): Generator<number[]> {
  for (let a = 0; a < SLOT_REEL_LENGTH; a++)
    for (let b = 0; b < SLOT_REEL_LENGTH; b++) for (let c = 0; c < SLOT_REEL_LENGTH; c++) yield [a, b, c];
}

describe("Golden Pagoda Slots paytable", () => {
  it("returns exactly 96.1875 % to the player, computed by enumerating every reel stop", () => {
    const bet = 100;
    let paid = 0;
    let combos = 0;
    let hits = 0;
    for (const stops of everyStops()) {
      const { payout } = slotOutcome(stops, bet);
      paid += payout;
      combos++;
      if (payout > 0) hits++;
    }
    expect(combos).toBe(8_000);
    expect(paid / (combos * bet)).toBe(SLOT_RTP);
    expect(SLOT_RTP).toBeCloseTo(0.961875, 10);
    expect(hits / combos).toBeCloseTo(0.281375, 6);
  });

  it("has the reel strips the documentation describes", () => {
    for (const reel of SLOT_REELS) {
      expect(reel).toHaveLength(SLOT_REEL_LENGTH);
      const count = (s: string) => reel.filter((x) => x === s).length;
      expect([count("seven"), count("pagoda"), count("chinthe"), count("ruby"), count("lotus"), count("coin")]).toEqual([1, 2, 2, 3, 6, 6]);
    }
  });

  it("pays three of a kind on each payline and nothing for a mixed line", () => {
    // Reel 1 at stop 0 shows seven/coin/lotus; a middle row of three coins pays 10 × line bet.
    const reels = [
      ["lotus", "coin", "ruby"],
      ["pagoda", "coin", "lotus"],
      ["ruby", "coin", "lotus"],
    ] as const;
    expect(evaluateSlot(reels, 500)).toEqual({ lines: [{ line: 1, symbol: "coin", multiplier: 10, payout: 1_000 }], payout: 1_000 });
    const diagonal = [
      ["seven", "coin", "ruby"],
      ["lotus", "seven", "lotus"],
      ["ruby", "coin", "seven"],
    ] as const;
    expect(evaluateSlot(diagonal, 100)).toEqual({ lines: [{ line: 4, symbol: "seven", multiplier: 500, payout: 10_000 }], payout: 10_000 });
    const mixed = [
      ["seven", "coin", "ruby"],
      ["lotus", "pagoda", "lotus"],
      ["ruby", "coin", "seven"],
    ] as const;
    expect(evaluateSlot(mixed, 100)).toEqual({ lines: [], payout: 0 });
  });

  it("shows strip[stop], strip[stop+1], strip[stop+2] and wraps round", () => {
    const w = slotWindow([19, 0, 18]);
    expect(w[0]).toEqual([SLOT_REELS[0]?.[19], SLOT_REELS[0]?.[0], SLOT_REELS[0]?.[1]]);
    expect(w[1]).toEqual(SLOT_REELS[1]?.slice(0, 3));
    expect(w[2]).toEqual([SLOT_REELS[2]?.[18], SLOT_REELS[2]?.[19], SLOT_REELS[2]?.[0]]);
    expect(() => slotWindow([20, 0, 0])).toThrow();
    expect(() => slotWindow([0, 0])).toThrow();
  });

  it("pays whole kyat for every bet choice and never more than one line of sevens", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SLOT_BETS), fc.tuple(fc.nat(19), fc.nat(19), fc.nat(19)), (bet, stops) => {
        const { payout, lines } = slotOutcome(stops, bet);
        expect(Number.isSafeInteger(payout)).toBe(true);
        expect(payout).toBe(lines.reduce((s, l) => s + (bet / SLOT_PAYLINES.length) * SLOT_PAYTABLE[l.symbol], 0));
        expect(lines.filter((l) => l.symbol === "seven").length).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("spin from a seed", () => {
  it("matches stops computed independently (openssl HMAC, rejection sampling mod 20)", async () => {
    expect(await slotStops(SEED_A, 1)).toEqual([0, 12, 19]);
    expect(await slotStops(SEED_A, 42)).toEqual([11, 1, 8]);
    expect(await slotStops(SEED_A, "7777")).toEqual([6, 6, 3]);
  });

  it("verifies an honest round and rejects a changed outcome, seed or commitment", async () => {
    const round = await slotRound(SEED_A, 42, 1_000);
    const commitment = await commitSeed(SEED_A);
    const proof = {
      game: "house-slot" as const,
      roundId: 42,
      seed: SEED_A,
      commitment,
      bet: 1_000,
      reels: round.reels,
      payout: round.payout,
    };
    expect(await verifyHouseRound(proof)).toEqual({ commitment: true, outcome: true });
    expect(await verifyHouseRound({ ...proof, payout: round.payout + 200 })).toEqual({ commitment: true, outcome: false });
    expect(await verifyHouseRound({ ...proof, roundId: 43 })).toMatchObject({ outcome: false });
    expect(await verifyHouseRound({ ...proof, commitment: "0".repeat(64) })).toEqual({ commitment: false, outcome: true });
    expect(await verifyHouseRound({ ...proof, seed: "nope" })).toEqual({ commitment: false, outcome: false });
  });
});
