import fastifyRateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from "@fastify/rate-limit";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "../config/env.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { type CounterStore, limitsUnavailable, PostgresCounterStore, RedisCounterStore } from "../lib/rate-limit-store.ts";

/** Key prefix in Redis when the configuration names none. */
export const DEFAULT_REDIS_PREFIX = "shwe:rl:";

/** The counter store of the configuration: Redis when REDIS_URL is set, else the database. */
export function createCounterStore(config: Config, db: Db): CounterStore {
  if (config.redisUrl) return new RedisCounterStore(config.redisUrl, config.rateLimits.keyPrefix ?? DEFAULT_REDIS_PREFIX);
  return new PostgresCounterStore(db);
}

/**
 * @fastify/rate-limit's store interface over a CounterStore: every limiter made with
 * app.createRateLimit counts in the shared store. A store failure reaches the limiter as a 503
 * UNAVAILABLE (logged once per call), never as a pass.
 */
export function pluginStoreOf(store: CounterStore, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const fail = (err: unknown): AppError => {
    log.warn({ err, store: store.kind }, "rate-limit store unavailable");
    return limitsUnavailable();
  };
  class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      store.hit(key, timeWindow ?? 60_000).then(
        (c) => callback(null, { current: c.count, ttl: c.ttlMs }),
        (err: unknown) => callback(fail(err)),
      );
    }
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      store.peek(key).then(
        (c) => callback(null, { current: c.count, ttl: c.ttlMs }),
        (err: unknown) => callback(fail(err)),
      );
    }
    /** Route options never change where counters live: one store for every limiter. */
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return SharedStore;
}

/**
 * Registers @fastify/rate-limit (no global limit: each sensitive route opts in) on the shared counter
 * store, and returns that store for limits counted outside the plugin (wrong cash-out passwords,
 * provider calls with a bad signature). The store closes with the app.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config, db: Db): Promise<CounterStore> {
  const store = createCounterStore(config, db);
  app.addHook("onClose", async () => store.close());
  const options: FastifyRateLimitOptions = {
    global: false,
    store: pluginStoreOf(store, app.log),
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      new AppError(429, "RATE_LIMITED", "Too many requests. Please wait and try again.", {
        retry_after: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  };
  await app.register(fastifyRateLimit, options);
  return store;
}
