import { randomUUID } from "node:crypto";
import { createConnection } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../config/env.ts";
import { type Database, rowsOf } from "../db/client.ts";
import { openTestDatabase } from "../test/test-app.ts";
import { type CounterStore, PostgresCounterStore, RedisCounterStore } from "./rate-limit-store.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour every counter store must have, whatever holds the counters. */
function storeContract(open: () => CounterStore) {
  let store: CounterStore;
  beforeAll(() => {
    store = open();
  });
  afterAll(async () => store.close());
  const key = () => `test:${randomUUID()}`;

  it("counts hits in a window and reports the time left", async () => {
    const k = key();
    expect(await store.peek(k)).toEqual({ count: 0, ttlMs: 0 });
    const first = await store.hit(k, 60_000);
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(59_000);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await store.hit(k, 60_000)).count).toBe(2);
    const seen = await store.peek(k);
    expect(seen.count).toBe(2);
    expect(seen.ttlMs).toBeGreaterThan(58_000);
    // Another key has its own counter.
    expect((await store.hit(key(), 60_000)).count).toBe(1);
  });

  it("starts a new window once the old one has ended (the window is not stretched by later hits)", async () => {
    const k = key();
    const windowMs = 1_500;
    const first = await store.hit(k, windowMs);
    const firstBack = Date.now();
    await sleep(300);
    const secondSent = Date.now();
    const second = await store.hit(k, windowMs);
    // Only a turn slower than the whole window could start a new one here; that says nothing either way.
    if (Date.now() - firstBack < windowMs - 50) {
      expect(second.count).toBe(2);
      // The window still ends where the first hit put it: at least the time between the calls has gone from it.
      expect(second.ttlMs).toBeLessThanOrEqual(first.ttlMs - (secondSent - firstBack) + 25);
    }
    // The window ends: wait for it (never longer than a generous bound), then a hit starts a new one.
    const deadline = Date.now() + 15_000;
    while ((await store.peek(k)).count !== 0) {
      if (Date.now() > deadline) throw new Error("the window never ended");
      await sleep(50);
    }
    const fresh = await store.hit(k, windowMs);
    expect(fresh.count).toBe(1);
    expect(fresh.ttlMs).toBeGreaterThan(windowMs - 500);
  });

  it("counts concurrent hits exactly once each", async () => {
    const k = key();
    const counts = await Promise.all(Array.from({ length: 25 }, () => store.hit(k, 60_000)));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it("forgets a key on reset", async () => {
    const k = key();
    await store.hit(k, 60_000);
    await store.hit(k, 60_000);
    await store.reset(k);
    expect(await store.peek(k)).toEqual({ count: 0, ttlMs: 0 });
    expect((await store.hit(k, 60_000)).count).toBe(1);
  });
}

describe("PostgresCounterStore (the database, PGlite or PostgreSQL)", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(testConfig()));
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  storeContract(() => new PostgresCounterStore(database.db));

  it("purges rows whose window has ended and keeps open ones", async () => {
    const store = new PostgresCounterStore(database.db);
    await store.hit("purge:short", 50);
    await store.hit("purge:long", 60_000);
    await sleep(100);
    expect(await store.purge()).toBeGreaterThanOrEqual(1);
    const keys = rowsOf<{ key: string }>(await database.db.execute(sql`select key from rate_limit_counters where key like 'purge:%'`));
    expect(keys.map((r) => r.key)).toEqual(["purge:long"]);
  });

  it("rejects when the table cannot be reached (the caller decides: limits refuse)", async () => {
    const store = new PostgresCounterStore(database.db);
    await database.db.execute(sql`alter table rate_limit_counters rename to rate_limit_counters_gone`);
    try {
      await expect(store.hit("x", 1000)).rejects.toThrow();
      await expect(store.peek("x")).rejects.toThrow();
    } finally {
      await database.db.execute(sql`alter table rate_limit_counters_gone rename to rate_limit_counters`);
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

describe.skipIf(!redisReachable)(`RedisCounterStore (needs Redis at ${REDIS_URL})`, () => {
  storeContract(() => new RedisCounterStore(REDIS_URL, `test:store:${randomUUID()}:`));

  it("keeps keys apart by prefix (one Redis, several sites or tests)", async () => {
    const a = new RedisCounterStore(REDIS_URL, `test:a:${randomUUID()}:`);
    const b = new RedisCounterStore(REDIS_URL, `test:b:${randomUUID()}:`);
    try {
      await a.hit("k", 60_000);
      await a.hit("k", 60_000);
      expect((await b.hit("k", 60_000)).count).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("fails fast when Redis cannot be reached", async () => {
    const down = new RedisCounterStore("redis://127.0.0.1:1", "test:");
    try {
      const started = Date.now();
      await expect(down.hit("k", 1000)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      await down.close();
    }
  });
});
