import { describe, expect, it } from "vitest";
import { connectionOf, deviceClassOf, p75, rateVital } from "./vitals.ts";

describe("speed samples", () => {
  it("rates values on the Core Web Vitals thresholds, the limits counting as the better side", () => {
    expect(rateVital("LCP", 2500)).toBe("good");
    expect(rateVital("LCP", 2501)).toBe("needs-improvement");
    expect(rateVital("LCP", 4000)).toBe("needs-improvement");
    expect(rateVital("LCP", 4001)).toBe("poor");
    expect(rateVital("INP", 200)).toBe("good");
    expect(rateVital("INP", 501)).toBe("poor");
    expect(rateVital("CLS", 0.1)).toBe("good");
    expect(rateVital("CLS", 0.26)).toBe("poor");
    expect(rateVital("TTFB", 900)).toBe("needs-improvement");
  });

  it("takes the 75th percentile by nearest rank", () => {
    expect(p75([])).toBeUndefined();
    expect(p75([7])).toBe(7);
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([10, 20, 30, 40, 50])).toBe(40);
  });

  it("classes a device coarsely: desktop by UA-CH, else memory, else cores", () => {
    expect(deviceClassOf({ mobile: false, memoryGb: 1 })).toBe("desktop");
    expect(deviceClassOf({ memoryGb: 2, cores: 8 })).toBe("low");
    expect(deviceClassOf({ memoryGb: 4 })).toBe("mid");
    expect(deviceClassOf({ memoryGb: 8 })).toBe("high");
    expect(deviceClassOf({ cores: 2 })).toBe("low");
    expect(deviceClassOf({ cores: 8 })).toBe("high");
    expect(deviceClassOf({})).toBe("unknown");
  });

  it("keeps only the connection classes it knows", () => {
    expect(connectionOf("3g")).toBe("3g");
    expect(connectionOf("5g")).toBe("unknown");
    expect(connectionOf(undefined)).toBe("unknown");
  });
});
