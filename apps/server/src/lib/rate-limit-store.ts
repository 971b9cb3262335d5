import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { type Db, rowsOf } from "../db/client.ts";
import { AppError } from "./errors.ts";

/** One limit key's state: hits counted in its current window and the time (ms) until that window ends. */
export interface Count {
  count: number;
  ttlMs: number;
}

/**
 * Fixed-window counters shared by every server process (and kept across restarts), so that a limit
 * holds whatever instance a request reaches. Every method rejects when the store cannot be reached;
 * callers decide what that means for them (plugins/rate-limit.ts refuses the call).
 */
export interface CounterStore {
  readonly kind: "postgres" | "redis";
  /** Counts one hit on `key`; a key whose window has ended starts a new window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<Count>;
  /** The key's state without counting (count 0 when it has no open window). */
  peek(key: string): Promise<Count>;
  /** Forgets the key (its next hit starts a new window). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The answer when the counters cannot be read (database or Redis down). A limit that cannot be
 * checked refuses the call: letting it through would allow unlimited password and code guessing.
 */
export function limitsUnavailable(): AppError {
  return new AppError(503, "UNAVAILABLE", "Service is busy. Please try again shortly.");
}

/** Counts never grow past this (an integer column; a flood must not overflow it). */
const COUNT_CAP = 2_000_000_000;
/** Ended windows are deleted at most this often per process, after a hit. */
const PURGE_EVERY_MS = 60_000;

interface CountRow {
  count: number;
  ttl_ms: number | string;
}

function countOf(row: CountRow | undefined): Count {
  if (!row) return { count: 0, ttlMs: 0 };
  return { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl_ms)) };
}

/**
 * Counters in the table rate_limit_counters (migration 0008), on PostgreSQL or PGlite. A hit is one
 * atomic upsert: concurrent hits on one key from any number of processes serialise on its row, and the
 * window is judged by the database clock, the same for every process. Ended windows are purged from
 * time to time after a hit (never in the hit's statement), so the table stays as small as the set of
 * keys active in the longest window.
 */
export class PostgresCounterStore implements CounterStore {
  readonly kind = "postgres" as const;
  private lastPurge = Date.now();
  private purging: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number): Promise<Count> {
    const window = Math.max(1, Math.trunc(windowMs));
    const res = await this.db.execute(sql`
      insert into rate_limit_counters as c (key, count, window_ends_at)
      values (${key}, 1, now() + ${window} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when c.window_ends_at <= now() then 1 else least(c.count, ${COUNT_CAP}) + 1 end,
        window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
      returning count, ceil(extract(epoch from (window_ends_at - now())) * 1000)::bigint as ttl_ms`);
    this.maybePurge();
    return countOf(rowsOf<CountRow>(res)[0]);
  }

  async peek(key: string): Promise<Count> {
    const res = await this.db.execute(sql`
      select count, ceil(extract(epoch from (window_ends_at - now())) * 1000)::bigint as ttl_ms
      from rate_limit_counters where key = ${key} and window_ends_at > now()`);
    return countOf(rowsOf<CountRow>(res)[0]);
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_counters where key = ${key}`);
  }

  /** Deletes every row whose window has ended; returns how many. */
  async purge(): Promise<number> {
    const res = await this.db.execute(sql`
      with gone as (delete from rate_limit_counters where window_ends_at <= now() returning 1)
      select count(*)::int as n from gone`);
    return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
  }

  private maybePurge(): void {
    const now = Date.now();
    if (this.closed || this.purging || now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    // A failed purge is retried at the next interval; it never affects the hit that started it.
    this.purging = this.purge().then(
      () => undefined,
      () => undefined,
    );
    void this.purging.finally(() => {
      this.purging = undefined;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.purging;
  }
}

/** INCR, and a key without expiry (a new window) gets one: atomic on the Redis server. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(count), ttl}`;

type ScriptedRedis = Redis & {
  shweRateHit(key: string, windowMs: number): Promise<[number, number]>;
  shweRatePeek(key: string): Promise<[number, number]>;
};

/**
 * Counters in Redis (REDIS_URL), each key expiring with its window. The client fails fast when Redis
 * is unreachable (short connect and command timeouts, one retry), so a call waits at most about a
 * second before the store reports the failure.
 */
export class RedisCounterStore implements CounterStore {
  readonly kind = "redis" as const;
  private readonly redis: ScriptedRedis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    const redis = new Redis(url, {
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    // Connection errors surface on the commands (the store reports them); the client reconnects by itself.
    redis.on("error", () => undefined);
    redis.defineCommand("shweRateHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand("shweRatePeek", { numberOfKeys: 1, lua: PEEK_SCRIPT });
    this.redis = redis as ScriptedRedis;
  }

  async hit(key: string, windowMs: number): Promise<Count> {
    const [count, ttl] = await this.redis.shweRateHit(this.prefix + key, Math.max(1, Math.trunc(windowMs)));
    return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
  }

  async peek(key: string): Promise<Count> {
    const [count, ttl] = await this.redis.shweRatePeek(this.prefix + key);
    return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
