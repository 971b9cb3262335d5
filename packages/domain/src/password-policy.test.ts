import { describe, expect, it } from "vitest";
import { PUBLISHED_DEMO_PASSWORDS, weakPasswordReason } from "./password-policy.ts";

const common = new Set(["12345678", "password1", "iloveyou"]);
const check = (password: string, phone?: string) => weakPasswordReason(password, { phone, isCommon: (p) => common.has(p) });

describe("the password policy", () => {
  it("accepts a long, uncommon password that is not built on the phone", () => {
    expect(check("river-lamp-4417", "09123456789")).toBeUndefined();
    expect(check("ရွှေကံကောင်း2026", "09123456789")).toBeUndefined();
  });

  it("refuses short and overlong passwords, counting characters, not bytes", () => {
    expect(check("abc12!x")).toBe("too_short");
    expect(check("ရွှေ")).toBe("too_short");
    expect(check("x".repeat(65))).toBe("too_long");
  });

  it("refuses every published demo password, in any letter case, also inside a longer one", () => {
    for (const p of PUBLISHED_DEMO_PASSWORDS) {
      expect(check(p)).toBe("published");
      expect(check(p.toUpperCase())).toBe("published");
      expect(check(`my-${p}-again`)).toBe("published");
    }
  });

  it("refuses the common passwords in any letter case", () => {
    expect(check("12345678")).toBe("common");
    expect(check("Password1")).toBe("common");
    expect(check("ILOVEYOU")).toBe("common");
  });

  it("refuses the phone number and its trivial variations", () => {
    const phone = "09123456789";
    for (const p of [
      "09123456789",
      "+959123456789",
      "959123456789",
      "9123456789",
      "123456789a",
      "0912-345-6789",
      "987654321x",
      "x123456789",
    ]) {
      expect(check(p, phone), p).toBe("phone");
    }
    expect(check("09123456789")).toBeUndefined();
  });

  it("refuses one short piece repeated", () => {
    expect(check("aaaaaaaa")).toBe("repeated");
    expect(check("abababab")).toBe("repeated");
    expect(check("xyzxyzxyz")).toBe("repeated");
  });
});
