import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acceptanceLimit,
  commitSeed,
  deriveDerivedFairNumber,
  deriveFairNumber,
  digestWords,
  fairNumber,
  hmacSha256,
  isValidSeed,
  newSeed,
  uniformFromWords,
  verifyDerivedFairDraw,
  verifyFairDraw,
} from "./fair-draw.ts";
import { LOTTERY_TYPES, LotteryRuleError, type LotteryType } from "./games.ts";

const SEED_A = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const SEED_F = "f".repeat(64);

/**
 * Vectors computed independently with standard tools:
 * `printf %s SEED | sha256sum`, `printf %s DRAW_ID | openssl dgst -sha256 -hmac SEED`, then the
 * first 32-bit word below the acceptance limit, modulo 10 / 100 / 1000.
 */
const VECTORS: readonly [seed: string, drawId: number, oneD: string, twoD: string, threeD: string][] = [
  [SEED_A, 1, "0", "60", "760"],
  [SEED_A, 42, "1", "91", "191"],
  [SEED_A, 123456789, "0", "90", "590"],
  [SEED_F, 1, "0", "10", "010"],
  [SEED_F, 42, "7", "47", "047"],
  [SEED_F, 123456789, "1", "21", "221"],
];

describe("commitment", () => {
  it("is the SHA-256 of the seed's 64 characters", async () => {
    expect(await commitSeed(SEED_A)).toBe("a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e");
    expect(await commitSeed(SEED_F)).toBe("df0790f236013511e91fa4532fb7761f62320a51a3868dabf4a13fe5f53e3263");
  });

  it("refuses seeds that are not 64 lowercase hex characters", async () => {
    for (const bad of ["", "abc", SEED_A.toUpperCase(), `${SEED_A}0`, `${SEED_A.slice(1)}g`]) {
      expect(isValidSeed(bad)).toBe(false);
      await expect(commitSeed(bad)).rejects.toThrow(LotteryRuleError);
    }
  });
});

describe("fair numbers", () => {
  it("HMAC-SHA256 keyed by the seed over the draw id", async () => {
    expect(await hmacSha256(SEED_F, "42")).toBe("af8263df2d758e3bed2c22a975be720541d1a17694b3365be4a7b8082695ba70");
  });

  it.each(VECTORS)("seed %s… draw %i → 1D %s, 2D %s, 3D %s", async (seed, drawId, oneD, twoD, threeD) => {
    expect(await fairNumber(seed, drawId, "1D")).toBe(oneD);
    expect(await fairNumber(seed, drawId, "C1D")).toBe(oneD);
    expect(await fairNumber(seed, drawId, "2D")).toBe(twoD);
    expect(await fairNumber(seed, drawId, "C2D")).toBe(twoD);
    expect(await fairNumber(seed, drawId, "3D")).toBe(threeD);
    expect(await fairNumber(seed, String(drawId), "3D")).toBe(threeD);
  });

  it("shows the derivation steps", async () => {
    const steps = await deriveFairNumber(SEED_F, 42, "2D");
    expect(steps).toEqual({
      number: "47",
      message: "42",
      hmac: "af8263df2d758e3bed2c22a975be720541d1a17694b3365be4a7b8082695ba70",
      wordIndex: 0,
      word: 0xaf8263df,
      limit: 4_294_967_200,
    });
    expect(0xaf8263df % 100).toBe(47);
  });

  it("refuses malformed draw ids", async () => {
    for (const bad of [-1, 1.5, Number.NaN, "", "007", "12a", "1 2"]) {
      await expect(fairNumber(SEED_A, bad, "2D")).rejects.toThrow(/is not a draw id/);
    }
  });
});

describe("rejection sampling", () => {
  it("limits are the largest multiples of the range within 2^32", () => {
    expect(acceptanceLimit(10)).toBe(4_294_967_290);
    expect(acceptanceLimit(100)).toBe(4_294_967_200);
    expect(acceptanceLimit(1000)).toBe(4_294_967_000);
  });

  it("skips words at or above the limit and takes the next one", () => {
    expect(uniformFromWords([4_294_967_295, 4_294_967_290, 123], 10)).toBe(3);
    expect(uniformFromWords([4_294_967_289], 10)).toBe(9);
    expect(uniformFromWords([4_294_967_000, 999_999], 1000)).toBe(999);
    expect(uniformFromWords([4_294_967_295, 4_294_967_295], 100)).toBeNull();
  });

  it("reads a digest as eight big-endian words", () => {
    expect(digestWords(`00000001${"ff".repeat(28)}`)).toEqual([1, ...Array(7).fill(0xffffffff)]);
    expect(() => digestWords("xyz")).toThrow(LotteryRuleError);
  });

  it("maps the accepted words evenly: each residue has the same number of accepted words", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.nat(), (size, raw) => {
        const limit = acceptanceLimit(size);
        expect(limit % size).toBe(0);
        expect(limit).toBeLessThanOrEqual(2 ** 32);
        expect(2 ** 32 - limit).toBeLessThan(size);
        const word = raw % 2 ** 32;
        const got = uniformFromWords([word, 5], size);
        expect(got).toBe(word < limit ? word % size : 5 % size);
      }),
    );
  });
});

describe("verifyFairDraw", () => {
  const proof = {
    seed: SEED_F,
    commitment: "df0790f236013511e91fa4532fb7761f62320a51a3868dabf4a13fe5f53e3263",
    drawId: 42,
    type: "2D" as const,
    number: "47",
  };

  it("accepts the published proof (commitment in either case)", async () => {
    expect(await verifyFairDraw(proof)).toBe(true);
    expect(await verifyFairDraw({ ...proof, commitment: proof.commitment.toUpperCase() })).toBe(true);
  });

  it("fails a commitment mismatch, a tampered number, another draw id or game, a malformed seed", async () => {
    expect(await verifyFairDraw({ ...proof, commitment: await commitSeed(SEED_A) })).toBe(false);
    expect(await verifyFairDraw({ ...proof, number: "48" })).toBe(false);
    expect(await verifyFairDraw({ ...proof, number: "7" })).toBe(false);
    expect(await verifyFairDraw({ ...proof, drawId: 43 })).toBe(false);
    expect(await verifyFairDraw({ ...proof, type: "3D", number: "047" })).toBe(true);
    expect(await verifyFairDraw({ ...proof, type: "3D", number: "147" })).toBe(false);
    expect(await verifyFairDraw({ ...proof, seed: SEED_F.toUpperCase() })).toBe(false);
    expect(await verifyFairDraw({ ...proof, drawId: "abc" })).toBe(false);
    expect(await verifyFairDraw({ ...proof, type: "4D" as LotteryType })).toBe(false);
  });

  it("round-trips for fresh seeds, and fails for any other number", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LOTTERY_TYPES),
        fc.nat(),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        async (type, drawId, bytes) => {
          const seed = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
          const commitment = await commitSeed(seed);
          const number = await fairNumber(seed, drawId, type);
          expect(await verifyFairDraw({ seed, commitment, drawId, type, number })).toBe(true);
          const other = String((Number(number) + 1) % 10 ** number.length).padStart(number.length, "0");
          expect(await verifyFairDraw({ seed, commitment, drawId, type, number: other })).toBe(false);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe("newSeed", () => {
  it("gives 64 hex characters from the CSPRNG, different every time", () => {
    const seeds = new Set(Array.from({ length: 20 }, () => newSeed()));
    expect(seeds.size).toBe(20);
    for (const s of seeds) expect(isValidSeed(s)).toBe(true);
  });
});

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: readonly number[], total: number): number {
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe("uniformity", () => {
  // Deterministic seeds and draw ids, so the statistic is fixed and the test cannot flake.
  // Bounds: far outside the 0.1 % and 99.9 % points of chi-square (df 9: 1.15 and 27.9;
  // df 99: 61.9 and 148.2), so a biased (too high) or patterned (too low) derivation fails.
  it.each([
    ["1D", 10, 1.0, 30],
    ["2D", 100, 55, 160],
  ] as const)("%s numbers over 10,000 draws pass a chi-square test", async (type, size, low, high) => {
    const counts = new Array<number>(size).fill(0);
    const draws = 10_000;
    for (let i = 0; i < draws; i++) {
      const seed = i % 2 === 0 ? SEED_A : SEED_F;
      const n = Number(await fairNumber(seed, i, type));
      counts[n] = (counts[n] ?? 0) + 1;
    }
    const statistic = chiSquare(counts, draws);
    expect(statistic).toBeGreaterThan(low);
    expect(statistic).toBeLessThan(high);
  });
});

describe("verifyDerivedFairDraw (1D from 2D, crypto 1D from crypto 2D)", () => {
  // SEED_F with 2D draw 42 gives 47 (see VECTORS), so the 1D draw at the same time is 7.
  const proof = {
    seed: SEED_F,
    commitment: "df0790f236013511e91fa4532fb7761f62320a51a3868dabf4a13fe5f53e3263",
    type: "1D" as const,
    sourceDrawId: 42,
    sourceType: "2D" as const,
    digit: "last" as const,
    number: "7",
  };

  it("takes the last digit of the source draw's number and shows its steps", async () => {
    const steps = await deriveDerivedFairNumber(SEED_F, 42, "2D", "1D", "last");
    expect(steps).toMatchObject({ number: "7", sourceNumber: "47", message: "42", word: 0xaf8263df });
    expect((await deriveDerivedFairNumber(SEED_A, 42, "C2D", "C1D", "last")).number).toBe("1");
  });

  it("accepts the published 1D and crypto 1D proofs", async () => {
    expect(await verifyDerivedFairDraw(proof)).toBe(true);
    expect(await verifyDerivedFairDraw({ ...proof, type: "C1D", sourceType: "C2D" })).toBe(true);
  });

  it("fails a tampered number, source draw, seed, commitment or game pairing", async () => {
    expect(await verifyDerivedFairDraw({ ...proof, number: "4" })).toBe(false);
    expect(await verifyDerivedFairDraw({ ...proof, number: "47" })).toBe(false);
    expect(await verifyDerivedFairDraw({ ...proof, sourceDrawId: 43 })).toBe(false);
    expect(await verifyDerivedFairDraw({ ...proof, commitment: await commitSeed(SEED_A) })).toBe(false);
    expect(await verifyDerivedFairDraw({ ...proof, seed: SEED_A, commitment: await commitSeed(SEED_A) })).toBe(false);
    expect(await verifyDerivedFairDraw({ ...proof, sourceType: "C2D" })).toBe(false);
    expect(await verifyDerivedFairDraw({ ...proof, type: "3D", number: "047" })).toBe(false);
    expect(await verifyDerivedFairDraw({ ...proof, digit: "first" as "last" })).toBe(false);
    expect(await verifyDerivedFairDraw({ ...proof, sourceDrawId: "x" })).toBe(false);
  });

  it("for any seed and draw, the derived number is the last digit of the 2D number and nothing else verifies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(["1D", "2D"] as const, ["C1D", "C2D"] as const),
        fc.nat(),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        async ([type, sourceType], sourceDrawId, bytes) => {
          const seed = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
          const commitment = await commitSeed(seed);
          const twoD = await fairNumber(seed, sourceDrawId, sourceType);
          const base = { seed, commitment, type, sourceDrawId, sourceType, digit: "last" as const };
          expect(await verifyDerivedFairDraw({ ...base, number: twoD.slice(-1) })).toBe(true);
          const other = String((Number(twoD.slice(-1)) + 1) % 10);
          expect(await verifyDerivedFairDraw({ ...base, number: other })).toBe(false);
        },
      ),
      { numRuns: 50 },
    );
  });
});
