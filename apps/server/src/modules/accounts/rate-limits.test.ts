import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { newPhone, post, rowCounts } from "./accounts.test-helpers.ts";
import { ACCOUNT_LIMITS } from "./rate-limits.ts";

/** The limits with their real numbers (the default test configuration: enabled, factor 1). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("rate limits of the account calls", () => {
  it("login: 10 tries per phone per 15 minutes, then 429 RATE_LIMITED with Retry-After", async () => {
    const phoneLimit = ACCOUNT_LIMITS.login.find((r) => r.by === "phone");
    expect(phoneLimit).toEqual({ by: "phone", max: 10, windowMs: 15 * 60_000 });
    const phone = "09500000001";
    for (let i = 0; i < 10; i++) {
      const res = await post(t.app, "/api/user/login", { phone, password: `wrong password ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const before = await rowCounts(t.ctx.db);
    // The same phone in another form is the same phone.
    const limited = await post(t.app, "/api/user/login", { phone: "+959500000001", password: "demo-player-1" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: "RATE_LIMITED", message: expect.any(String), details: { retry_after: expect.any(Number) } });
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    // Another phone from the same address is not blocked by this phone's limit.
    expect((await post(t.app, "/api/user/login", { phone: "09500000002", password: "demo-player-2" })).statusCode).toBe(200);
  });

  it("check_phone: 30 per IP per 15 minutes, whatever the phones", async () => {
    for (let i = 0; i < 30; i++) {
      expect((await post(t.app, "/api/user/check_phone", { phone: newPhone() })).statusCode).toBe(200);
    }
    const limited = await post(t.app, "/api/user/check_phone", { phone: newPhone() });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Other calls have their own counters.
    expect((await post(t.app, "/api/user/send_otp", { phone: newPhone(), purpose: "register" })).statusCode).toBe(200);
  });
});
