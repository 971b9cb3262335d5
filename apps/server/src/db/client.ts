import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PreparingClient } from "./prepared-client.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The driver-neutral database handle every repository takes. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), "../../drizzle");

// BIGINT (20) arrives as a string from node-postgres; every amount and id is a safe integer, so read them as numbers
// exactly like PGlite does. Sums are cast to bigint in SQL for the same reason.
pg.types.setTypeParser(20, (v) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`BIGINT ${v} is outside the safe integer range`);
  return n;
});

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Subscribe to a PostgreSQL notification channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** True once the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Folder of the embedded database, or "memory". */
  dataDir?: string;
  /** Size of the node-postgres pool. */
  poolSize?: number;
  /** A PGlite data dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob | File;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 20);
  return openPglite(opts.dataDir ?? "memory", opts.loadDataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Parameterised statements stay prepared on each pooled connection (prepared-client.ts).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    Client: PreparingClient,
  });
  pool.on("error", () => {
    // An idle client lost its connection (e.g. the server restarted); the pool replaces it.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Map<string, Set<(p: string) => void>>();
  let listenClient: pg.PoolClient | undefined;
  let releaseListener: ((destroy: boolean) => void) | undefined;
  let closed = false;

  async function connectListener(): Promise<void> {
    if (closed) return;
    const client = await pool.connect();
    listenClient = client;
    client.on("notification", (msg) => {
      for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? "");
    });
    let released = false;
    const release = (destroy: boolean) => {
      if (released) return;
      released = true;
      client.release(destroy);
    };
    releaseListener = release;
    client.on("error", () => {
      listenClient = undefined;
      release(true);
      if (closed) return;
      // Re-subscribe after a short pause; live updates resume once the database is back.
      setTimeout(() => void connectListener().catch(() => undefined), 1000).unref();
    });
    for (const ch of listeners.keys()) await client.query(`LISTEN ${quoteIdent(ch)}`);
  }

  return {
    db,
    kind: "postgres",
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        if (!listenClient) await connectListener();
        else await listenClient.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async ping() {
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      releaseListener?.(false);
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob | File): Promise<Database> {
  let client: PGlite;
  if (dataDir === "memory") {
    client = await PGlite.create(loadDataDir ? { loadDataDir } : {});
  } else {
    mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create(join(dataDir, "pglite"));
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async listen(channel, onPayload) {
      return client.listen(channel, onPayload);
    },
    async ping() {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await client.close();
    },
    // Exposed for the test template: dump a migrated database once, load it for each test.
    ...({ pglite: client } as object),
  };
}

export function pgliteOf(database: Database): PGlite | undefined {
  return (database as unknown as { pglite?: PGlite }).pglite;
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "postgres") {
    await migratePg(database.db as never, { migrationsFolder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
}

/** True when every migration in the folder has been applied (health check). */
export async function migrationsApplied(database: Database): Promise<boolean> {
  try {
    const res = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const applied = Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
    return applied >= expectedMigrationCount();
  } catch {
    return false;
  }
}

let expected: number | undefined;
function expectedMigrationCount(): number {
  if (expected === undefined) {
    // The journal lists every migration drizzle-kit generated.
    const journal = JSON.parse(readText(join(migrationsFolder, "meta", "_journal.json"))) as { entries: unknown[] };
    expected = journal.entries.length;
  }
  return expected;
}

function readText(path: string): string {
  return readFileSync(path, "utf8");
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad channel name: ${name}`);
  return `"${name}"`;
}

/** Rows of a raw `db.execute(sql…)` result (both drivers answer `{rows}`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
