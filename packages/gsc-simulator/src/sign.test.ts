import { describe, expect, it } from "vitest";
import { formatUnits, kyatText, toUnits, unitsToNumber } from "./amount.ts";
import { operatorApiSign, operatorApiSignValid, WEBHOOK_KEYWORDS, webhookSign } from "./sign.ts";

describe("the aggregator's signs (gsc-plus.md §2)", () => {
  it("signs webhooks operator-first: the spec's worked example", () => {
    // md5("AB121732600000withdraws3cr3t"), the 28-character string of §2.1.
    expect(webhookSign("AB12", 1732600000, "withdraw", "s3cr3t")).toBe("401a42ea5d8f1be4d73d8dba4df8ad1a");
    expect(webhookSign("AB12", "1732600000", WEBHOOK_KEYWORDS.withdraw, "s3cr3t")).toBe("401a42ea5d8f1be4d73d8dba4df8ad1a");
  });

  it("signs the balance webhook with `getbalance`, not `balance`", () => {
    expect(WEBHOOK_KEYWORDS.balance).toBe("getbalance");
    expect(webhookSign("AB12", 1732600000, WEBHOOK_KEYWORDS.balance, "s3cr3t")).toBe("de13124ac60869075742c0b9e959f2ea");
  });

  it("checks operator calls request-first: md5(request_time ‖ secret ‖ keyword ‖ operator_code)", () => {
    // md5("1732600000s3cr3tlaunchgameAB12")
    expect(operatorApiSign(1732600000, "s3cr3t", "launchgame", "AB12")).toBe("867c7e62427a83d9c5414e3fd3302c4f");
    const args = { requestTime: "1732600000", secretKey: "s3cr3t", keyword: "launchgame" as const, operatorCode: "AB12" };
    expect(operatorApiSignValid({ ...args, sign: "867c7e62427a83d9c5414e3fd3302c4f" })).toBe(true);
    expect(operatorApiSignValid({ ...args, sign: "867C7E62427A83D9C5414E3FD3302C4F" })).toBe(true);
  });

  it("refuses the other family's order, another keyword, another time and what is not a sign", () => {
    const args = { requestTime: "1732600000", secretKey: "s3cr3t", keyword: "launchgame" as const, operatorCode: "AB12" };
    expect(operatorApiSignValid({ ...args, sign: webhookSign("AB12", 1732600000, "launchgame", "s3cr3t") })).toBe(false);
    expect(operatorApiSignValid({ ...args, sign: operatorApiSign(1732600000, "s3cr3t", "gamelist", "AB12") })).toBe(false);
    expect(operatorApiSignValid({ ...args, sign: operatorApiSign(1732600001, "s3cr3t", "launchgame", "AB12") })).toBe(false);
    for (const bad of [undefined, 42, "", "867c7e62427a83d9c5414e3fd3302c4", "zz7c7e62427a83d9c5414e3fd3302c4f"]) {
      expect(operatorApiSignValid({ ...args, sign: bad })).toBe(false);
    }
  });
});

describe("the aggregator's amounts (§1.2, §5)", () => {
  it("reads numbers and numeric strings exactly and writes the shortest decimal", () => {
    expect(toUnits("-1.5")).toBe(-15_000n);
    expect(toUnits(1.5)).toBe(15_000n);
    expect(toUnits("0.0375")).toBe(375n);
    expect(toUnits("10")).toBe(100_000n);
    expect(toUnits("2.50000")).toBe(25_000n);
    expect(formatUnits(375n)).toBe("0.0375");
    expect(formatUnits(-100_000n)).toBe("-10");
    expect(formatUnits(0n)).toBe("0");
    expect(unitsToNumber(15_000n)).toBe(1.5);
  });

  it("refuses more than 4 decimals and what is not a plain decimal", () => {
    for (const bad of ["0.00001", "1e3", "abc", "", "1.2.3", 1e-7, Number.NaN]) expect(() => toUnits(bad)).toThrow(RangeError);
  });

  it("shows a scaled balance in kyat without floating point", () => {
    expect(kyatText("148.5", "MMK2")).toBe("148,500");
    expect(kyatText(0.0375, "MMK2")).toBe("37.5");
    expect(kyatText("12.34", "MMK3")).toBe("1,234");
    expect(kyatText("150000", "MMK")).toBe("150,000");
    expect(kyatText("-2.5", "MMK2")).toBe("-2,500");
  });
});
