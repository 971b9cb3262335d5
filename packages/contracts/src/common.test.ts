import { describe, expect, it } from "vitest";
import { nameSchema, registerBodySchema } from "./accounts.ts";
import { dateRangeQuerySchema, daySchema, hasNoControlCharacters, isUsableDay, text } from "./common.ts";
import { settingTextBodySchema } from "./content.ts";
import { betBodySchema } from "./lottery.ts";
import { cashOutBodySchema } from "./wallet.ts";

describe("text()", () => {
  it("refuses NUL and the other C0 control characters, keeps tab, line breaks and any other character", () => {
    for (const bad of ["a\u0000b", "\u0000", "x\u0001", "\u001b[31m", "a\u001fb", "\u000b", "\u000c", "a\ud800b", "\udfff", "x\ud83d"]) {
      expect(text().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(hasNoControlCharacters(bad)).toBe(false);
    }
    for (const good of ["", "Aung Aung", "line\nbreak\r\n", "tab\there", "ဘဘဘ", "𝔘𝔫𝔦", "\u007f", "\u2028", "😀 ok", "\ud83d\ude00"]) {
      expect(text().safeParse(good).success, JSON.stringify(good)).toBe(true);
    }
  });

  it("runs before the field's own rules (trim cannot hide a NUL) and names the field", () => {
    expect(nameSchema.safeParse("  Aung\u0000 ").success).toBe(false);
    expect(nameSchema.parse("  Aung ")).toBe("Aung");
    const cashOut = cashOutBodySchema.safeParse({
      payment_method_id: 1,
      amount: 5_000,
      account_number: "09123456789",
      holder_name: "Daw\u0000Mya",
      password: "secret",
    });
    expect(cashOut.success).toBe(false);
    expect(cashOut.error?.issues[0]?.path).toEqual(["holder_name"]);
    expect(cashOut.error?.issues[0]?.message).toMatch(/control characters/);
    const register = registerBodySchema.safeParse({ phone: "09\u0000123456789", name: "A", password: "12345678", otp_token: "t" });
    expect(register.error?.issues.map((i) => i.path.join("."))).toContain("phone");
    const setting = settingTextBodySchema.safeParse({ text: "hello\u0000" });
    expect(setting.error?.issues[0]?.path).toEqual(["text"]);
    const bet = betBodySchema.safeParse({ draw_id: 1, lines: [{ number: "1\u00002", amount: 100 }] });
    expect(bet.success).toBe(false);
  });
});

describe("days", () => {
  it("accepts real calendar days from 2000-01-01 to 2100-12-31 only", () => {
    for (const good of ["2000-01-01", "2024-02-29", "2025-03-07", "2100-12-31"]) {
      expect(daySchema.safeParse(good).success, good).toBe(true);
      expect(isUsableDay(good)).toBe(true);
    }
    for (const bad of [
      "0001-01-01",
      "0000-12-31",
      "1999-12-31",
      "2101-01-01",
      "9999-12-31",
      "2024-02-30",
      "2025-13-01",
      "2025-1-1",
      "+275760-09-13",
      "2025-03-07\u0000",
    ]) {
      expect(daySchema.safeParse(bad).success, bad).toBe(false);
      expect(isUsableDay(bad)).toBe(false);
    }
  });

  it("names the date field of a history query", () => {
    const res = dateRangeQuerySchema.safeParse({ start_date: "2025-01-01", end_date: "0001-01-01" });
    expect(res.error?.issues.map((i) => i.path.join("."))).toEqual(["end_date"]);
  });
});
