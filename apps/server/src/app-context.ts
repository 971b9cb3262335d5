/**
 * The types every module shares: the Fastify instance with zod schemas (ZodApp) and the context
 * built once by buildApp (app.ts) and passed to every module. They live apart from app.ts, which
 * imports every module, so that a module naming them does not import the whole server back.
 */
import type { Config } from "./config/env.ts";
import type { Database, Db } from "./db/client.ts";
import type { MoneyBatcher } from "./db/money-batch.ts";
import type { Clock } from "./lib/clock.ts";
import type { DatabaseOutageLog } from "./lib/db-outage.ts";
import type { PlayerQueue } from "./lib/player-queue.ts";
import type { PublicCache } from "./lib/public-cache.ts";
import type { CounterStore } from "./lib/rate-limit-store.ts";
import type { AuthService } from "./modules/auth/auth.service.ts";
import type { ProviderRegistry } from "./modules/providers/launch/provider-adapter.ts";
import type { BalanceAnnouncer } from "./modules/realtime/balance-announcer.ts";
import type { AuthGuards } from "./plugins/auth.ts";
import type { Metrics } from "./plugins/metrics.ts";
import type { PublicBody } from "./plugins/public-body.ts";
import type { ZodApp } from "./zod-app.ts";

export type { ZodApp };

/** Everything a module needs, built once in buildApp and passed down explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  guards: AuthGuards;
  auth: AuthService;
  /** Game provider adapters by p_code (launch URLs, wallet secrets). */
  providers: ProviderRegistry;
  /**
   * Public answers every visitor sees the same, reused for config.publicCacheMs. Whatever changes
   * them in this process invalidates their scope once committed: every operator write (below), the
   * draw scheduler, settlement.
   */
  publicCache: PublicCache<PublicBody>;
  /** One-call money calls gathered into shared statements and commits; undefined: one statement each. */
  moneyBatcher: MoneyBatcher | undefined;
  /**
   * A player's own money calls that hold a connection each wait here for their turn, a few at a time
   * per player (config.playerMoneyQueue, decision 0029): one player's burst cannot take the whole pool.
   */
  playerQueue: PlayerQueue;
  /** Balance changes committed without a notification of their own (one-call bets), announced after commit. */
  balanceAnnouncer: BalanceAnnouncer;
  /** Rate-limit counters shared by every instance, for limits counted outside @fastify/rate-limit. */
  rateLimitStore: CounterStore;
  /** Prometheus metrics of this process (plugins/metrics.ts). */
  metrics: Metrics;
  /** How background jobs report failures: the database being away once per outage, then its return (lib/db-outage.ts). */
  dbOutage: DatabaseOutageLog;
}
