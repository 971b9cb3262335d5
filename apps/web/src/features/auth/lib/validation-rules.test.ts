import { currentPasswordSchema, nameSchema, otpCodeSchema, passwordSchema, referralCodeSchema } from "@shwe/contracts";
import { hasNoControlCharacters, NAME_FIELD, NEW_PASSWORD_FIELD, PASSWORD_FIELD, textProblem } from "@shwe/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkCode, checkName, checkNewPassword, checkPassword, normalizeReferral } from "./validation.ts";

/**
 * The sign-up, sign-in and reset forms (and the profile's name and password forms, through
 * `textProblem`) check their fields by hand, the server with the contracts' schemas; both take their
 * rules from the domain (text-fields.ts). On the same inputs they must agree, control characters
 * (refused by both) and broken characters (a lone UTF-16 surrogate) included.
 */
const controls = ["\u0000", "\u0001", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f", "\ud800", "\udfff"];
const pieces = [
  "0",
  "7",
  "9",
  "a",
  "q",
  "A",
  "Z",
  " ",
  "\t",
  "\n",
  "\r",
  "-",
  "_",
  "ß",
  "ı",
  "၁",
  "ဘ",
  "😀",
  "\u00a0",
  "\u2028",
  "\u007f",
  "\u0085",
];
const typed = fc.string({ unit: fc.constantFrom(...pieces), maxLength: 80 });
const clean = fc.oneof(typed, fc.string({ maxLength: 80 }), fc.stringMatching(/^\s?[a-zA-Z0-9]{5,7}\s?$/), fc.stringMatching(/^\d{5,7}$/));
/** A clean input with one to three control or broken characters put in anywhere (at the ends too, where trimming would hide them). */
const withControls = fc
  .tuple(clean, fc.array(fc.tuple(fc.constantFrom(...controls), fc.nat()), { minLength: 1, maxLength: 3 }))
  .map(([text, inserts]) =>
    inserts.reduce((s, [c, at]) => {
      const i = at % (s.length + 1);
      return s.slice(0, i) + c + s.slice(i);
    }, text),
  );
const inputs = fc.oneof(clean, withControls, fc.string({ unit: fc.constantFrom(...pieces, ...controls), maxLength: 80 }));

describe("the auth forms' checks and the server's schemas agree", { timeout: 30_000 }, () => {
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
    // A control character is refused with its own message, whatever the length.
    expect(checkNewPassword("long enough\u0000")).toBe("validation.control_characters");
    expect(checkNewPassword("long\u000benough")).toBe("validation.control_characters");
    expect(checkNewPassword("broken \ud83d enough")).toBe("validation.control_characters");
    expect(checkNewPassword("tab\tand newline\n")).toBeUndefined();
  });

  it("sign-in password (and the current password of a change)", () => {
    fc.assert(
      fc.property(inputs, (p) => {
        expect(checkPassword(p) === undefined).toBe(currentPasswordSchema.safeParse(p).success);
      }),
      { numRuns: 1000 },
    );
    expect(checkPassword("")).toBe("validation.password_required");
    expect(checkPassword("x\u0007")).toBe("validation.control_characters");
  });

  it("the profile's fields: textProblem of each rule and its schema", () => {
    const fields = [
      [NEW_PASSWORD_FIELD, passwordSchema],
      [PASSWORD_FIELD, currentPasswordSchema],
      [NAME_FIELD, nameSchema],
    ] as const;
    fc.assert(
      fc.property(inputs, (v) => {
        for (const [rule, schema] of fields) expect(textProblem(v, rule) === undefined).toBe(schema.safeParse(v).success);
        expect(textProblem(v, NAME_FIELD) === "control_characters").toBe(!hasNoControlCharacters(v));
      }),
      { numRuns: 1000 },
    );
  });

  it("name", () => {
    fc.assert(
      fc.property(inputs, (n) => {
        expect(checkName(n) === undefined).toBe(nameSchema.safeParse(n).success);
      }),
      { numRuns: 1000 },
    );
    expect(checkName("😀".repeat(60))).toBeUndefined();
    // Looked for before trimming, as the server does: a vertical tab is whitespace to trim() but a control character.
    expect(checkName("Aung Aung\u000b")).toBe("validation.control_characters");
    expect(nameSchema.safeParse("Aung Aung\u000b").success).toBe(false);
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
    expect(normalizeReferral("ABC123\u000b")).toEqual({ problem: "validation.control_characters" });
  });
});
