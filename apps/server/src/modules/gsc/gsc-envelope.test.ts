import { describe, expect, it } from "vitest";
import { simulatedGscConfig } from "./gsc-config.ts";
import { gscInboundSign } from "./gsc-sign.ts";
import { envelopeOf, envelopeRefusal } from "./gsc-wallet.service.ts";

/** The webhook envelope checks (gsc-plus.md §2.1, §2.3), before anything is read from the database. */
describe("GSC+ webhook envelope", () => {
  const config = simulatedGscConfig();
  const body = (requestTime: number | string, sign?: string, operatorCode = "SWDM") => ({
    operator_code: operatorCode,
    request_time: requestTime,
    sign: sign ?? gscInboundSign(operatorCode, String(requestTime), "withdraw", config.secretKey),
  });
  const now = Date.UTC(2026, 10, 26, 8, 0, 0);

  it("the contract's worked example: md5('AB12' + '1732600000' + 'withdraw' + 's3cr3t')", () => {
    expect(gscInboundSign("AB12", "1732600000", "withdraw", "s3cr3t")).toBe("401a42ea5d8f1be4d73d8dba4df8ad1a");
    const c = simulatedGscConfig({ operatorCode: "AB12", secretKey: "s3cr3t" });
    const env = envelopeOf({
      operator_code: "AB12",
      request_time: 1732600000,
      sign: gscInboundSign("AB12", "1732600000", "withdraw", "s3cr3t"),
    });
    expect(env && envelopeRefusal(c, env, "withdraw", now)).toBeUndefined();
  });

  it("request_time is signed verbatim, as a number or a string of digits; anything else is malformed", () => {
    expect(envelopeOf(body("0001732600000"))?.requestTime).toBe("0001732600000");
    expect(envelopeOf(body(1732600000))?.requestTime).toBe("1732600000");
    expect(envelopeOf(body(1.5))).toBeUndefined();
    expect(envelopeOf(body("17e8"))).toBeUndefined();
    expect(envelopeOf({ request_time: 1 })).toBeUndefined();
  });

  it("without a window (the default) an old request_time is accepted: retries re-send the original body", () => {
    const env = envelopeOf(body(1_000_000_000));
    expect(env && envelopeRefusal(config, env, "withdraw", now)).toBeUndefined();
  });

  it("with a window, a stale request_time answers 1004; seconds and milliseconds are told apart by magnitude", () => {
    const windowed = simulatedGscConfig({ requestTimeWindowS: 300 });
    const at = (rt: number) => {
      const env = envelopeOf(body(rt));
      if (!env) throw new Error("malformed");
      return envelopeRefusal(windowed, env, "withdraw", now);
    };
    expect(at(now / 1000 - 299)).toBeUndefined();
    expect(at(now - 299_000)).toBeUndefined();
    expect(at(now / 1000 - 301)).toBe(1004);
    expect(at(now + 301_000)).toBe(1004);
  });

  it("another operator code is 1002 before the sign is looked at; a bad sign is 1004", () => {
    const other = envelopeOf(body(1732600000, undefined, "XY99"));
    expect(other && envelopeRefusal(config, other, "withdraw", now)).toBe(1002);
    const bad = envelopeOf(body(1732600000, "0".repeat(32)));
    expect(bad && envelopeRefusal(config, bad, "withdraw", now)).toBe(1004);
    const good = envelopeOf(body(1732600000));
    expect(good && envelopeRefusal(config, good, "deposit", now)).toBe(1004);
  });
});
