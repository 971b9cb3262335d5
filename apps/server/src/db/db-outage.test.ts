import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import Fastify from "fastify";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.ts";
import { postJournal } from "../modules/ledger/ledger.service.ts";
import { balancesOf, call, createUser, expectLedgerClean, fund, type TestUser } from "../modules/ledger/testing.ts";
import { isDatabaseUnavailable, registerErrorHandling } from "../plugins/errors.ts";
import { createTestApp, onRealPostgres, realPostgresUrl, type TestApp } from "../test/test-app.ts";
import { type Database, openDatabase, rowsOf } from "./client.ts";
import { refusingServer } from "./outage-testing.ts";
import { PreparingClient } from "./prepared-client.ts";

/**
 * The database going away under load (reliability.md): answers in flight become 503 with a retry
 * hint, the pool and the live-update listener reconnect by themselves, the process keeps running,
 * and no money is half-applied or applied twice.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pgError(code: string, message: string): pg.DatabaseError {
  const err = new pg.DatabaseError(message, message.length, "error");
  err.code = code;
  err.severity = "FATAL";
  return err;
}

describe("isDatabaseUnavailable: which failures mean the database is away", () => {
  const wrapped = (cause: unknown) => new DrizzleQueryError("select 1", [], cause as Error);

  it("recognises terminated backends, lost connections and a database that is starting or shutting down", () => {
    const unavailable: unknown[] = [
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("57P02", "terminating connection due to crash of another server process"),
      pgError("57P03", "the database system is starting up"),
      pgError("08006", "connection failure"),
      pgError("53300", "sorry, too many clients already"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("timeout exceeded when trying to connect"),
      Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      Object.assign(new Error("write EPIPE"), { code: "EPIPE" }),
      // Node 20 tries every address of a host name and reports them together.
      new AggregateError([Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" })], ""),
    ];
    for (const err of unavailable) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
      // Drizzle wraps a failed query (and a failed ROLLBACK after it) in DrizzleQueryError.
      expect(isDatabaseUnavailable(wrapped(err)), `wrapped ${String(err)}`).toBe(true);
      expect(isDatabaseUnavailable(new Error("outer", { cause: wrapped(err) })), `twice wrapped ${String(err)}`).toBe(true);
    }
  });

  it("leaves every other failure alone (they stay 4xx or 500)", () => {
    const others: unknown[] = [
      pgError("23505", "duplicate key value violates unique constraint"),
      pgError("40001", "could not serialize access"),
      pgError("22003", "numeric value out of range"),
      pgError("57014", "canceling statement due to statement timeout"),
      wrapped(pgError("42P01", 'relation "x" does not exist')),
      new Error("Something else"),
      new TypeError("Cannot read properties of undefined"),
      new AppError(409, "CONFLICT", "Connection terminated unexpectedly is only text here"),
      undefined,
      null,
      "ECONNRESET",
    ];
    for (const err of others) expect(isDatabaseUnavailable(err), String(err)).toBe(false);
  });

  it("does not loop on an error that is its own cause", () => {
    const err = new Error("loop") as Error & { cause?: unknown };
    err.cause = err;
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

/** Terminates every backend of the test database except the caller's, the way an operator or a restart would. */
async function terminateBackends(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const res = await admin.query(
      "select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) k",
    );
    return Number(res.rows[0]?.n ?? 0);
  } finally {
    await admin.end();
  }
}

async function databaseUrl(database: Database): Promise<string> {
  const name = rowsOf<{ n: string }>(await database.db.execute(sql`select current_database() as n`))[0]?.n;
  const url = new URL(realPostgresUrl ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every uncaught exception and unhandled rejection of the process while a test runs. */
function watchProcess(): { faults: unknown[]; stop(): void } {
  const faults: unknown[] = [];
  const onFault = (err: unknown) => faults.push(err);
  process.on("uncaughtException", onFault);
  process.on("unhandledRejection", onFault);
  return {
    faults,
    stop() {
      process.off("uncaughtException", onFault);
      process.off("unhandledRejection", onFault);
    },
  };
}

interface TestSocket {
  close(): void;
  on(event: "message", fn: (data: Buffer) => void): void;
}

describe("a database that refuses new connections (55000, 57P03, 3D000, 28P01, 28000 at connect)", () => {
  const refusals = [
    ["55000", 'database "shwe" is not currently accepting connections'],
    ["57P03", "the database system is starting up"],
    ["3D000", 'database "shwe" does not exist'],
    ["28P01", 'password authentication failed for user "u"'],
    ["28000", 'role "u" does not exist'],
  ] as const;

  it("answers 503 UNAVAILABLE with Retry-After, through the pool and through Drizzle", async () => {
    for (const [code, message] of refusals) {
      const { server, url } = await refusingServer(code, message);
      const pool = new pg.Pool({ connectionString: url, Client: PreparingClient, max: 2 });
      const app = Fastify();
      registerErrorHandling(app);
      app.get("/pool", async () => (await pool.query("select $1::int as n", [1])).rows);
      app.get("/client", async () => {
        const c = new PreparingClient({ connectionString: url });
        try {
          await c.connect();
          return "connected";
        } finally {
          await c.end().catch(() => undefined);
        }
      });
      try {
        for (const path of ["/pool", "/client"]) {
          const res = await app.inject({ method: "GET", url: path });
          expect(res.statusCode, `${code} ${path}`).toBe(503);
          expect(res.json()).toEqual({ message: "Service is busy. Please try again shortly.", code: "UNAVAILABLE" });
          expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        }
        const err = await pool.query("select 1").catch((e: unknown) => e);
        expect((err as { code?: string }).code).toBe(code);
        expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], err as Error))).toBe(true);
      } finally {
        await app.close();
        await pool.end();
        server.close();
      }
    }
  });

  it("the same SQLSTATEs raised by a statement are not an outage (they stay 500)", () => {
    for (const [code, message] of refusals.filter(([c]) => c !== "57P03")) {
      expect(isDatabaseUnavailable(pgError(code, message)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(pgError("55000", 'currval of sequence "s" is not yet defined in this session'))).toBe(false);
  });
});

describe("a 503 always tells the client when to retry", () => {
  it("answers Retry-After for a busy AppError and for an unreachable database", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get("/busy", async () => {
      throw new AppError(503, "BUSY", "Service is busy. Please try again shortly.");
    });
    app.get("/gone", async () => {
      throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    });
    try {
      for (const url of ["/busy", "/gone"]) {
        const res = await app.inject({ method: "GET", url });
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      }
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!onRealPostgres)("database outage on real PostgreSQL (set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  let url: string;
  let watch: ReturnType<typeof watchProcess>;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    url = await databaseUrl(t.database);
  });
  beforeEach(() => {
    watch = watchProcess();
  });
  afterEach(() => watch.stop());
  afterAll(async () => t?.close());

  it("real failures of a terminated backend are classified as unavailable", async () => {
    // A query running when its backend is terminated, through Drizzle and the pool.
    const { outcome: running } = await sleepingOnServer(url, () => t.ctx.db.execute(sql`select pg_sleep(10)`));
    expect(await terminateBackends(url)).toBeGreaterThan(0);
    const queryErr = await running;
    expect(queryErr).toBeInstanceOf(DrizzleQueryError);
    expect(isDatabaseUnavailable(queryErr)).toBe(true);

    // A transaction whose ROLLBACK fails too: Drizzle throws the failed ROLLBACK.
    const { outcome: inTx } = await sleepingOnServer(url, () => t.ctx.db.transaction(async (tx) => tx.execute(sql`select pg_sleep(10)`)));
    await terminateBackends(url);
    expect(isDatabaseUnavailable(await inTx)).toBe(true);
    await sleep(100);
    expect(watch.faults).toEqual([]);
    expect(await t.database.ping()).toBe(true);
  });

  it("a transaction waiting between statements when its backend is terminated rolls back; the process survives", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 10_000);
    let open!: () => void;
    const gate = new Promise<void>((r) => {
      open = r;
    });
    const work = t.ctx.db
      .transaction(async (tx) => {
        await postJournal(tx, {
          kind: "test_funding",
          userId: u.id,
          entries: [
            { account: { userId: u.id, kind: "main" }, amount: 5_000 },
            { account: { code: "external:test_funding" }, amount: -5_000 },
          ],
        });
        await gate;
        await tx.execute(sql`select 1`);
      })
      .catch((e: unknown) => e);
    await waitFor(async () => (await backendsOf(url, "idle in transaction")) > 0);
    expect(await terminateBackends(url)).toBeGreaterThan(0);
    // The server's goodbye reaches a client that is checked out of the pool but has no query running.
    await sleep(300);
    open();
    expect(isDatabaseUnavailable(await work)).toBe(true);
    expect(watch.faults).toEqual([]);
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 10_000 });
    await expectLedgerClean(t);
  });

  it("the listener re-subscribes after its connection is terminated; a change made meanwhile still reaches an open socket", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 1_000);
    const live: Record<string, unknown>[] = [];
    const ws = (await t.app.injectWS(`/api/ws?token=${u.token}`, {}, {
      onInit(socket: TestSocket) {
        socket.on("message", (data) => live.push(JSON.parse(String(data))));
      },
    } as never)) as unknown as TestSocket;
    try {
      await waitFor(async () => live.some((m) => m.type === "balance" && m.balance === 1_000));
      // An earlier outage may still have the listener on its way back: wait until it is subscribed.
      await waitFor(async () => (await backendsOf(url, "idle", "LISTEN")) === 1);
      let balance = 1_000;
      for (let round = 1; ; round++) {
        const before = await listenerPids(url);
        await terminateBackends(url);
        // Committed while nobody listens: its notification is lost, the resubscription sends the balances.
        // The first statement may still meet a pooled connection whose goodbye is on its way: retried like a client would.
        await retryWhileUnavailable(() => fund(t, u.id, 2_345));
        balance += 2_345;
        // No backend but the terminated one had run LISTEN by the time that change committed.
        const nobodyListened = (await listenerPids(url)).every((pid) => before.includes(pid));
        const expected = balance;
        await waitFor(async () => live.some((m) => m.type === "balance" && m.balance === expected));
        if (nobodyListened) break;
        // A machine slow enough to let the listener back before the commit repeats the round.
        if (round >= 5) throw new Error("the listener was back before every change: the lost-notification case was never met");
        await waitFor(async () => (await backendsOf(url, "idle", "LISTEN")) === 1);
      }
      await waitFor(async () => (await backendsOf(url, "idle", "LISTEN")) === 1);
      await fund(t, u.id, 1);
      await waitFor(async () => live.some((m) => m.type === "balance" && m.balance === balance + 1), 3_000);
    } finally {
      ws.close();
    }
    expect(watch.faults).toEqual([]);
    await expectLedgerClean(t);
  });

  it("a lost idle connection is logged at warn and replaced", async () => {
    const warnings: string[] = [];
    const other = await openDatabase({ url, poolSize: 2, log: { warn: (_obj, msg) => warnings.push(msg) } });
    try {
      expect(await other.ping()).toBe(true);
      await terminateBackends(url);
      await waitFor(async () => warnings.includes("database connection lost"));
      expect(await other.ping()).toBe(true);
    } finally {
      await other.close();
    }
    expect(watch.faults).toEqual([]);
  });

  it("backends terminated mid-load: 503 with Retry-After, no 500, recovery, exact money and live updates", async () => {
    const START = 1_000_000;
    const players: TestUser[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await createUser(t);
      await fund(t, p.id, START);
      players.push(p);
    }

    // A live socket opened before the faults must still get balance changes after them.
    const watcher = players[0] as TestUser;
    const live: Record<string, unknown>[] = [];
    const ws = (await t.app.injectWS(`/api/ws?token=${watcher.token}`, {}, {
      onInit(socket: TestSocket) {
        socket.on("message", (data) => live.push(JSON.parse(String(data))));
      },
    } as never)) as unknown as TestSocket;
    await waitFor(async () => live.some((m) => m.type === "balance"));

    const answers: { status: number; retryAfter: string | undefined; code: string | undefined; body: string }[] = [];
    const accepted = new Map<number, { in: number; out: number; count: number }>(players.map((p) => [p.id, { in: 0, out: 0, count: 0 }]));
    let stop = false;
    let seq = 0;

    /** One transfer as a careful client makes it: retried with the same key while the answer is 503. */
    async function transfer(p: TestUser, direction: "in" | "out", amount: number, key: string): Promise<number> {
      for (let attempt = 0; attempt < 100; attempt++) {
        const res = await call(t, "POST", `/api/user/transfer_${direction}`, {
          token: p.token,
          body: { amount },
          headers: { "idempotency-key": key },
        });
        const retryAfter = res.headers["retry-after"] as string | undefined;
        answers.push({ status: res.statusCode, retryAfter, code: res.json().code, body: res.body });
        if (res.statusCode !== 503) return res.statusCode;
        await sleep(50);
      }
      throw new Error(`transfer ${key} still unavailable after 100 attempts`);
    }

    async function worker(p: TestUser, w: number): Promise<void> {
      while (!stop) {
        const n = seq++;
        const direction = n % 3 === 0 ? "out" : "in";
        const amount = 1 + ((n * 7919) % 5_000);
        const status = await transfer(p, direction, amount, `outage-${p.id}-${w}-${n}`);
        if (status === 200) {
          const a = accepted.get(p.id) as { in: number; out: number; count: number };
          a[direction] += amount;
          a.count++;
        }
      }
    }

    const load = players.flatMap((p) => [worker(p, 0), worker(p, 1)]);
    const terminated: number[] = [];
    for (let round = 0; round < 4; round++) {
      await sleep(400);
      // A restart: connections keep being refused for a moment, then the database answers again.
      for (let burst = 0; burst < 3; burst++) {
        terminated.push(await terminateBackends(url));
        await sleep(30);
      }
    }
    await sleep(800);
    stop = true;
    await Promise.all(load);
    // No connection stays checked out of the pool but the listener's, whatever the fault interrupted.
    const pool = (t.ctx.db as unknown as { $client: pg.Pool }).$client;
    await waitFor(async () => pool.totalCount - pool.idleCount === 1, 5_000).catch(() => {
      throw new Error(`${pool.totalCount - pool.idleCount - 1} connections leaked out of the pool`);
    });

    // Faults really happened, and clients saw them only as 503 with a retry hint.
    expect(terminated.some((n) => n > 0)).toBe(true);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const a of unavailable) {
      expect(a.code).toBe("UNAVAILABLE");
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(Object.keys(JSON.parse(a.body)).sort()).toEqual(["code", "message"]);
    }
    const bad = answers.filter((a) => ![200, 422, 503].includes(a.status));
    expect(bad.map((a) => `${a.status} ${a.body}`)).toEqual([]);
    expect(watch.faults).toEqual([]);

    // New requests succeed once the database answers again.
    expect(await t.database.ping()).toBe(true);
    expect((await call(t, "GET", "/api/health")).statusCode).toBe(200);

    // Every accepted transfer applied exactly once, every refused or retried one not at all.
    for (const p of players) {
      const a = accepted.get(p.id) as { in: number; out: number; count: number };
      expect(await balancesOf(t, p.id)).toMatchObject({ balance: START - a.in + a.out, game_balance: a.in - a.out });
      const journals = rowsOf<{ n: number }>(
        await t.ctx.db.execute(
          sql`select count(*)::int as n from journals where user_id = ${p.id} and kind in ('transfer_in', 'transfer_out')`,
        ),
      )[0]?.n;
      expect(journals).toBe(a.count);
    }
    await expectLedgerClean(t);

    // The listener re-subscribed: a change made now reaches the socket opened before the faults.
    const before = live.length;
    let delivered = false;
    for (let i = 0; i < 20 && !delivered; i++) {
      const status = await transfer(watcher, "in", 1, `outage-after-${i}`);
      expect(status).toBe(200);
      const want = (await balancesOf(t, watcher.id)).game_balance;
      for (let wait = 0; wait < 10 && !delivered; wait++) {
        await sleep(100);
        delivered = live.slice(before).some((m) => m.type === "balance" && m.game_balance === want);
      }
    }
    ws.close();
    expect(delivered).toBe(true);
    expect(watch.faults).toEqual([]);
    await expectLedgerClean(t);
  }, 120_000);
});

/** Backends whose last statement was a LISTEN, in any state: the live-update listener, and one being terminated. */
async function listenerPids(url: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const res = await c.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'",
    );
    return res.rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

async function backendsOf(url: string, state: string, query?: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const res = await c.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = $1 and ($2::text is null or query like '%' || $2 || '%')",
      [state, query ?? null],
    );
    return Number(res.rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

/** Runs `work` again while it fails because the database is away (a failed BEGIN or statement applied nothing). */
async function retryWhileUnavailable(work: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || attempt >= 20) throw err;
      await sleep(20);
    }
  }
}

/**
 * Starts `start` (a query that sleeps on the server) and resolves once the sleep is running there,
 * with the query's outcome as a promise that never rejects (wrapped, so awaiting this does not wait for it). Right after a termination the pool can
 * still hand out an idle client whose backend is gone; that attempt fails at once as unavailable
 * and is started again.
 */
async function sleepingOnServer(url: string, start: () => Promise<unknown>): Promise<{ outcome: Promise<unknown> }> {
  for (let attempt = 0; ; attempt++) {
    let settled = false;
    const outcome = start().then(
      (v) => {
        settled = true;
        return v;
      },
      (e: unknown) => {
        settled = true;
        return e;
      },
    );
    await waitFor(async () => settled || (await backendsOf(url, "active", "pg_sleep")) > 0);
    if (!settled) return { outcome };
    const early = await outcome;
    if (!isDatabaseUnavailable(early) || attempt >= 20) throw new Error(`the query ended before it slept: ${String(early)}`);
    await sleep(50);
  }
}

async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await sleep(25);
  }
}
