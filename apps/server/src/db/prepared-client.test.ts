import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onRealPostgres, realPostgresUrl } from "../test/test-app.ts";
import { MAX_STATEMENTS, MAX_TEXT, PreparingClient, statementName } from "./prepared-client.ts";

describe.skipIf(!onRealPostgres)("prepared statements on real PostgreSQL (set TEST_DATABASE_URL to run)", () => {
  let client: PreparingClient;
  beforeAll(async () => {
    client = new PreparingClient({ connectionString: realPostgresUrl });
    await client.connect();
  });
  afterAll(async () => client.end());

  const preparedTexts = async () =>
    (await client.query("select statement from pg_prepared_statements")).rows.map((r: { statement: string }) => r.statement);

  it("prepares a parameterised statement once and answers exactly as unprepared", async () => {
    const plain = new pg.Client({ connectionString: realPostgresUrl });
    await plain.connect();
    const text = "select $1::bigint + $2::bigint as n, $3::text as s, $4::bigint[] as a, now() - now() as d";
    try {
      const runs: unknown[][] = [
        [2 ** 40, 1, "x'y", [1, 2]],
        [5, 6, null, []],
        [-3, 0, "ä\n", [2 ** 50]],
      ];
      for (const values of runs) {
        const prepared = await client.query({ text }, values);
        expect(prepared.rows).toEqual((await plain.query({ text }, values)).rows);
      }
    } finally {
      await plain.end();
    }
    expect((await preparedTexts()).filter((t: string) => t === text)).toHaveLength(1);
    expect(client.prepared.has(statementName(text))).toBe(true);
  });

  it("leaves statements without parameters, long texts and non-plain values unnamed", async () => {
    const before = client.prepared.size;
    await client.query("select 1 as one");
    const long = `select $1::int as n /* ${"x".repeat(MAX_TEXT)} */`;
    expect((await client.query({ text: long }, [7])).rows).toEqual([{ n: 7 }]);
    expect((await client.query({ text: "select $1::jsonb ->> 'a' as a" }, [{ a: "b" }])).rows).toEqual([{ a: "b" }]);
    expect(client.prepared.size).toBe(before);
  });

  it("keeps working after a statement fails to parse or to run, and after a rollback", async () => {
    await expect(client.query({ text: "select $1::int + nonsense" }, [1])).rejects.toThrow();
    const div = "select 10 / $1::int as n";
    await expect(client.query({ text: div }, [0])).rejects.toThrow();
    expect((await client.query({ text: div }, [2])).rows).toEqual([{ n: 5 }]);
    await client.query("begin");
    expect((await client.query({ text: "select $1::int * 3 as n" }, [3])).rows).toEqual([{ n: 9 }]);
    await client.query("rollback");
    expect((await client.query({ text: "select $1::int * 3 as n" }, [4])).rows).toEqual([{ n: 12 }]);
    // A failed statement in a transaction aborts it; the statements prepared before stay usable after.
    await client.query("begin");
    await expect(client.query({ text: div }, [0])).rejects.toThrow();
    await expect(client.query({ text: "select $1::int as n" }, [1])).rejects.toThrow();
    await client.query("rollback");
    expect((await client.query({ text: div }, [5])).rows).toEqual([{ n: 2 }]);
    expect((await client.query({ text: "select $1::int as n" }, [1])).rows).toEqual([{ n: 1 }]);
  });

  it("prepares at most MAX_STATEMENTS statements on one connection; the rest still run", async () => {
    for (let i = 0; i < MAX_STATEMENTS + 20; i++) {
      const res = await client.query({ text: `select $1::int + ${i} as n` }, [1]);
      expect(res.rows).toEqual([{ n: 1 + i }]);
    }
    expect(client.prepared.size).toBe(MAX_STATEMENTS);
    expect((await preparedTexts()).length).toBeLessThanOrEqual(MAX_STATEMENTS);
  });
});

describe.skipIf(!onRealPostgres)("a lost connection on real PostgreSQL (set TEST_DATABASE_URL to run)", () => {
  it("a checked-out client whose backend is terminated records the loss, the process keeps running, the pool destroys and replaces it", async () => {
    const faults: unknown[] = [];
    const onFault = (err: unknown) => faults.push(err);
    process.on("uncaughtException", onFault);
    const pool = new pg.Pool({ connectionString: realPostgresUrl, max: 2, Client: PreparingClient });
    const admin = new pg.Client({ connectionString: realPostgresUrl });
    await admin.connect();
    try {
      const client = (await pool.connect()) as pg.PoolClient & PreparingClient;
      const pid = (await client.query({ text: "select pg_backend_pid() as pid where $1::int = 1" }, [1])).rows[0].pid as number;
      // Checked out, no query running: the server's goodbye arrives as an 'error' on the client.
      await admin.query("select pg_terminate_backend($1)", [pid]);
      for (let i = 0; i < 100 && !client.lostWith; i++) await new Promise((r) => setTimeout(r, 20));
      expect(client.lostWith).toBeInstanceOf(Error);
      await expect(client.query("select 1")).rejects.toThrow(/not queryable/);
      // Back in the pool and destroyed without its holder's release (a holder may never release it).
      expect(pool.totalCount).toBe(0);
      expect(() => client.release()).not.toThrow();
      expect(pool.totalCount).toBe(0);
      const again = await pool.connect();
      expect((await again.query("select pg_backend_pid() as pid")).rows[0].pid).not.toBe(pid);
      again.release();
      expect(faults).toEqual([]);
    } finally {
      process.off("uncaughtException", onFault);
      await admin.end();
      await pool.end();
    }
  });
});
