import { describe, expect, it } from "vitest";
import { demoHash } from "./demo-hash.ts";

describe("demoHash", () => {
  it("is 32-bit FNV-1a (the published test vectors)", () => {
    expect(demoHash("")).toBe(0x811c9dc5);
    expect(demoHash("a")).toBe(0xe40c292c);
    expect(demoHash("foobar")).toBe(0xbf9cf968);
  });

  it("gives the numbers the demo data was made from: the market feed's seeds and the past results' mixed hashes", () => {
    expect(demoHash("set:2025-03-14")).toBe(857_293_244);
    expect(demoHash("ပိုက်ဆံ")).toBe(384_295_250);
    expect(demoHash("", { mixed: true })).toBe(447_841_614);
    expect(demoHash("a", { mixed: true })).toBe(187_539_957);
    expect(demoHash("foobar", { mixed: true })).toBe(2_551_295_487);
    expect(demoHash("set|2025-03-14T09:30:00.000Z", { mixed: true })).toBe(3_628_921_440);
    expect(demoHash("set:2025-03-14", { mixed: true })).toBe(989_245_479);
  });

  it("is an unsigned 32-bit whole number", () => {
    for (const text of ["", "x", "crypto:2025-01-01", "tgl|2024-12-16T08:00:00.000Z", "💰"]) {
      for (const h of [demoHash(text), demoHash(text, { mixed: true })]) {
        expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32, `${text}: ${h}`).toBe(true);
      }
    }
  });
});
