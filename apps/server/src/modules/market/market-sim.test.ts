import { describe, expect, it } from "vitest";
import { simulatedFeed } from "./market-sim.ts";

describe("the simulated market feed", () => {
  it("answers the same documents as ever for a market, an instant and extra steps", () => {
    expect(simulatedFeed("set", new Date("2025-03-14T09:30:00.000Z"))).toEqual({ setIndex: "1,445.31", setValue: "63,602.89" });
    expect(simulatedFeed("set", new Date("2025-03-13T23:00:07.000Z"))).toEqual({ setIndex: "1,434.38", setValue: "21,895.26" });
    expect(simulatedFeed("crypto", new Date("2025-03-14T09:30:00.000Z"), 3)).toEqual({ price: "66626.72" });
  });
});
