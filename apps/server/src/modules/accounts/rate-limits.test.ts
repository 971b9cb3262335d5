import { randomUUID } from "node:crypto";
import { createConnection } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import type { ZodApp } from "../../app-context.ts";
import { type Config, testConfig } from "../../config/env.ts";
import { type Database, migrateDatabase, openDatabase, rowsOf } from "../../db/client.ts";
import { createTestApp, onRealPostgres, openTestDatabase, realPostgresUrl, type TestApp } from "../../test/test-app.ts";
import { balancesOf, createUser, DEFAULT_PASSWORD, expectLedgerClean, fund } from "../ledger/testing.ts";
import { newPhone, post, registerPlayer, rowCounts, verifiedPhone } from "./accounts.test-helpers.ts";
import { ACCOUNT_LIMITS, limitKey } from "./rate-limits.ts";

/** The limits with their real numbers (the default test configuration: enabled, factor 1). */

const ATTACKER = "192.0.2.66";
const OWNER = "198.51.100.20";

/** A sign-in from a given client address. */
function loginFrom(ip: string, phone: string, password: string, otpToken?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/user/login",
    remoteAddress: ip,
    payload: { phone, password, ...(otpToken ? { otp_token: otpToken } : {}) },
  });
}
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("rate limits of the account calls", () => {
  it("login: 10 tries per phone and address per 15 minutes, then 429 RATE_LIMITED with Retry-After and the SMS way out", async () => {
    expect(ACCOUNT_LIMITS.login).toEqual([
      { by: "ip", max: 30, windowMs: 15 * 60_000 },
      { by: "phone_ip", max: 10, windowMs: 15 * 60_000, smsUnlock: "login" },
      { by: "phone", max: 50, windowMs: 15 * 60_000, smsUnlock: "login" },
    ]);
    const phone = "09500000001";
    for (let i = 0; i < 10; i++) {
      const res = await post(t.app, "/api/user/login", { phone, password: `wrong password ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const before = await rowCounts(t.ctx.db);
    // The same phone in another form is the same phone.
    const limited = await post(t.app, "/api/user/login", { phone: "+959500000001", password: "demo-player-1" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: "RATE_LIMITED",
      message: expect.any(String),
      details: { retry_after: expect.any(Number), otp_purpose: "login" },
    });
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    // Another phone from the same address is not blocked by this phone's limit.
    expect((await post(t.app, "/api/user/login", { phone: "09500000002", password: "demo-player-2" })).statusCode).toBe(200);
  });

  it("login: wrong passwords from one address do not lock the owner out from another", async () => {
    const owner = await registerPlayer(t.app);
    for (let i = 0; i < 10; i++) expect((await loginFrom(ATTACKER, owner.phone, `wrong password ${i}`)).statusCode).toBe(401);
    expect((await loginFrom(ATTACKER, owner.phone, owner.password)).statusCode).toBe(429);
    expect((await loginFrom("198.51.100.7", owner.phone, owner.password)).statusCode).toBe(200);
  });

  it("login: the per-phone ceiling (50) holds over many addresses; the owner passes it with the password and a fresh SMS code", async () => {
    const owner = await registerPlayer(t.app);
    for (let i = 0; i < 50; i++) {
      const res = await loginFrom(`203.0.113.${Math.floor(i / 9) + 1}`, owner.phone, `wrong password ${i}`);
      expect(res.statusCode, `try ${i}`).toBe(401);
    }
    const locked = await loginFrom(OWNER, owner.phone, owner.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().details).toEqual({ retry_after: expect.any(Number), otp_purpose: "login" });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);

    // A made-up proof does not pass the lock, nor does the password get tried.
    const madeUp = await loginFrom(OWNER, owner.phone, owner.password, "made-up-proof");
    expect(madeUp.statusCode).toBe(422);
    expect(madeUp.json().code).toBe("OTP_TOKEN_INVALID");

    // A proof with a wrong password: refused, and that proof is used up (one SMS code, one try).
    const spent = await verifiedPhone(t.app, owner.phone, "login");
    expect((await loginFrom(OWNER, owner.phone, "not the password", spent)).statusCode).toBe(401);
    expect((await loginFrom(OWNER, owner.phone, owner.password, spent)).json().code).toBe("OTP_TOKEN_INVALID");

    // The owner: a fresh code from the demo outbox, then the password with its proof.
    const proof = await verifiedPhone(t.app, owner.phone, "login");
    const signedIn = await loginFrom(OWNER, owner.phone, owner.password, proof);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.phone).toBe(owner.phone);
    // Single use; and without a proof the phone stays locked for everyone.
    expect((await loginFrom(OWNER, owner.phone, owner.password, proof)).json().code).toBe("OTP_TOKEN_INVALID");
    expect((await loginFrom(OWNER, owner.phone, owner.password)).statusCode).toBe(429);
  });

  it("send_otp of purpose login goes only to registered phones", async () => {
    const res = await post(t.app, "/api/user/send_otp", { phone: newPhone(), purpose: "login" });
    expect(res.statusCode).toBe(404);
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

/** Builds an app (one server instance) on an already open database; closing it leaves the database open. */
async function instanceOn(database: Database, config: Partial<Config> = {}): Promise<ZodApp> {
  const { app } = await buildApp({ config: testConfig(config), database });
  await app.ready();
  return app;
}

const wrongLogin = (app: ZodApp, phone: string, i: number) => post(app, "/api/user/login", { phone, password: `wrong password ${i}` });

/** The login limit (10 per phone) spread over two instances: 5 tries on each, then both refuse. */
async function expectSharedLoginLimit(a: ZodApp, b: ZodApp): Promise<void> {
  const phone = newPhone();
  for (let i = 0; i < 5; i++) expect((await wrongLogin(a, phone, i)).statusCode).toBe(401);
  for (let i = 5; i < 10; i++) expect((await wrongLogin(b, phone, i)).statusCode).toBe(401);
  const onA = await wrongLogin(a, phone, 10);
  const onB = await wrongLogin(b, phone, 11);
  expect(onA.statusCode).toBe(429);
  expect(onB.statusCode).toBe(429);
  expect(onB.json()).toMatchObject({ code: "RATE_LIMITED" });
  expect(Number(onB.headers["retry-after"])).toBeGreaterThan(800);
}

/** A restart: tries on one instance, which is closed; a new instance on the same store continues the count. */
async function expectCountSurvivesRestart(open: () => Promise<ZodApp>): Promise<void> {
  const phone = newPhone();
  const first = await open();
  for (let i = 0; i < 8; i++) expect((await wrongLogin(first, phone, i)).statusCode).toBe(401);
  await first.close();
  const second = await open();
  try {
    for (let i = 8; i < 10; i++) expect((await wrongLogin(second, phone, i)).statusCode).toBe(401);
    expect((await wrongLogin(second, phone, 10)).statusCode).toBe(429);
  } finally {
    await second.close();
  }
}

describe("rate-limit counters in the database", () => {
  it("keep their count across a restart (a new instance on the same database)", async () => {
    const { database, drop } = await openTestDatabase(testConfig());
    try {
      await expectCountSurvivesRestart(() => instanceOn(database));
    } finally {
      await database.close();
      await drop();
    }
  });

  it("hold no phone number in clear", async () => {
    const phone = newPhone();
    await wrongLogin(t.app, phone, 0);
    const keys = rowsOf<{ key: string }>(await t.ctx.db.execute(sql`select key from rate_limit_counters`)).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.includes(phone) || k.includes(phone.slice(1)))).toBe(false);
    expect(keys).toContain(limitKey("login", "phone", phone));
  });

  it("refuse the call (503 UNAVAILABLE, nothing done) when the counters cannot be read", async () => {
    const { database, drop } = await openTestDatabase(testConfig());
    const app = await instanceOn(database);
    try {
      await database.db.execute(sql`alter table rate_limit_counters rename to rate_limit_counters_away`);
      const before = await rowCounts(database.db);
      const res = await wrongLogin(app, newPhone(), 0);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: "UNAVAILABLE", message: expect.any(String) });
      expect(await rowCounts(database.db)).toEqual(before);
      await database.db.execute(sql`alter table rate_limit_counters_away rename to rate_limit_counters`);
      expect((await wrongLogin(app, newPhone(), 1)).statusCode).toBe(401);
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});

/** A database on the real PostgreSQL server that several connection pools (instances) can open. */
async function sharedPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = realPostgresUrl ?? "";
  const name = `t_rl_${process.pid}_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

describe.skipIf(!onRealPostgres)("rate limits on two instances of one PostgreSQL database (set TEST_DATABASE_URL to run)", () => {
  it("share one login limit: 5 tries on each instance exhaust the 10 per phone", async () => {
    const shared = await sharedPostgresDatabase();
    const first = await openDatabase({ url: shared.url, poolSize: 4 });
    const second = await openDatabase({ url: shared.url, poolSize: 4 });
    await migrateDatabase(first);
    const a = await instanceOn(first);
    const b = await instanceOn(second);
    try {
      await expectSharedLoginLimit(a, b);
      // Concurrent tries on both instances are each counted once: exactly 10 get through.
      const phone = newPhone();
      const all = await Promise.all(Array.from({ length: 16 }, (_, i) => wrongLogin(i % 2 === 0 ? a : b, phone, i)));
      expect(all.filter((r) => r.statusCode === 401)).toHaveLength(10);
      expect(all.filter((r) => r.statusCode === 429)).toHaveLength(6);
    } finally {
      await a.close();
      await b.close();
      await first.close();
      await second.close();
      await shared.drop();
    }
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(500);
  const done = (ok: boolean) => {
    socket.destroy();
    resolve(ok);
  };
  socket.once("connect", () => done(true));
  socket.once("error", () => done(false));
  socket.once("timeout", () => done(false));
});

describe.skipIf(!redisReachable)(`rate-limit counters in Redis (REDIS_URL; needs Redis at ${REDIS_URL})`, () => {
  const redisConfig = (): Partial<Config> => ({
    redisUrl: REDIS_URL,
    rateLimits: { enabled: true, factor: 1, keyPrefix: `test:rl:${randomUUID()}:` },
  });

  it("two instances share one login limit, and a restart keeps the count", async () => {
    // Each instance on its own database: the counters are only in Redis.
    const one = await openTestDatabase(testConfig());
    const two = await openTestDatabase(testConfig());
    const config = redisConfig();
    const a = await instanceOn(one.database, config);
    const b = await instanceOn(two.database, config);
    try {
      await expectSharedLoginLimit(a, b);
      await expectCountSurvivesRestart(() => instanceOn(two.database, config));
    } finally {
      await a.close();
      await b.close();
      for (const d of [one, two]) {
        await d.database.close();
        await d.drop();
      }
    }
  });

  it("Redis down: limited calls answer 503 UNAVAILABLE at once, unlimited calls still work", async () => {
    const { database, drop } = await openTestDatabase(testConfig());
    const app = await instanceOn(database, { ...redisConfig(), redisUrl: "redis://127.0.0.1:1" });
    try {
      const started = Date.now();
      const res = await wrongLogin(app, newPhone(), 0);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: "UNAVAILABLE", message: expect.any(String) });
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});

describe("wrong cash-out passwords", () => {
  it("are counted across instances: 3 on one and 2 on another make the 5 that lock the cash-out", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 10_000);
    const other = await instanceOn(t.database);
    try {
      const cashOut = (app: ZodApp, password: string) =>
        app.inject({
          method: "POST",
          url: "/api/cash-out",
          headers: { authorization: `Bearer ${u.token}` },
          payload: { payment_method_id: 1, amount: 1_000, account_number: "09791234567", holder_name: "Aung Aung", password },
        });
      for (let i = 0; i < 3; i++) expect((await cashOut(t.app, `wrong-${i}-pass`)).statusCode).toBe(422);
      for (let i = 3; i < 5; i++) expect((await cashOut(other, `wrong-${i}-pass`)).statusCode).toBe(422);
      const limited = await cashOut(t.app, DEFAULT_PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: "RATE_LIMITED" });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
      expect((await cashOut(other, DEFAULT_PASSWORD)).statusCode).toBe(429);
      expect((await balancesOf(t, u.id)).balance).toBe(10_000);
      await expectLedgerClean(t);
    } finally {
      await other.close();
    }
  });
});
