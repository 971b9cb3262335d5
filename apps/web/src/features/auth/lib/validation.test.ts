import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkConfirm, checkNewPassword, cleanCode, normalizeReferral, redirectTarget } from "./validation.ts";

describe("redirectTarget", () => {
  it("returns the remembered same-site path, as a string or a location", () => {
    expect(redirectTarget({ from: "/cashin?x=1" })).toBe("/cashin?x=1");
    expect(redirectTarget({ from: { pathname: "/profile", search: "?a=b", hash: "#c" } })).toBe("/profile?a=b#c");
  });

  it("never leaves the site or returns to an account page", () => {
    for (const from of [
      "//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "/login",
      "/register?ref=X",
      "/forgetpwd",
    ]) {
      expect(redirectTarget({ from })).toBe("/");
    }
    expect(redirectTarget(null)).toBe("/");
    expect(redirectTarget({ from: 42 })).toBe("/");
  });
});

describe("form checks", () => {
  it("accepts passwords of 8 to 64 characters only", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 80 }), (p) => {
        const ok = checkNewPassword(p) === undefined;
        expect(ok).toBe(p.length >= 8 && p.length <= 64);
      }),
    );
  });

  it("the confirmation must equal the password exactly", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        expect(checkConfirm(a, b) === undefined).toBe(a === b);
      }),
    );
  });

  it("the code box keeps at most six digits", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const c = cleanCode(s);
        expect(c).toMatch(/^\d{0,6}$/);
      }),
    );
    expect(cleanCode("Your code: 12 34 56.")).toBe("123456");
  });

  it("referral codes are optional, upper-cased, six letters or digits", () => {
    expect(normalizeReferral("  ")).toEqual({ code: undefined });
    expect(normalizeReferral(" ab12cd ")).toEqual({ code: "AB12CD" });
    expect(normalizeReferral("AB12C")).toHaveProperty("problem");
    expect(normalizeReferral("AB-12C")).toHaveProperty("problem");
  });
});
