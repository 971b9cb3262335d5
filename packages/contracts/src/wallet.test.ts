import { isLastSixDigits, normalizePromoCode } from "@shwe/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lastSixDigitsSchema, promoCodeInputSchema } from "./wallet.ts";

/**
 * The cash-in form checks its fields with the domain's plain functions, the server with these zod
 * schemas: on any input both must accept the same texts, and the promo code must come out the same.
 */
const pieces = [
  "0",
  "1",
  "5",
  "9",
  "a",
  "z",
  "A",
  "Z",
  "_",
  "-",
  " ",
  "\t",
  "\n",
  "\u0000",
  "\u001b",
  "\u00a0",
  "\ud800",
  "\udc00",
  "😀",
  "၁",
  "ß",
  "ı",
  ".",
  "+",
];
const typed = fc.string({ unit: fc.constantFrom(...pieces), maxLength: 40 });
/** Mostly the shapes a player types (digits, codes with spaces around), so both sides often accept. */
const nearlyValid = fc.oneof(
  typed,
  fc.stringMatching(/^\d{5,7}$/),
  fc
    .tuple(fc.constantFrom("", " ", "\t", "\u0000"), fc.stringMatching(/^[a-zA-Z0-9_-]{0,34}$/), fc.constantFrom("", " ", "\n", "\u0001"))
    .map((p) => p.join("")),
);

describe("cash-in field rules: the form's and the server's are the same", () => {
  it("last six digits", () => {
    fc.assert(
      fc.property(nearlyValid, (input) => {
        expect(isLastSixDigits(input)).toBe(lastSixDigitsSchema.safeParse(input).success);
      }),
      { numRuns: 2000 },
    );
    expect(isLastSixDigits("123456")).toBe(true);
    expect(isLastSixDigits("12345")).toBe(false);
    expect(isLastSixDigits("12345a")).toBe(false);
  });

  it("promo code: accepted alike and read alike (trimmed, upper-cased)", () => {
    fc.assert(
      fc.property(nearlyValid, (input) => {
        const parsed = promoCodeInputSchema.safeParse(input);
        expect(normalizePromoCode(input)).toBe(parsed.success ? parsed.data : undefined);
      }),
      { numRuns: 2000 },
    );
    expect(normalizePromoCode(" welcome10 ")).toBe("WELCOME10");
    expect(normalizePromoCode("WELCOME\u000010")).toBeUndefined();
    expect(normalizePromoCode("A".repeat(33))).toBeUndefined();
  });
});
