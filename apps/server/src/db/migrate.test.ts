import pg from "pg";
import { describe, expect, it } from "vitest";
import { onRealPostgres, realPostgresUrl } from "../test/test-app.ts";
import { migrateDatabase, migrationsApplied, openDatabase } from "./client.ts";

describe.skipIf(!onRealPostgres)("instances starting at once on real PostgreSQL (set TEST_DATABASE_URL to run)", () => {
  it("three instances migrating one empty database at the same time all start", async () => {
    const name = `t_mig_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: realPostgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(realPostgresUrl as string);
    url.pathname = `/${name}`;
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString(), poolSize: 3 })));
    try {
      const outcomes = await Promise.allSettled(instances.map((db) => migrateDatabase(db)));
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      for (const db of instances) expect(await migrationsApplied(db)).toBe(true);
    } finally {
      for (const db of instances) await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
