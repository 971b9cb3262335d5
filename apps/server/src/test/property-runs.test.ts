import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEEP_FACTOR, propertyRuns, propertyTimeout } from "./property-runs.ts";

describe("how many cases an equivalence property runs", () => {
  it("runs the written number of cases, and DEEP_FACTOR times as many under npm run test:deep", () => {
    expect(propertyRuns(20, {})).toEqual({ numRuns: 20 });
    expect(propertyRuns(20, { DEEP: "0" })).toEqual({ numRuns: 20 });
    expect(propertyRuns(20, { DEEP: "1" })).toEqual({ numRuns: 20 * DEEP_FACTOR });
    expect(propertyTimeout(60_000, { DEEP: "1" })).toBe(60_000 * DEEP_FACTOR);
    expect(propertyTimeout(60_000, {})).toBe(60_000);
  });

  it("replays a printed seed and path: the same failing case again", async () => {
    const failing = fc.asyncProperty(fc.integer({ min: 0, max: 1_000_000 }), async (n) => {
      expect(n % 7).not.toBe(3);
    });
    const first = await fc.check(failing, { numRuns: 1_000 });
    expect(first.failed).toBe(true);
    const message = await fc.assert(failing, { numRuns: 1_000, seed: first.seed }).then(
      () => "",
      (e: Error) => e.message,
    );
    // The failure's message names its seed and path, which FC_SEED / FC_PATH take back.
    const printed = /\{ seed: (-?\d+), path: "([\d:]+)"/.exec(message);
    expect(printed).not.toBeNull();
    const replay = propertyRuns(1, { FC_SEED: printed?.[1], FC_PATH: printed?.[2] });
    expect(replay).toMatchObject({ seed: Number(printed?.[1]), path: printed?.[2], endOnFailure: true });
    const again = await fc.check(failing, replay);
    expect(again.failed).toBe(true);
    expect(again.counterexample).toEqual(first.counterexample);
    expect(() => propertyRuns(1, { FC_SEED: "abc" })).toThrow(/FC_SEED/);
  });
});
