import { resolve } from "node:path";
import { z } from "zod";

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
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
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
  trustProxy: boolean;
  /** Requests per window for the sensitive account calls; tests may lower or raise it. */
  rateLimits: RateLimitConfig;
  /**
   * How long (ms) a public answer every visitor sees the same (today's numbers, winners, catalogue,
   * site content) may be reused by this process; changes made here show at once, changes made by
   * another process within this time. 0 reads the database on every request.
   */
  publicCacheMs: number;
}

export interface RateLimitConfig {
  enabled: boolean;
  /** Multiplies every limit (tests raise it to exercise other behaviour). */
  factor: number;
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
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY || !e.VAPID_SUBJECT) missing.push("VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT");
    if (missing.length > 0) {
      throw new ConfigError(`APP_MODE=production needs these settings: ${missing.join(", ")}`);
    }
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
    trustProxy: e.TRUST_PROXY,
    rateLimits: { enabled: true, factor: 1 },
    publicCacheMs: e.PUBLIC_CACHE_MS,
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
    rateLimits: { enabled: true, factor: 1 },
    // Tests write fixtures straight into the database, as another process would; the public cache is
    // switched on by the tests about it.
    publicCacheMs: 0,
    ...overrides,
  };
}
