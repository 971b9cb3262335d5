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
import { drizzleClientOf } from "./pglite-parsers.ts";
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
  /**
   * Subscribe to a PostgreSQL notification channel; resolves to an unsubscribe function. When the
   * listening connection is lost it is opened again and every channel subscribed anew; then
   * `onResubscribed` runs, since notifications sent in between were missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResubscribed?: () => void): Promise<() => Promise<void>>;
  /** True once the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Clients of the connection pool (real PostgreSQL only), for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * How many times a pooled connection came back from its work (real PostgreSQL only). When it moved
   * while a caller waited in vain for a connection, the database was answering: the pool was busy
   * with this server's own calls, the database was not away.
   */
  served?(): number;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Folder of the embedded database, or "memory". */
  dataDir?: string;
  /** Size of the node-postgres pool. */
  poolSize?: number;
  /** How long a query waits for a pooled connection before it fails (default 5 s). */
  connectTimeoutMs?: number;
  /** A PGlite data dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob | File;
  /** Told when a PostgreSQL connection is lost (the server logs it); the pool replaces the connection. */
  log?: { warn(obj: object, msg: string): void };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 20, opts.connectTimeoutMs ?? 5_000, opts.log);
  return openPglite(opts.dataDir ?? "memory", opts.loadDataDir);
}

/** Pauses before opening the listening connection again: 250 ms, doubling up to 5 s while the database stays away. */
const RELISTEN_MIN_MS = 250;
const RELISTEN_MAX_MS = 5_000;

async function openPostgres(url: string, poolSize: number, connectTimeoutMs: number, log: OpenOptions["log"]): Promise<Database> {
  // Parameterised statements stay prepared on each pooled connection (prepared-client.ts). Every
  // client listens for 'error' from birth (PreparingClient), so a terminated backend never ends the
  // process; a client that lost its connection is destroyed by the pool, checked out or idle.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    Client: PreparingClient,
  });
  let served = 0;
  pool.on("release", (err: Error | undefined) => {
    if (!err) served++;
  });
  pool.on("error", (err) => {
    // An idle client lost its connection (a restart, a terminated backend); the pool replaces it.
    log?.warn({ err }, "database connection lost");
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Map<string, Set<(p: string) => void>>();
  const onResubscribed = new Set<() => void>();
  let listenClient: pg.PoolClient | undefined;
  let subscribed = new Set<string>();
  let connecting: Promise<void> | undefined;
  let dropListener: (() => void) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let attempts = 0;
  let closed = false;

  /** Opens the listening connection (one per process, kept checked out of the pool) and subscribes every channel. */
  async function connectListener(): Promise<void> {
    const client = await pool.connect();
    const channels = new Set<string>();
    let dropped = false;
    const drop = (err?: Error) => {
      if (dropped) return;
      dropped = true;
      if (listenClient === client) listenClient = undefined;
      if (dropListener === drop) dropListener = undefined;
      client.release(err ?? true);
    };
    const lost = (err?: Error) => {
      if (dropped) return;
      log?.warn({ err }, "database notification listener lost its connection");
      drop(err);
      scheduleRelisten();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (msg) => {
      for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? "");
    });
    try {
      // Channels added while this runs are picked up by the loop's next round.
      for (let pending = [...listeners.keys()]; pending.length > 0; pending = [...listeners.keys()].filter((c) => !channels.has(c))) {
        for (const ch of pending) {
          await client.query(`LISTEN ${quoteIdent(ch)}`);
          channels.add(ch);
        }
      }
    } catch (err) {
      drop(err as Error);
      throw err;
    }
    if (dropped) throw new Error("Connection terminated while subscribing");
    listenClient = client;
    subscribed = channels;
    dropListener = drop;
  }

  function ensureListening(): Promise<void> {
    connecting ??= connectListener().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function scheduleRelisten(): void {
    if (closed || retry) return;
    const delay = Math.min(RELISTEN_MIN_MS * 2 ** attempts, RELISTEN_MAX_MS);
    attempts++;
    retry = setTimeout(() => {
      retry = undefined;
      if (closed) return;
      ensureListening().then(
        () => {
          attempts = 0;
          for (const fn of onResubscribed) fn();
        },
        (err: unknown) => {
          log?.warn({ err }, "database notification listener could not reconnect");
          scheduleRelisten();
        },
      );
    }, delay);
    retry.unref();
  }

  return {
    db,
    kind: "postgres",
    async listen(channel, onPayload, resubscribed) {
      quoteIdent(channel);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(onPayload);
      if (resubscribed) onResubscribed.add(resubscribed);
      try {
        if (!listenClient) await ensureListening();
        const client = listenClient;
        if (client && !subscribed.has(channel)) {
          await client.query(`LISTEN ${quoteIdent(channel)}`);
          subscribed.add(channel);
        }
      } catch (err) {
        set.delete(onPayload);
        if (resubscribed) onResubscribed.delete(resubscribed);
        throw err;
      }
      return async () => {
        set.delete(onPayload);
        if (resubscribed) onResubscribed.delete(resubscribed);
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
    poolStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    served: () => served,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting?.catch(() => undefined);
      dropListener?.();
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
  const db = drizzlePglite({ client: drizzleClientOf(client), schema }) as unknown as Db;
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

/** Key of the session advisory lock that lets one instance at a time apply migrations. */
const MIGRATION_LOCK_KEY = 7_311_505_011;

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "postgres") {
    // Several instances may start at once: the first takes the lock and migrates, the others wait for
    // it on their own connection and then find every migration applied.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(database.db as never, { migrationsFolder });
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    } finally {
      lock.release();
    }
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
