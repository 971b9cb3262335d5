import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { testConfig } from "../../config/env.ts";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { codeFromOutbox, newPhone, post, rowCounts, verifiedPhone } from "./accounts.test-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
});
afterAll(async () => t.close());

const DEMO_PLAYER = "09500000001";

async function otpCodeRows(phone: string) {
  const res = await t.ctx.db.execute(sql`select code_hash, attempts, consumed_at from otp_codes where phone = ${phone} order by id`);
  return rowsOf<{ code_hash: string; attempts: number; consumed_at: Date | null }>(res);
}

describe("POST /api/user/check_phone", () => {
  it("tells whether a phone has an account, in any accepted form", async () => {
    for (const phone of ["09500000001", "+959500000001", "959500000001", "09 500 000 001"]) {
      const res = await post(t.app, "/api/user/check_phone", { phone });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ registered: true });
    }
    const res = await post(t.app, "/api/user/check_phone", { phone: newPhone() });
    expect(res.json()).toEqual({ registered: false });
  });

  it("refuses a phone that is not a Myanmar mobile number, naming the field", async () => {
    for (const phone of ["0812345678", "09123", "abcdefghijk", "+66912345678"]) {
      const res = await post(t.app, "/api/user/check_phone", { phone });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
      expect(res.json().details.fields[0].field).toBe("phone");
    }
  });

  it("refuses missing fields, wrong types and unknown fields", async () => {
    for (const payload of [{}, { phone: 9500000001 }, { phone: DEMO_PLAYER, role: "admin" }]) {
      const res = await post(t.app, "/api/user/check_phone", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED", message: expect.any(String) });
    }
  });
});

describe("POST /api/user/send_otp", () => {
  it("sends a 6-digit code by SMS to the demo outbox and stores only its hash", async () => {
    const phone = newPhone();
    const res = await post(t.app, "/api/user/send_otp", { phone: `+95${phone.slice(1)}`, purpose: "register" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Verification code sent!" });
    const outbox = await t.app.inject({ method: "GET", url: `/api/dev/outbox?phone=${phone}` });
    const [sms] = outbox.json().data;
    expect(sms.to).toBe(phone);
    expect(sms.text).toMatch(/\b\d{6}\b/);
    expect(Date.parse(sms.created_at)).not.toBeNaN();
    const code = await codeFromOutbox(t.app, phone);
    const rows = await otpCodeRows(phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);
  });

  it("records each delivery (demo outbox adapter) without the message or the code", async () => {
    const phone = newPhone();
    expect((await post(t.app, "/api/user/send_otp", { phone, purpose: "register" })).statusCode).toBe(200);
    const code = await codeFromOutbox(t.app, phone);
    const res = await t.ctx.db.execute(
      sql`select purpose, gateway, status, attempts, provider_message_id, last_error from sms_deliveries where phone = ${phone}`,
    );
    const rows = rowsOf<Record<string, unknown>>(res);
    expect(rows).toEqual([
      { purpose: "otp_register", gateway: "console", status: "sent", attempts: 1, provider_message_id: null, last_error: null },
    ]);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("refuses a sign-up code for a registered phone (409) and a reset code for an unknown one (404)", async () => {
    const before = await rowCounts(t.ctx.db);
    const taken = await post(t.app, "/api/user/send_otp", { phone: DEMO_PLAYER, purpose: "register" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: "PHONE_REGISTERED", message: expect.any(String) });
    const unknown = await post(t.app, "/api/user/send_otp", { phone: newPhone(), purpose: "reset" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("NOT_FOUND");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it("refuses a bad purpose or unknown fields", async () => {
    const before = await rowCounts(t.ctx.db);
    for (const payload of [
      { phone: newPhone(), purpose: "withdraw" },
      { phone: newPhone() },
      { phone: newPhone(), purpose: "register", code: "123456" },
    ]) {
      const res = await post(t.app, "/api/user/send_otp", payload);
      expect(res.statusCode).toBe(400);
    }
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it("sends at most 3 codes per phone per hour, counted by the database, with Retry-After", async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      const res = await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
      expect(res.statusCode).toBe(200);
    }
    const before = await rowCounts(t.ctx.db);
    const fourth = await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: "RATE_LIMITED", message: expect.any(String) });
    const retryAfter = Number(fourth.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await rowCounts(t.ctx.db)).toEqual(before);

    // Once the first code is more than an hour old, one more may be sent.
    await t.ctx.db.execute(
      sql`update otp_codes set created_at = now() - interval '61 minutes' where id = (select min(id) from otp_codes where phone = ${phone})`,
    );
    expect((await post(t.app, "/api/user/send_otp", { phone, purpose: "register" })).statusCode).toBe(200);
    expect((await post(t.app, "/api/user/send_otp", { phone, purpose: "register" })).statusCode).toBe(429);
  });

  it("lets exactly 3 of 6 simultaneous sends through", async () => {
    const phone = newPhone();
    const results = await Promise.all(Array.from({ length: 6 }, () => post(t.app, "/api/user/send_otp", { phone, purpose: "register" })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await otpCodeRows(phone)).toHaveLength(3);
  });
});

describe("POST /api/user/verify_otp", () => {
  it("exchanges the right code for an otp_token, stored hashed", async () => {
    const phone = newPhone();
    await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    const code = await codeFromOutbox(t.app, phone);
    const res = await post(t.app, "/api/user/verify_otp", { phone, purpose: "register", code });
    expect(res.statusCode).toBe(200);
    const token: string = res.json().otp_token;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const proofs = rowsOf<{ token_hash: string }>(await t.ctx.db.execute(sql`select token_hash from otp_proofs where phone = ${phone}`));
    expect(proofs).toHaveLength(1);
    expect(proofs[0]?.token_hash).not.toBe(token);
  });

  it("counts wrong codes: five wrong tries, then the code is dead even when right", async () => {
    const phone = newPhone();
    await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    const code = await codeFromOutbox(t.app, phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const before = await rowCounts(t.ctx.db);
    for (let i = 1; i <= 5; i++) {
      const res = await post(t.app, "/api/user/verify_otp", { phone, purpose: "register", code: wrong });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: "OTP_INVALID", details: { attempts_left: 5 - i } });
    }
    const sixth = await post(t.app, "/api/user/verify_otp", { phone, purpose: "register", code: wrong });
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().code).toBe("OTP_LOCKED");
    const right = await post(t.app, "/api/user/verify_otp", { phone, purpose: "register", code });
    expect(right.json().code).toBe("OTP_LOCKED");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect((await otpCodeRows(phone))[0]?.attempts).toBe(5);

    // A new code works again.
    await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    const fresh = await codeFromOutbox(t.app, phone);
    expect((await post(t.app, "/api/user/verify_otp", { phone, purpose: "register", code: fresh })).statusCode).toBe(200);
  });

  it("refuses an expired code (database clock)", async () => {
    const phone = newPhone();
    await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    const code = await codeFromOutbox(t.app, phone);
    await t.ctx.db.execute(sql`update otp_codes set expires_at = now() - interval '1 second' where phone = ${phone}`);
    const before = await rowCounts(t.ctx.db);
    const res = await post(t.app, "/api/user/verify_otp", { phone, purpose: "register", code });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: "OTP_EXPIRED", message: expect.any(String) });
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it("gives a code 5 minutes by the database clock", async () => {
    const phone = newPhone();
    await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    const res = await t.ctx.db.execute(
      sql`select extract(epoch from (expires_at - created_at))::int as ttl from otp_codes where phone = ${phone}`,
    );
    expect(rowsOf<{ ttl: number }>(res)[0]?.ttl).toBe(300);
  });

  it("accepts a code once only", async () => {
    const phone = newPhone();
    await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    const code = await codeFromOutbox(t.app, phone);
    expect((await post(t.app, "/api/user/verify_otp", { phone, purpose: "register", code })).statusCode).toBe(200);
    const before = await rowCounts(t.ctx.db);
    const again = await post(t.app, "/api/user/verify_otp", { phone, purpose: "register", code });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe("OTP_INVALID");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it("binds a code to its phone and its purpose", async () => {
    const phone = newPhone();
    await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    const code = await codeFromOutbox(t.app, phone);
    const before = await rowCounts(t.ctx.db);
    const otherPurpose = await post(t.app, "/api/user/verify_otp", { phone, purpose: "reset", code });
    expect(otherPurpose.statusCode).toBe(422);
    expect(otherPurpose.json().code).toBe("OTP_INVALID");
    const otherPhone = await post(t.app, "/api/user/verify_otp", { phone: newPhone(), purpose: "register", code });
    expect(otherPhone.statusCode).toBe(422);
    expect(otherPhone.json().code).toBe("OTP_INVALID");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    // Neither wrong use cost the real code a try.
    expect((await otpCodeRows(phone))[0]?.attempts).toBe(0);
    expect((await post(t.app, "/api/user/verify_otp", { phone, purpose: "register", code })).statusCode).toBe(200);
  });

  it("only the newest code counts", async () => {
    const phone = newPhone();
    await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    const first = await codeFromOutbox(t.app, phone);
    await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    const second = await codeFromOutbox(t.app, phone);
    if (first !== second) {
      const old = await post(t.app, "/api/user/verify_otp", { phone, purpose: "register", code: first });
      expect(old.json().code).toBe("OTP_INVALID");
    }
    expect((await post(t.app, "/api/user/verify_otp", { phone, purpose: "register", code: second })).statusCode).toBe(200);
  });

  it("refuses a code that is not 6 digits", async () => {
    for (const code of ["12345", "1234567", "12a456", 123456]) {
      const res = await post(t.app, "/api/user/verify_otp", { phone: newPhone(), purpose: "register", code });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
  });

  it("makes proofs valid for 10 minutes", async () => {
    const phone = newPhone();
    await verifiedPhone(t.app, phone, "register");
    const res = await t.ctx.db.execute(
      sql`select extract(epoch from (expires_at - created_at))::int as ttl from otp_proofs where phone = ${phone}`,
    );
    expect(rowsOf<{ ttl: number }>(res)[0]?.ttl).toBe(600);
  });
});

describe("GET /api/dev/outbox", () => {
  it("lists messages newest first and validates the phone", async () => {
    const phone = newPhone();
    await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    await post(t.app, "/api/user/send_otp", { phone, purpose: "register" });
    const res = await t.app.inject({ method: "GET", url: `/api/dev/outbox?phone=${phone}` });
    const data = res.json().data as { created_at: string }[];
    expect(data).toHaveLength(2);
    expect(Date.parse(data[0]?.created_at ?? "")).toBeGreaterThanOrEqual(Date.parse(data[1]?.created_at ?? ""));
    const bad = await t.app.inject({ method: "GET", url: "/api/dev/outbox?phone=12" });
    expect(bad.statusCode).toBe(400);
  });

  it("does not exist in production mode", async () => {
    const prod = await buildApp({ config: testConfig({ mode: "production" }), database: t.database });
    try {
      await prod.app.ready();
      const res = await prod.app.inject({ method: "GET", url: `/api/dev/outbox?phone=${DEMO_PLAYER}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Not found.", code: "NOT_FOUND" });
      // The account calls themselves still work there.
      expect((await prod.app.inject({ method: "POST", url: "/api/user/check_phone", payload: { phone: DEMO_PLAYER } })).statusCode).toBe(
        200,
      );
    } finally {
      await prod.app.close();
    }
  });
});
