import { resolve } from "node:path";
import { z } from "zod";
import type { MoneyBatchOptions } from "../db/money-batch.ts";
import type { PlayerQueueOptions } from "../lib/player-queue.ts";
import { DEFAULT_SMS_BODY_TEMPLATE, parseSmsBodyTemplate, SmsTemplateError } from "../modules/accounts/sms-template.ts";
import {
  DEFAULT_GSC_CALLBACK_PREFIX,
  type GscConfig,
  GscConfigError,
  parseActionNames,
  parseGscCurrencies,
  parseProductCodes,
  simulatedGscConfig,
} from "../modules/gsc/gsc-config.ts";
import { aggregatorSecretReason, productionSecretProblems } from "./production-secrets.ts";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";

/**
 * The only reader of process.env. Everything else receives a validated Config.
 * Demo mode (the default) runs offline with an embedded database and seeded accounts;
 * production refuses to start without its secrets.
 */
const envSchema = z.object({
  APP_MODE: z.enum(["demo", "production"]).default("demo"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  HOUSE_SECRET: z.string().min(16).optional(),
  HOUSE_BASE_URL: z.string().url().optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  TRUST_PROXY: z.string().default("false"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL")
    .optional(),
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  SMS_BODY_TEMPLATE: z.string().default(DEFAULT_SMS_BODY_TEMPLATE),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(3),
  SMS_MESSAGE_ID_FIELD: z.string().min(1).default("message_id"),
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  DEMO_RESULT_DAYS: z.coerce.number().int().min(0).max(400).default(120),
  DRAWS_AHEAD_DAYS: z.coerce.number().int().min(1).max(31).default(3),
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(100).default(1),
  CHECKER_COOLDOWN_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .optional(),
  MONEY_BATCH: z.enum(["on", "off"]).default("on"),
  MONEY_BATCH_WINDOW_MS: z.coerce.number().int().min(0).max(20).default(1),
  MONEY_BATCH_MAX: z.coerce.number().int().min(1).max(64).default(64),
  MONEY_BATCH_WALLET_LANES: z.coerce.number().int().min(1).max(16).optional(),
  MONEY_BATCH_SPLIT_AT: z.coerce.number().int().min(1).max(64).default(8),
  MONEY_BATCH_GSC_SPLIT_AT: z.coerce.number().int().min(1).max(64).optional(),
  PLAYER_MONEY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PLAYER_MONEY_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  PLAYER_MONEY_QUEUE_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  GSC_API_BASE_URL: z.string().url().optional(),
  GSC_OPERATOR_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{2,20}$/, "must be 2 to 20 letters or digits")
    .optional(),
  GSC_SECRET_KEY: z.string().min(1).optional(),
  GSC_CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}[0-9]?$/, "must be a currency code such as MMK or MMK2")
    .default("MMK"),
  GSC_CURRENCIES: z.string().default("MMK:1,MMK2:1000,MMK3:100"),
  GSC_CALLBACK_PREFIX: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)*$/, "must be empty or a path such as /api/gsc (no trailing slash)")
    .default(DEFAULT_GSC_CALLBACK_PREFIX),
  GSC_REQUEST_TIME_WINDOW_S: z.coerce.number().int().min(0).max(86_400).default(0),
  GSC_MANUAL_PAYOUT_PRODUCTS: z.string().default("1040"),
  GSC_MANUAL_PAYOUT: z.enum(["on", "off"]).default("on"),
  GSC_OVERDRAW_ACTIONS: z.string().default("RESETTLED"),
  GSC_ROUND_QUOTIENT_4DP: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  GSC_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8000),
  GSC_LOBBY_URL: z.string().url().optional(),
  OPENAPI_ENABLED: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export type AppMode = "demo" | "production";

export interface Config {
  mode: AppMode;
  port: number;
  host: string;
  /** Real PostgreSQL when set; otherwise the embedded database in dataDir. */
  databaseUrl: string | undefined;
  /** Folder for the embedded database, uploads and other local state; "memory" keeps everything in memory (tests). */
  dataDir: string;
  logLevel: string;
  webDist: string | undefined;
  houseSecret: string;
  houseBaseUrl: string | undefined;
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** Which proxies may set X-Forwarded-For (TRUST_PROXY, config/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** Rate-limit counters in Redis when set; otherwise in the database. Either way shared by every instance. */
  redisUrl: string | undefined;
  /** The HTTP SMS gateway, used in production; demo mode never sends SMS (messages go to the demo outbox). */
  sms: SmsGatewayConfig | undefined;
  /** Requests per window for the sensitive account calls; tests may lower or raise it. */
  rateLimits: RateLimitConfig;
  /**
   * How long (ms) a public answer every visitor sees the same (today's numbers, winners, catalogue,
   * site content) may be reused by this process; changes made here show at once, changes made by
   * another process within this time. 0 reads the database on every request.
   */
  publicCacheMs: number;
  /**
   * Demo mode: days of past results the demo seeds (results calendar and number statistics):
   * DEMO_RESULT_DAYS, default 120; 0 seeds none (tests).
   */
  demoResultDays: number;
  /**
   * How far ahead the scheduler creates each game's draws (at least the next two of each game are
   * always there): DRAWS_AHEAD_DAYS, default 3.
   */
  drawsAheadDays: number;
  /**
   * Hours after its creation during which a console account cannot confirm another operator's
   * step (maker–checker): CHECKER_COOLDOWN_HOURS, default 24 (demo: 0, so the seeded demo
   * operators check at once).
   */
  checkerCooldownHours: number;
  /** Serve /api/openapi.json in production too (OPENAPI_ENABLED=true); demo mode always serves it. */
  openapiEnabled: boolean;
  /** Bearer token that opens /metrics in production; without it production answers 404 there. Demo: open. */
  metricsToken: string | undefined;
  /**
   * The operator second factor (TOTP): "required" (production) — every console call needs a
   * sign-in that passed it; "when-enrolled" (demo) — only operators who enrolled must pass it, so
   * the demo accounts of api.md keep working with a password alone.
   */
  operatorSecondFactor: "required" | "when-enrolled";
  /**
   * Group commit of the one-call money paths (db/money-batch.ts, decision 0010): calls arriving
   * together share one statement and one commit. `undefined` (MONEY_BATCH=off): one statement each.
   * `gscSplitAt`: from how many GSC+ elements waiting a part of the wallet lane goes in a batch of its
   * own beside the other part's (MONEY_BATCH_GSC_SPLIT_AT; gsc-one-call.ts's GSC_SPLIT_AT, 8, when unset).
   */
  moneyBatch: (MoneyBatchOptions & { gscSplitAt?: number }) | undefined;
  /**
   * A player's own money calls that hold a connection each (transfers, cash-in and cash-out, claims,
   * bets on the general path) in this process (lib/player-queue.ts, decision 0029): at most
   * `concurrency` of one player's at a time (PLAYER_MONEY_CONCURRENCY, default 2), at most `maxWaiting`
   * more waiting in memory (PLAYER_MONEY_QUEUE, default 64; beyond: 429 RATE_LIMITED), each for at
   * most `maxWaitMs` (PLAYER_MONEY_QUEUE_WAIT_MS, default 10 s; then 503 BUSY).
   */
  playerMoneyQueue: PlayerQueueOptions;
  /**
   * The GSC+ aggregator (modules/gsc, docs/provider-wallet.md): set from GSC_* in production; in demo
   * mode without them, the in-process simulator; undefined: its providers stay "unavailable".
   */
  gsc: GscConfig | undefined;
}

export interface RateLimitConfig {
  enabled: boolean;
  /**
   * Multiplies every limit: RATE_LIMIT_FACTOR, default 1, at most 100, never below the limits as
   * written (many players behind one carrier address; browser journeys that sign in many times).
   */
  factor: number;
  /** Prefix of the counter keys in Redis (default "shwe:rl:"); unused with the database store. */
  keyPrefix?: string;
}

/** SMS_* settings (docs/operations.md, "SMS gateway"). */
export interface SmsGatewayConfig {
  /** POST target of every message. */
  url: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token: string;
  /** JSON body with placeholders, checked at start-up (modules/accounts/sms-template.ts). */
  bodyTemplate: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts per message, counting the first; network errors, timeouts, 429 and 5xx are retried. */
  maxAttempts: number;
  /** Wait before the first retry, doubled before each further one. */
  retryDelayMs: number;
  /** Field (dot path) of the gateway's JSON answer holding its message id, stored with the delivery. */
  messageIdField: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid environment: ${fields}`);
  }
  const e = parsed.data;
  const mode = e.APP_MODE;
  if (mode === "production") {
    const missing: string[] = [];
    if (!e.DATABASE_URL) missing.push("DATABASE_URL");
    if (!e.HOUSE_SECRET) missing.push("HOUSE_SECRET");
    if (!e.SMS_GATEWAY_URL || !e.SMS_GATEWAY_TOKEN) missing.push("SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN");
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY || !e.VAPID_SUBJECT) missing.push("VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT");
    if (missing.length > 0) {
      throw new ConfigError(`APP_MODE=production needs these settings: ${missing.join(", ")}`);
    }
    const refused = productionSecretProblems({
      DATABASE_URL: e.DATABASE_URL as string,
      HOUSE_SECRET: e.HOUSE_SECRET as string,
      VAPID_PUBLIC_KEY: e.VAPID_PUBLIC_KEY as string,
      VAPID_PRIVATE_KEY: e.VAPID_PRIVATE_KEY as string,
      VAPID_SUBJECT: e.VAPID_SUBJECT as string,
      METRICS_TOKEN: e.METRICS_TOKEN,
      SMS_GATEWAY_TOKEN: e.SMS_GATEWAY_TOKEN,
      REDIS_URL: e.REDIS_URL,
    });
    if (refused.length > 0) throw new ConfigError(`APP_MODE=production refuses these settings: ${refused.join("; ")}`);
  }
  let gsc: GscConfig | undefined;
  try {
    gsc = gscConfig(e);
  } catch (err) {
    if (err instanceof GscConfigError) throw new ConfigError(err.message);
    throw err;
  }
  const sms = smsGatewayConfig(e);
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY, mode);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  const vapid =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
      : undefined;
  return {
    mode,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR === "memory" ? "memory" : resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    houseSecret: e.HOUSE_SECRET ?? "demo-house-secret",
    houseBaseUrl: e.HOUSE_BASE_URL,
    vapid,
    trustProxy,
    redisUrl: e.REDIS_URL,
    sms,
    rateLimits: { enabled: true, factor: e.RATE_LIMIT_FACTOR },
    publicCacheMs: e.PUBLIC_CACHE_MS,
    demoResultDays: e.DEMO_RESULT_DAYS,
    drawsAheadDays: e.DRAWS_AHEAD_DAYS,
    checkerCooldownHours: e.CHECKER_COOLDOWN_HOURS ?? (mode === "production" ? 24 : 0),
    openapiEnabled: e.OPENAPI_ENABLED,
    metricsToken: e.METRICS_TOKEN,
    operatorSecondFactor: mode === "production" ? "required" : "when-enrolled",
    moneyBatch:
      e.MONEY_BATCH === "on"
        ? {
            windowMs: e.MONEY_BATCH_WINDOW_MS,
            maxCalls: e.MONEY_BATCH_MAX,
            splitAt: e.MONEY_BATCH_SPLIT_AT,
            walletLanes: e.MONEY_BATCH_WALLET_LANES ?? (e.DATABASE_URL ? DEFAULT_MONEY_BATCH.walletLanes : 1),
            ...(e.MONEY_BATCH_GSC_SPLIT_AT === undefined ? {} : { gscSplitAt: e.MONEY_BATCH_GSC_SPLIT_AT }),
          }
        : undefined,
    playerMoneyQueue: {
      concurrency: e.PLAYER_MONEY_CONCURRENCY,
      maxWaiting: e.PLAYER_MONEY_QUEUE,
      maxWaitMs: e.PLAYER_MONEY_QUEUE_WAIT_MS,
    },
    gsc,
  };
}

/**
 * GSC_* settings: all three of base URL, operator code and secret key, or none. None: production
 * leaves the aggregator's providers "unavailable"; demo mode plays the aggregator with the built-in
 * simulator. Production also refuses a published or weak secret key and a plain-http base URL.
 */
function gscConfig(e: z.infer<typeof envSchema>): GscConfig | undefined {
  const given = [e.GSC_API_BASE_URL, e.GSC_OPERATOR_CODE, e.GSC_SECRET_KEY].filter((v) => v !== undefined).length;
  const switches = {
    defaultCurrency: e.GSC_CURRENCY.toUpperCase(),
    currencies: parseGscCurrencies(e.GSC_CURRENCIES),
    callbackPrefix: e.GSC_CALLBACK_PREFIX,
    requestTimeWindowS: e.GSC_REQUEST_TIME_WINDOW_S,
    manualPayoutProducts: parseProductCodes(e.GSC_MANUAL_PAYOUT_PRODUCTS),
    manualPayout: e.GSC_MANUAL_PAYOUT === "on",
    overdrawActions: parseActionNames(e.GSC_OVERDRAW_ACTIONS),
    roundQuotientTo4dp: e.GSC_ROUND_QUOTIENT_4DP,
    timeoutMs: e.GSC_TIMEOUT_MS,
    lobbyUrl: e.GSC_LOBBY_URL,
  };
  if (!(switches.defaultCurrency in switches.currencies)) {
    throw new GscConfigError(`GSC_CURRENCY ${switches.defaultCurrency} is not one of GSC_CURRENCIES`);
  }
  if (given === 0) return e.APP_MODE === "demo" ? simulatedGscConfig(switches) : undefined;
  if (given !== 3) throw new GscConfigError("GSC_API_BASE_URL, GSC_OPERATOR_CODE and GSC_SECRET_KEY go together: set all three or none");
  const base = e.GSC_API_BASE_URL as string;
  if (e.APP_MODE === "production") {
    const { protocol, hostname } = new URL(base);
    const loopback = hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
    if (protocol !== "https:" && !loopback)
      throw new GscConfigError("GSC_API_BASE_URL must use https: (every call carries a sign of the secret key)");
    const weak = aggregatorSecretReason(e.GSC_SECRET_KEY as string);
    if (weak) throw new GscConfigError(`APP_MODE=production refuses these settings: GSC_SECRET_KEY ${weak}`);
  }
  return {
    ...switches,
    apiBaseUrl: base.replace(/\/+$/, ""),
    simulated: false,
    operatorCode: (e.GSC_OPERATOR_CODE as string).toUpperCase(),
    secretKey: e.GSC_SECRET_KEY as string,
  };
}

/** The HTTP SMS gateway settings when URL and token are set; the body template is checked here, at start-up. */
function smsGatewayConfig(e: z.infer<typeof envSchema>): SmsGatewayConfig | undefined {
  try {
    parseSmsBodyTemplate(e.SMS_BODY_TEMPLATE);
  } catch (err) {
    if (err instanceof SmsTemplateError) throw new ConfigError(err.message);
    throw err;
  }
  if (!e.SMS_GATEWAY_URL || !e.SMS_GATEWAY_TOKEN) return undefined;
  const { protocol, hostname } = new URL(e.SMS_GATEWAY_URL);
  const loopback = hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
  if (e.APP_MODE === "production" && protocol !== "https:" && !loopback) {
    throw new ConfigError("SMS_GATEWAY_URL must use https: (the gateway token travels with every message)");
  }
  return {
    url: e.SMS_GATEWAY_URL,
    token: e.SMS_GATEWAY_TOKEN,
    bodyTemplate: e.SMS_BODY_TEMPLATE,
    timeoutMs: e.SMS_TIMEOUT_MS,
    maxAttempts: e.SMS_MAX_ATTEMPTS,
    retryDelayMs: 500,
    messageIdField: e.SMS_MESSAGE_ID_FIELD,
  };
}

/** A configuration for tests: in-memory database, demo mode, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    mode: "demo",
    port: 0,
    host: "127.0.0.1",
    databaseUrl: undefined,
    dataDir: "memory",
    logLevel: "silent",
    webDist: undefined,
    houseSecret: "demo-house-secret",
    houseBaseUrl: undefined,
    vapid: undefined,
    trustProxy: false,
    redisUrl: undefined,
    sms: undefined,
    rateLimits: { enabled: true, factor: 1 },
    // Tests write fixtures straight into the database, as another process would; the public cache is
    // switched on by the tests about it.
    publicCacheMs: 0,
    // Tests make the draws they need; the demo's past results are seeded by the tests about them.
    demoResultDays: 0,
    drawsAheadDays: 3,
    checkerCooldownHours: 0,
    openapiEnabled: false,
    metricsToken: undefined,
    operatorSecondFactor: "when-enrolled",
    // Every test runs the money paths batched, as production does.
    moneyBatch: { ...DEFAULT_MONEY_BATCH },
    // A player's money calls queue as in production; the race tests that send more at once raise the limits.
    playerMoneyQueue: { ...DEFAULT_PLAYER_MONEY_QUEUE },
    // The aggregator is off unless a test connects it (modules/gsc tests pass simulatedGscConfig()).
    gsc: undefined,
    ...overrides,
  };
}

/**
 * The group commit settings when nothing is set: a batch waits at most 1 ms for company and holds at
 * most 64 calls; wallet calls go in a lane of their own in two parts by player id parity, split into
 * batches side by side once each part has 8 calls waiting. The embedded database runs one statement
 * at a time, so a server on it (no DATABASE_URL) keeps wallet calls in one part unless told otherwise.
 */
export const DEFAULT_MONEY_BATCH: MoneyBatchOptions = { windowMs: 1, maxCalls: 64, splitAt: 8, walletLanes: 2 };

/**
 * A player's money calls when nothing is set: two at a time per process (each holds one of the 20
 * pooled connections), 64 more waiting in memory, each for at most 10 s.
 */
export const DEFAULT_PLAYER_MONEY_QUEUE: PlayerQueueOptions = { concurrency: 2, maxWaiting: 64, maxWaitMs: 10_000 };
