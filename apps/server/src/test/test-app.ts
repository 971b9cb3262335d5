import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../app.ts";
import type { AppContext, ZodApp } from "../app-context.ts";
import { type Config, testConfig } from "../config/env.ts";
import { type Database, migrateDatabase, openDatabase, pgliteOf, rowsOf } from "../db/client.ts";
import { type SeedReport, seedDatabase } from "../db/seed.ts";
import "../db/seeders.ts";
import type { Clock } from "../lib/clock.ts";

/**
 * Integration tests run against PGlite in memory by default, and against a fresh database on the
 * real PostgreSQL server when TEST_DATABASE_URL is set (CI does that).
 */
export const realPostgresUrl = process.env.TEST_DATABASE_URL || undefined;
export const onRealPostgres = realPostgresUrl !== undefined;

export interface TestApp {
  app: ZodApp;
  ctx: AppContext;
  database: Database;
  seeded: SeedReport;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  clock?: Clock;
  /** Seed the demo data (accounts, catalogue …). Default true. */
  seed?: boolean;
}

/**
 * Seeded PGlite templates, one per configuration (seeders read it). Server test files share a worker
 * process (the server project runs with `isolate: false`), so one file's template never stands in for
 * a seed under another configuration.
 */
const pgliteTemplates = new Map<string, Promise<{ dump: Blob; seeded: SeedReport }>>();
const templateKey = (config: Config) => JSON.stringify(config);

async function buildPgliteTemplate(config: Config): Promise<{ dump: Blob; seeded: SeedReport }> {
  const db = await openDatabase({ dataDir: "memory" });
  await migrateDatabase(db);
  const seeded = await seedDatabase(db.db, config);
  const client = pgliteOf(db);
  if (!client) throw new Error("not PGlite");
  const dump = await client.dumpDataDir("none");
  await db.close();
  return { dump, seeded };
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!realPostgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: realPostgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(realPostgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: realPostgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Opens a fresh, migrated (and by default seeded) database. */
export async function openTestDatabase(
  config: Config,
  seed = true,
): Promise<{ database: Database; seeded: SeedReport; drop(): Promise<void> }> {
  if (realPostgresUrl) {
    const created = await createPostgresDatabase();
    const database = await openDatabase({ url: created.url, poolSize: 30 });
    await migrateDatabase(database);
    const seeded = seed ? await seedDatabase(database.db, config) : { accounts: [] };
    return { database, seeded, drop: created.drop };
  }
  if (!seed) {
    const database = await openDatabase({ dataDir: "memory" });
    await migrateDatabase(database);
    return { database, seeded: { accounts: [] }, drop: async () => undefined };
  }
  const key = templateKey(config);
  let template = pgliteTemplates.get(key);
  if (!template) {
    template = buildPgliteTemplate(config);
    pgliteTemplates.set(key, template);
    // A template that failed is built again by the next file rather than failing every file after it.
    template.catch(() => pgliteTemplates.delete(key));
  }
  const { dump, seeded } = await template;
  const database = await openDatabase({ dataDir: "memory", loadDataDir: dump });
  return { database, seeded, drop: async () => undefined };
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(opts.config);
  const { database, seeded, drop } = await openTestDatabase(config, opts.seed ?? true);
  const { app, ctx } = await buildApp({ config, database, ...(opts.clock ? { clock: opts.clock } : {}) });
  await app.ready();
  return {
    app,
    ctx,
    database,
    seeded,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** The address of a real-PostgreSQL test app's own database (to open more connections to it). */
export async function databaseUrlOf(database: Database): Promise<string> {
  const name = rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`))[0]?.name ?? "";
  const url = new URL(realPostgresUrl ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

/** A second server process on a real-PostgreSQL test app's database: its own pool and listener, the same config. */
export interface SecondInstance {
  app: ZodApp;
  ctx: AppContext;
  database: Database;
  /** The second instance as a TestApp (same config and seed facts as the first), for the test helpers. */
  asTestApp: TestApp;
  close(): Promise<void>;
}

export async function openSecondInstance(t: TestApp, pool: { poolSize?: number; connectTimeoutMs?: number } = {}): Promise<SecondInstance> {
  const database = await openDatabase({
    url: await databaseUrlOf(t.database),
    poolSize: pool.poolSize ?? 5,
    connectTimeoutMs: pool.connectTimeoutMs,
  });
  const { app, ctx } = await buildApp({ config: t.config, database });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, ctx, database, asTestApp: { ...t, app, ctx, database, close }, close };
}
