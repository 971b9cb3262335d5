import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acceptanceLimit, commitSeed, newSeed } from "../lottery/fair-draw.ts";
import {
  decidePocketClaim,
  derivePocketAmount,
  POCKET_MESSAGES,
  type PocketCampaignTerms,
  pocketAmountFromWords,
  pocketBounds,
  pocketMessage,
  verifyPocketAmount,
} from "./pocket.ts";

const campaign = (over: Partial<PocketCampaignTerms> = {}): PocketCampaignTerms => ({
  budget: 1_000_000,
  spent: 0,
  minAmount: 100,
  maxAmount: 5_000,
  minLevel: 2,
  ...over,
});

const hexSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(""));

describe("pocket bounds", () => {
  it("draws within [min, min(max, remaining)] and refuses when less than the minimum is left", () => {
    expect(pocketBounds(campaign())).toEqual({ lower: 100, upper: 5_000 });
    expect(pocketBounds(campaign({ spent: 998_000 }))).toEqual({ lower: 100, upper: 2_000 });
    expect(pocketBounds(campaign({ spent: 999_900 }))).toEqual({ lower: 100, upper: 100 });
    expect(pocketBounds(campaign({ spent: 999_901 }))).toBeNull();
  });

  it("property: the upper bound never exceeds the remaining budget nor the maximum", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (min, extra, budget) => checkBoundsProperty(min, min + extra, budget),
      ),
    );
  });
});

function checkBoundsProperty(min: number, max: number, budget: number): boolean {
  for (const spent of [0, Math.floor(budget / 2), Math.max(0, budget - min), budget]) {
    const b = pocketBounds({ budget, spent, minAmount: min, maxAmount: max });
    const remaining = budget - spent;
    if (remaining < min) {
      if (b !== null) return false;
      continue;
    }
    if (!b || b.lower !== min || b.upper > remaining || b.upper > max || b.upper < b.lower) return false;
  }
  return true;
}

describe("decidePocketClaim", () => {
  it("refuses in order: no campaign, level, already claimed, budget spent", () => {
    expect(decidePocketClaim({ campaign: null, level: 2, alreadyClaimed: false })).toMatchObject({
      ok: false,
      code: "NO_CAMPAIGN",
      status: 422,
    });
    expect(decidePocketClaim({ campaign: campaign(), level: 1, alreadyClaimed: true })).toMatchObject({
      ok: false,
      code: "LEVEL_2_REQUIRED",
      status: 403,
      message: "Your account need to be level 2.",
    });
    expect(decidePocketClaim({ campaign: campaign({ minLevel: 1 }), level: 1, alreadyClaimed: false })).toEqual({
      ok: true,
      value: { lower: 100, upper: 5_000 },
    });
    expect(decidePocketClaim({ campaign: campaign({ spent: 999_999 }), level: 2, alreadyClaimed: true })).toMatchObject({
      code: "ALREADY_CLAIMED",
      message: POCKET_MESSAGES.alreadyClaimed,
    });
    expect(decidePocketClaim({ campaign: campaign({ spent: 999_999 }), level: 2, alreadyClaimed: false })).toMatchObject({
      code: "BUDGET_SPENT",
      status: 422,
      message: POCKET_MESSAGES.budgetSpent,
    });
  });
});

describe("amount derivation", () => {
  it("property: every amount lies within its bounds", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (words, lower, width) => {
          const upper = lower + width;
          const amount = pocketAmountFromWords(words, lower, upper);
          if (amount === null) return words.every((w) => w >= acceptanceLimit(width + 1));
          return amount >= lower && amount <= upper;
        },
      ),
    );
  });

  it("property: the derived amount never exceeds the remaining budget", async () => {
    await fc.assert(
      fc.asyncProperty(
        hexSeed,
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        async (seed, userId, campaignId, budget, spentRaw) => {
          const spent = Math.min(spentRaw, budget);
          const terms = campaign({ budget, spent });
          const bounds = pocketBounds(terms);
          if (!bounds) return budget - spent < terms.minAmount;
          const { amount } = await derivePocketAmount(seed, pocketMessage(campaignId, userId), bounds.lower, bounds.upper);
          return amount >= terms.minAmount && amount <= terms.maxAmount && amount <= budget - spent;
        },
      ),
      { numRuns: 200 },
    );
  });

  it("is uniform-ish: 5,000 claims over 5 amounts land near 1,000 each (chi-square)", async () => {
    for (const seed of ["ab".repeat(32), "0123456789abcdef".repeat(4)]) {
      const counts = new Array<number>(5).fill(0);
      for (let user = 1; user <= 5_000; user++) {
        const { amount } = await derivePocketAmount(seed, pocketMessage(7, user), 100, 104);
        counts[amount - 100] = (counts[amount - 100] ?? 0) + 1;
      }
      const chi = counts.reduce((s, c) => s + (c - 1_000) ** 2 / 1_000, 0);
      // 4 degrees of freedom: above 18.47 happens less than once in 1,000 fair draws.
      expect(chi).toBeLessThan(18.47);
      expect(Math.min(...counts)).toBeGreaterThan(850);
    }
  });

  it("rejection sampling: a word in the biased tail is skipped", () => {
    const size = 3;
    const limit = acceptanceLimit(size);
    expect(pocketAmountFromWords([limit, limit + 1, 5], 10, 12)).toBe(10 + (5 % size));
    expect(pocketAmountFromWords(new Array(8).fill(limit), 10, 12)).toBeNull();
  });

  it("is a known value for a known seed (re-derivable with openssl)", async () => {
    const seed = "0".repeat(64);
    const a = await derivePocketAmount(seed, "pocket:1:1", 100, 5_000);
    const b = await derivePocketAmount(seed, "pocket:1:1", 100, 5_000);
    expect(a).toEqual(b);
    expect(a.roundMessage).toBe("pocket:1:1");
    const word = Number.parseInt(a.hmac.slice(0, 8), 16);
    expect(a.amount).toBe(100 + (word % 4_901));
  });
});

describe("verifyPocketAmount", () => {
  it("accepts the true amount and refuses any other amount, bound, message or seed", async () => {
    const seed = newSeed();
    const commitment = await commitSeed(seed);
    const message = pocketMessage(3, 42);
    const { amount } = await derivePocketAmount(seed, message, 100, 5_000);
    const proof = { seed, commitment, message, lower: 100, upper: 5_000, amount };
    expect(await verifyPocketAmount(proof)).toBe(true);
    expect(await verifyPocketAmount({ ...proof, amount: amount === 5_000 ? 4_999 : amount + 1 })).toBe(false);
    const other = await derivePocketAmount(seed, pocketMessage(3, 43), 100, 5_000);
    expect(await verifyPocketAmount({ ...proof, message: pocketMessage(3, 43) })).toBe(other.amount === amount);
    expect(await verifyPocketAmount({ ...proof, commitment: await commitSeed(newSeed()) })).toBe(false);
    expect(await verifyPocketAmount({ ...proof, seed: newSeed() })).toBe(false);
    expect(await verifyPocketAmount({ ...proof, upper: 99 })).toBe(false);
    expect(await verifyPocketAmount({ ...proof, seed: "not a seed" })).toBe(false);
  });
});
