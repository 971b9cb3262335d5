import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskPhone, normalizePhone } from "./phone.ts";

describe("normalizePhone", () => {
  it.each([
    ["09123456789", "09123456789"],
    ["+959123456789", "09123456789"],
    ["959123456789", "09123456789"],
    ["09 123 456 789", "09123456789"],
    ["09-1234567", "091234567"],
    ["0912345678", "0912345678"],
  ])("%s → %s", (input, out) => expect(normalizePhone(input)).toBe(out));

  it.each(["", "08123456789", "091234", "0912345678901", "09abc456789", "+66912345678", "9123456789"])("refuses %j", (input) =>
    expect(normalizePhone(input)).toBeNull(),
  );

  it("every accepted form of the same digits normalises to one stored number", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7,9}$/), (rest) => {
        const stored = `09${rest}`;
        expect(normalizePhone(stored)).toBe(stored);
        expect(normalizePhone(`+959${rest}`)).toBe(stored);
        expect(normalizePhone(`959${rest}`)).toBe(stored);
        expect(normalizePhone(normalizePhone(stored) ?? "")).toBe(stored);
      }),
    );
  });
});

describe("maskPhone", () => {
  it("stars all but the last three digits of an 11-character number", () => {
    expect(maskPhone("09123456789")).toBe("********789");
  });
  it.each(["0912345678", "091234567", "", "091234567890", "12345678901"])("shows nothing for %j", (p) => expect(maskPhone(p)).toBe(""));
  it("never reveals more than the last three digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^09\d{9}$/), (phone) => {
        const masked = maskPhone(phone);
        expect(masked).toHaveLength(11);
        expect(masked.slice(0, 8)).toBe("********");
        expect(masked.slice(8)).toBe(phone.slice(8));
      }),
    );
  });
});
