import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Database, type Db, rowsOf } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import { createTestApp, onRealPostgres, realPostgresUrl, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectLedgerClean, type TestUser } from "../ledger/testing.ts";
import { runCashback } from "./cashback.service.ts";
import { addWeeks, afterWeek, count, inWeek, setMaintain, settledRound, WEEK } from "./cashback.test-helpers.ts";

/**
 * The weekly cashback on two server instances sharing one real PostgreSQL database: the job runs
 * on both at once, again and again, and each player-week is credited exactly once; claims racing
 * on both instances move the claimable balance once. PGlite runs one statement at a time, so these
 * run only with TEST_DATABASE_URL set.
 */
describe.skipIf(!onRealPostgres)("cashback races on real PostgreSQL (set TEST_DATABASE_URL to run)", () => {
  let a: TestApp;
  let b: TestApp;
  const players: TestUser[] = [];

  beforeAll(async () => {
    a = await createTestApp();
    b = await openInstance(a);
    for (let i = 0; i < 30; i++) players.push(await createUser(a));
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("the job run concurrently from two instances, several times, credits one cashback per player-week", async () => {
    for (const [i, p] of players.entries()) {
      await settledRound(a, p.id, 10_000 + i * 100, 1_000, inWeek(WEEK));
      await settledRound(a, p.id, 2_000, 0, inWeek(addWeeks(WEEK, 1)));
    }
    // Small batches, so the two instances interleave their transactions over the same players.
    const now = afterWeek(addWeeks(WEEK, 1));
    const runs = await Promise.all([
      runCashback(a.ctx.db, now, { batch: 4 }),
      runCashback(b.ctx.db, now, { batch: 4 }),
      runCashback(a.ctx.db, now, { batch: 7 }),
      runCashback(b.ctx.db, now, { batch: 3 }),
    ]);
    // The first run ever starts with the last closed week (WEEK + 1): weeks before it are never paid.
    const credited = runs.flat().reduce((n, r) => n + r.credited, 0);
    expect(credited).toBe(players.length);
    expect(await count(a, sql`select count(*)::int as n from cashback_credits`)).toBe(players.length);
    expect(
      await count(
        a,
        sql`select count(*)::int as n from (select user_id, week_start from cashback_credits group by 1, 2 having count(*) > 1) x`,
      ),
    ).toBe(0);
    for (const p of players) expect((await balancesOf(a, p.id)).p_balance).toBe(100); // 5 % of 2,000

    // The week after: again two instances at once.
    for (const [i, p] of players.entries()) await settledRound(a, p.id, 1_000 * (i + 1), 0, inWeek(addWeeks(WEEK, 2)));
    const later = afterWeek(addWeeks(WEEK, 2));
    await Promise.all([
      runCashback(a.ctx.db, later, { batch: 5 }),
      runCashback(b.ctx.db, later, { batch: 5 }),
      runCashback(b.ctx.db, later),
    ]);
    for (const [i, p] of players.entries()) expect((await balancesOf(a, p.id)).p_balance).toBe(100 + 50 * (i + 1));
    expect(await count(a, sql`select count(*)::int as n from journals where kind = 'cashback'`)).toBe(2 * players.length);
    const [week] = rowsOf<{ players: number; total: number }>(
      await a.ctx.db.execute(sql`select players, total from cashback_weeks where week_start = ${addWeeks(WEEK, 2)}::date`),
    );
    expect(Number(week?.players)).toBe(players.length);
    expect(Number(week?.total)).toBe(50 * ((players.length * (players.length + 1)) / 2));
    await expectLedgerClean(a);
  }, 120_000);

  it("concurrent claims on two instances move the claimable balance to main once", async () => {
    await setMaintain(a, "0");
    const p = players[0] as TestUser;
    const before = await balancesOf(a, p.id);
    expect(before.p_balance).toBe(150);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i % 2 === 0 ? a : b, "POST", "/api/promotion/claim", {
          token: p.token,
          body: {},
          headers: { "idempotency-key": `race-${i}` },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(11);
    const after = await balancesOf(a, p.id);
    expect(after).toMatchObject({ p_balance: 0, balance: before.balance + 150 });
    expect(await count(a, sql`select count(*)::int as n from journals where kind = 'promotion_claim' and user_id = ${p.id}`)).toBe(1);
    await expectLedgerClean(a);
  }, 120_000);
});

/** A second server instance on the same database (its own connection pool). */
async function openInstance(t: TestApp): Promise<TestApp> {
  const [row] = rowsOf<{ name: string }>(await t.ctx.db.execute(sql`select current_database() as name`));
  const url = new URL(realPostgresUrl ?? "");
  url.pathname = `/${row?.name ?? ""}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 20, connectionTimeoutMillis: 120_000 });
  pool.on("error", () => undefined);
  const database: Database = {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: "postgres",
    listen: (channel, onPayload) => t.database.listen(channel, onPayload),
    ping: t.database.ping,
    close: () => pool.end(),
  };
  const { app, ctx } = await buildApp({ config: t.config, database });
  await app.ready();
  return {
    app,
    ctx,
    database,
    seeded: t.seeded,
    config: t.config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
