import { nameSchema, otpCodeSchema, passwordSchema, referralCodeSchema } from "@shwe/contracts";
import { hasNoControlCharacters } from "@shwe/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkCode, checkName, checkNewPassword, normalizeReferral } from "./validation.ts";

/**
 * The sign-up and reset forms check their fields by hand, the server with the contracts' schemas;
 * both take their lengths and patterns from the domain. On the same inputs they must agree (texts
 * with control characters aside: the forms leave those to the server, which names the field).
 */
const pieces = ["0", "7", "9", "a", "q", "A", "Z", " ", "\t", "\n", "-", "_", "ß", "ı", "၁", "ဘ", "😀", "\u00a0", "\u2028"];
const typed = fc.string({ unit: fc.constantFrom(...pieces), maxLength: 80 });
const inputs = fc
  .oneof(typed, fc.string({ maxLength: 80 }), fc.stringMatching(/^\s?[a-zA-Z0-9]{5,7}\s?$/), fc.stringMatching(/^\d{5,7}$/))
  .filter(hasNoControlCharacters);

describe("the auth forms' checks and the server's schemas agree", () => {
  it("new password", () => {
    fc.assert(
      fc.property(inputs, (p) => {
        expect(checkNewPassword(p) === undefined).toBe(passwordSchema.safeParse(p).success);
      }),
      { numRuns: 1000 },
    );
    // Characters are counted as the server counts them: an emoji is one (eight UTF-16 units, six characters).
    expect(checkNewPassword("00😀0😀0")).toBe("validation.password_short");
    expect(checkNewPassword("😀".repeat(64))).toBeUndefined();
  });

  it("name", () => {
    fc.assert(
      fc.property(inputs, (n) => {
        expect(checkName(n) === undefined).toBe(nameSchema.safeParse(n).success);
      }),
      { numRuns: 1000 },
    );
    expect(checkName("😀".repeat(60))).toBeUndefined();
  });

  it("SMS code", () => {
    fc.assert(
      fc.property(inputs, (c) => {
        expect(checkCode(c) === undefined).toBe(otpCodeSchema.safeParse(c).success);
      }),
      { numRuns: 1000 },
    );
  });

  it("referral code: accepted alike and read alike (a blank one is simply not sent)", () => {
    fc.assert(
      fc.property(inputs, (r) => {
        const form = normalizeReferral(r);
        if ("code" in form && form.code === undefined) return;
        const parsed = referralCodeSchema.safeParse(r);
        expect("code" in form ? form.code : undefined).toBe(parsed.success ? parsed.data : undefined);
      }),
      { numRuns: 1000 },
    );
  });
});
