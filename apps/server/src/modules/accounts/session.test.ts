import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { seedDatabase } from "../../db/seed.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  auditActions,
  auth,
  liveTokens,
  loginAs,
  newPhone,
  post,
  registerPlayer,
  rowCounts,
  verifiedPhone,
} from "./accounts.test-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
});
afterAll(async () => t.close());

const profileOf = (token: string) => t.app.inject({ method: "GET", url: "/api/user/profile", headers: auth(token) });
const setTokenExpiry = (token: string, interval: string) =>
  t.ctx.db.execute(sql`update auth_tokens set expires_at = now() + ${interval}::interval where token_hash = ${sha256Hex(token)}`);

describe("POST /api/user/verify_register", () => {
  it("creates a level-1 player with ledger accounts and signs in (201)", async () => {
    const phone = newPhone();
    const otpToken = await verifiedPhone(t.app, phone, "register");
    const before = await rowCounts(t.ctx.db);
    const res = await post(t.app, "/api/user/verify_register", {
      phone: `+95${phone.slice(1)}`,
      name: "  Aung Aung  ",
      password: "pässwörd-ok",
      otp_token: otpToken,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token.length).toBeGreaterThanOrEqual(40);
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(body.user).toMatchObject({
      phone,
      name: "Aung Aung",
      role: "player",
      lvl_2: 1,
      lvl_2_status: "none",
      balance: 0,
      game_balance: 0,
      point: 0,
      p_balance: 0,
      turnover: 0,
      refer_count: 0,
      game_refer_amt: 0,
      avatar: null,
    });
    expect(body.user.user_code).toMatch(/^[A-Z0-9]{10}$/);
    expect(body.user.user_code).not.toContain(phone.slice(2));
    expect(body.user.referral_code).toMatch(/^[A-Z0-9]{6}$/);
    const after = await rowCounts(t.ctx.db);
    expect(after.users).toBe(before.users + 1);
    expect(after.auth_tokens).toBe(before.auth_tokens + 1);
    expect(after.ledger_accounts).toBe(before.ledger_accounts + 6);
    const stored = rowsOf<{ password_hash: string }>(
      await t.ctx.db.execute(sql`select password_hash from users where phone = ${phone}`),
    )[0];
    expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await auditActions(t.ctx.db, "auth.register", body.user.id)).toHaveLength(1);
    expect((await profileOf(body.token)).statusCode).toBe(200);
  });

  it("links a referrer by referral code (case-insensitive) and counts referees", async () => {
    const referrer = await registerPlayer(t.app);
    await registerPlayer(t.app, { referral_code: referrer.referralCode.toLowerCase() });
    const profile = (await profileOf(referrer.token)).json();
    expect(profile.refer_count).toBe(1);
  });

  it("refuses an unknown referral code (422) and changes nothing, the proof stays usable", async () => {
    const phone = newPhone();
    const otpToken = await verifiedPhone(t.app, phone, "register");
    const before = await rowCounts(t.ctx.db);
    const body = { phone, name: "P", password: "fresh-pass-91", otp_token: otpToken };
    const res = await post(t.app, "/api/user/verify_register", { ...body, referral_code: "ZZZZZ9" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: "REFERRAL_UNKNOWN", message: expect.any(String) });
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect((await post(t.app, "/api/user/verify_register", body)).statusCode).toBe(201);
  });

  it("uses an otp_token once only", async () => {
    const phone = newPhone();
    const otpToken = await verifiedPhone(t.app, phone, "register");
    const body = { phone, name: "P", password: "fresh-pass-91", otp_token: otpToken };
    expect((await post(t.app, "/api/user/verify_register", body)).statusCode).toBe(201);
    const before = await rowCounts(t.ctx.db);
    const again = await post(t.app, "/api/user/verify_register", { ...body, phone: newPhone() });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe("OTP_TOKEN_INVALID");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it("gives one account when the same proof is used twice at once", async () => {
    const phone = newPhone();
    const otpToken = await verifiedPhone(t.app, phone, "register");
    const body = { phone, name: "P", password: "fresh-pass-91", otp_token: otpToken };
    const [a, b] = await Promise.all([post(t.app, "/api/user/verify_register", body), post(t.app, "/api/user/verify_register", body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const n = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from users where phone = ${phone}`))[0]?.n;
    expect(n).toBe(1);
  });

  it("refuses an otp_token of another phone, of the reset purpose, expired, or made up", async () => {
    const phone = newPhone();
    const otpToken = await verifiedPhone(t.app, phone, "register");
    const player = await registerPlayer(t.app);
    const resetToken = await verifiedPhone(t.app, player.phone, "reset");
    const before = await rowCounts(t.ctx.db);
    const base = { name: "P", password: "fresh-pass-91" };
    const cases = [
      { ...base, phone: newPhone(), otp_token: otpToken },
      { ...base, phone: player.phone, otp_token: resetToken },
      { ...base, phone, otp_token: "made-up-token-made-up-token-made-up" },
    ];
    for (const body of cases) {
      const res = await post(t.app, "/api/user/verify_register", body);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe("OTP_TOKEN_INVALID");
    }
    await t.ctx.db.execute(sql`update otp_proofs set expires_at = now() - interval '1 second' where token_hash = ${sha256Hex(otpToken)}`);
    const expired = await post(t.app, "/api/user/verify_register", { ...base, phone, otp_token: otpToken });
    expect(expired.json().code).toBe("OTP_TOKEN_INVALID");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it("refuses a phone registered meanwhile (409)", async () => {
    const phone = newPhone();
    const first = await verifiedPhone(t.app, phone, "register");
    const second = await verifiedPhone(t.app, phone, "register");
    expect(
      (await post(t.app, "/api/user/verify_register", { phone, name: "A", password: "fresh-pass-91", otp_token: first })).statusCode,
    ).toBe(201);
    const before = await rowCounts(t.ctx.db);
    const res = await post(t.app, "/api/user/verify_register", { phone, name: "B", password: "fresh-pass-91", otp_token: second });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("PHONE_REGISTERED");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it("refuses missing fields, wrong types, short passwords and fields a player may not set", async () => {
    const phone = newPhone();
    const otpToken = await verifiedPhone(t.app, phone, "register");
    const ok = { phone, name: "P", password: "fresh-pass-91", otp_token: otpToken };
    const before = await rowCounts(t.ctx.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ phone, name: "P", password: "fresh-pass-91" }, "otp_token"],
      [{ ...ok, name: undefined }, "name"],
      [{ ...ok, name: "   " }, "name"],
      [{ ...ok, password: "short" }, "password"],
      [{ ...ok, password: "x".repeat(65) }, "password"],
      [{ ...ok, password: 12345678 }, "password"],
      [{ ...ok, referral_code: "AB" }, "referral_code"],
      [{ ...ok, phone: "12345" }, "phone"],
      [{ ...ok, role: "operator" }, "body"],
      [{ ...ok, balance: 1_000_000 }, "body"],
      [{ ...ok, lvl_2: 2 }, "body"],
    ];
    for (const [payload, field] of cases) {
      const res = await post(t.app, "/api/user/verify_register", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
      expect(res.json().details.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect((await post(t.app, "/api/user/verify_register", ok)).statusCode).toBe(201);
  });

  it("refuses a huge body (413) and malformed JSON (400)", async () => {
    const before = await rowCounts(t.ctx.db);
    const huge = await post(t.app, "/api/user/verify_register", {
      phone: newPhone(),
      name: "x".repeat(100_000),
      password: "fresh-pass-91",
      otp_token: "x",
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: expect.any(String) });
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/user/verify_register",
      headers: { "content-type": "application/json" },
      payload: '{"phone": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe("VALIDATION_FAILED");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });
});

describe("POST /api/user/login", () => {
  it("signs in with any accepted phone form and answers the profile", async () => {
    const player = await registerPlayer(t.app);
    const res = await post(t.app, "/api/user/login", { phone: `95${player.phone.slice(1)}`, password: player.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: player.id, phone: player.phone });
    expect(await auditActions(t.ctx.db, "auth.login", player.id)).toHaveLength(1);
  });

  it("gives the same 401 for a wrong password and an unknown phone, and changes nothing", async () => {
    const player = await registerPlayer(t.app);
    const before = await rowCounts(t.ctx.db);
    const wrong = await post(t.app, "/api/user/login", { phone: player.phone, password: "wrong password" });
    const unknownPhone = newPhone();
    const unknown = await post(t.app, "/api/user/login", { phone: unknownPhone, password: "wrong password" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe("INVALID_CREDENTIALS");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect(await auditActions(t.ctx.db, "auth.login_failed", player.id)).toHaveLength(1);
    expect(await auditActions(t.ctx.db, "auth.login_failed", unknownPhone)).toHaveLength(1);
  });

  it("signs in the demo accounts with their roles", async () => {
    const admin = await post(t.app, "/api/user/login", { phone: "09400000001", password: "demo-operator-1" });
    expect(admin.json().user).toMatchObject({ role: "admin" });
    const operator = await post(t.app, "/api/user/login", { phone: "09400000002", password: "demo-operator-2" });
    expect(operator.json().user).toMatchObject({ role: "operator" });
    const player = await post(t.app, "/api/user/login", { phone: "09500000002", password: "demo-player-2" });
    expect(player.json().user).toMatchObject({ role: "player", lvl_2: 2, lvl_2_status: "approved" });
  });

  it("refuses bad input with 400", async () => {
    for (const payload of [
      { phone: "09500000001" },
      { password: "x" },
      { phone: "09500000001", password: "" },
      { phone: 1, password: "x" },
    ]) {
      expect((await post(t.app, "/api/user/login", payload)).statusCode).toBe(400);
    }
  });
});

describe("sessions", () => {
  it("needs a token on guarded calls (401) and refuses a made-up one", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/user/profile" });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe("UNAUTHENTICATED");
    expect((await profileOf("not-a-real-token-not-a-real-token")).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/user/logout" })).statusCode).toBe(401);
  });

  it("logout revokes that token only (204)", async () => {
    const player = await registerPlayer(t.app);
    const second = await loginAs(t.app, player.phone, player.password);
    const res = await t.app.inject({ method: "POST", url: "/api/user/logout", headers: auth(player.token) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await profileOf(player.token)).statusCode).toBe(401);
    expect((await profileOf(second)).statusCode).toBe(200);
    expect(await auditActions(t.ctx.db, "auth.logout", player.id)).toHaveLength(1);
  });

  it("an expired token no longer works", async () => {
    const player = await registerPlayer(t.app);
    await setTokenExpiry(player.token, "-1 minute");
    const res = await profileOf(player.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: "UNAUTHENTICATED", message: "Session Expired, Please Login Again!" });
  });

  it("renews a token only within its last day", async () => {
    const player = await registerPlayer(t.app);
    const before = await rowCounts(t.ctx.db);
    const early = await t.app.inject({ method: "POST", url: "/api/user/renew_token", headers: auth(player.token) });
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe("TOO_EARLY_TO_RENEW");
    expect(Date.parse(early.json().details.renew_from)).toBeGreaterThan(Date.now());
    expect(await rowCounts(t.ctx.db)).toEqual(before);

    await setTokenExpiry(player.token, "12 hours");
    const renewed = await t.app.inject({ method: "POST", url: "/api/user/renew_token", headers: auth(player.token) });
    expect(renewed.statusCode).toBe(200);
    const { token, expires_at } = renewed.json();
    expect(token).not.toBe(player.token);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect((await profileOf(player.token)).statusCode).toBe(401);
    expect((await profileOf(token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/api/user/renew_token", headers: auth(player.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/user/renew_token" })).statusCode).toBe(401);
  });
});

describe("passwords", () => {
  it("new_password changes the password and ends every other session", async () => {
    const player = await registerPlayer(t.app);
    const other = await loginAs(t.app, player.phone, player.password);
    const res = await post(t.app, "/api/user/new_password", { old_password: player.password, password: "brand new secret" }, player.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Your password has been changed successfully!" });
    expect((await profileOf(player.token)).statusCode).toBe(200);
    expect((await profileOf(other)).statusCode).toBe(401);
    expect(await liveTokens(t.ctx.db, player.id)).toBe(1);
    expect((await post(t.app, "/api/user/login", { phone: player.phone, password: player.password })).statusCode).toBe(401);
    expect((await post(t.app, "/api/user/login", { phone: player.phone, password: "brand new secret" })).statusCode).toBe(200);
    expect(await auditActions(t.ctx.db, "auth.password_change", player.id)).toHaveLength(1);
  });

  it("new_password refuses a wrong current password, the same password and bad input", async () => {
    const player = await registerPlayer(t.app);
    const before = await rowCounts(t.ctx.db);
    const wrong = await post(t.app, "/api/user/new_password", { old_password: "not mine!", password: "another one" }, player.token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe("WRONG_PASSWORD");
    const same = await post(t.app, "/api/user/new_password", { old_password: player.password, password: player.password }, player.token);
    expect(same.json().code).toBe("PASSWORD_UNCHANGED");
    const short = await post(t.app, "/api/user/new_password", { old_password: player.password, password: "short" }, player.token);
    expect(short.statusCode).toBe(400);
    const extra = await post(
      t.app,
      "/api/user/new_password",
      { old_password: player.password, password: "long enough", role: "admin" },
      player.token,
    );
    expect(extra.statusCode).toBe(400);
    const noToken = await post(t.app, "/api/user/new_password", { old_password: player.password, password: "long enough" });
    expect(noToken.statusCode).toBe(401);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect(await liveTokens(t.ctx.db, player.id)).toBe(1);
    await loginAs(t.app, player.phone, player.password);
  });

  it("forget_password sets a new password with a reset proof and ends every session", async () => {
    const player = await registerPlayer(t.app);
    const otpToken = await verifiedPhone(t.app, player.phone, "reset");
    const res = await post(t.app, "/api/user/forget_password", { phone: player.phone, password: "recovered pass", otp_token: otpToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual(expect.any(String));
    expect((await profileOf(player.token)).statusCode).toBe(401);
    expect(await liveTokens(t.ctx.db, player.id)).toBe(0);
    await loginAs(t.app, player.phone, "recovered pass");
    expect(await auditActions(t.ctx.db, "auth.password_reset", player.id)).toHaveLength(1);

    const before = await rowCounts(t.ctx.db);
    const reused = await post(t.app, "/api/user/forget_password", { phone: player.phone, password: "third password", otp_token: otpToken });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe("OTP_TOKEN_INVALID");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it("forget_password refuses a sign-up proof and a proof of another phone", async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const signUpProof = await verifiedPhone(t.app, newPhone(), "register");
    const otherProof = await verifiedPhone(t.app, other.phone, "reset");
    const before = await rowCounts(t.ctx.db);
    for (const otp_token of [signUpProof, otherProof]) {
      const res = await post(t.app, "/api/user/forget_password", { phone: player.phone, password: "hijacked pass", otp_token });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe("OTP_TOKEN_INVALID");
    }
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    await loginAs(t.app, player.phone, player.password);
  });
});

describe("demo accounts seed", () => {
  it("is idempotent and reports the four demo accounts", async () => {
    const before = await rowCounts(t.ctx.db);
    const report = await seedDatabase(t.ctx.db, t.config);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    const demo = report.accounts.filter((a) => /^09[45]0000000[12]$/.test(a.phone));
    expect(demo).toEqual([
      { role: "operator (admin)", phone: "09400000001", password: "demo-operator-1" },
      { role: "operator", phone: "09400000002", password: "demo-operator-2" },
      { role: "player (funded)", phone: "09500000001", password: "demo-player-1" },
      { role: "player (funded)", phone: "09500000002", password: "demo-player-2" },
    ]);
    const ledger = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from ledger_accounts la join users u on u.id = la.user_id where u.phone in ('09400000001','09400000002','09500000001','09500000002')`,
      ),
    )[0]?.n;
    expect(ledger).toBe(24);
  });
});

describe("the password policy, wherever a password is set", () => {
  const expectWeak = (res: { statusCode: number; json(): unknown }, reason: string) => {
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "WEAK_PASSWORD", details: { reason, fields: [{ field: "password" }] } });
  };

  it("ships a list of at least 10,000 common passwords", async () => {
    const { commonPasswords } = await import("../../lib/password-policy.ts");
    const list = commonPasswords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    for (const p of ["12345678", "password1", "iloveyou", "qwertyuiop"]) expect(list.has(p)).toBe(true);
  });

  it("sign-up refuses a common, demo or phone-based password and changes nothing; the proof stays usable", async () => {
    const phone = newPhone();
    const otpToken = await verifiedPhone(t.app, phone, "register");
    const before = await rowCounts(t.ctx.db);
    const body = { phone, name: "P", otp_token: otpToken };
    expectWeak(await post(t.app, "/api/user/verify_register", { ...body, password: "12345678" }), "common");
    expectWeak(await post(t.app, "/api/user/verify_register", { ...body, password: "Demo-Player-1" }), "published");
    expectWeak(await post(t.app, "/api/user/verify_register", { ...body, password: phone }), "phone");
    expectWeak(await post(t.app, "/api/user/verify_register", { ...body, password: `+95${phone.slice(1)}!` }), "phone");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect((await post(t.app, "/api/user/verify_register", { ...body, password: "fresh-pass-91" })).statusCode).toBe(201);
  });

  it("a password change and a reset refuse them too, and the old password keeps working", async () => {
    const player = await registerPlayer(t.app);
    for (const [password, reason] of [
      ["demo-operator-1", "published"],
      ["PASSWORD1", "common"],
      [`${player.phone.slice(2)}ab`, "phone"],
    ] as const) {
      expectWeak(await post(t.app, "/api/user/new_password", { old_password: player.password, password }, player.token), reason);
    }
    const otpToken = await verifiedPhone(t.app, player.phone, "reset");
    expectWeak(
      await post(t.app, "/api/user/forget_password", { phone: player.phone, password: "qwertyuiop", otp_token: otpToken }),
      "common",
    );
    expect(await liveTokens(t.ctx.db, player.id)).toBe(1);
    await loginAs(t.app, player.phone, player.password);
    const reset = await post(t.app, "/api/user/forget_password", { phone: player.phone, password: "new-lamp-77", otp_token: otpToken });
    expect(reset.statusCode).toBe(200);
  });
});
