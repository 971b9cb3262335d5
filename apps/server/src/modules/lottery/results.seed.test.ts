import { describe, expect, it } from "vitest";
import { demoFeedValues } from "./results.seed.ts";

describe("the demo feed of past results", () => {
  it("answers the same values as ever for a game and a draw time", () => {
    const at = new Date("2025-03-14T09:30:00.000Z");
    expect(demoFeedValues("2D", at)).toEqual({ setIndex: "1490.74", setValue: "51937.13" });
    expect(demoFeedValues("1D", at)).toEqual({ setIndex: "1490.74", setValue: "51937.13" });
    expect(demoFeedValues("3D", at)).toEqual({ firstPrize: "702907" });
    expect(demoFeedValues("3D", new Date("2024-12-16T08:00:00.000Z"))).toEqual({ firstPrize: "244506" });
    expect(demoFeedValues("C2D", at)).toEqual({ price: "89440.37" });
    expect(demoFeedValues("C1D", at)).toEqual({ price: "89440.37" });
  });
});
