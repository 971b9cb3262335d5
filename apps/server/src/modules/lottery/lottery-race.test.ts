import { fairNumber } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Database, type Db, rowsOf } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, onRealPostgres, realPostgresUrl, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
import { createDrawScheduler } from "./draw-scheduler.service.ts";
import { findDraw } from "./draws.repository.ts";
import { bet, createDraw, drawRow, passDrawTime, setLimits } from "./lottery.test-helpers.ts";
import { revealFairDraw } from "./results.service.ts";
import { settleDraw } from "./settlement.service.ts";

/**
 * Concurrency of the lottery on real PostgreSQL (reliability.md): the number cap, overspending, the
 * cut-off by database time, settlement on two server instances at once, void racing bets.
 * PGlite runs one statement at a time, so these run only with TEST_DATABASE_URL set.
 */
const count = async (t: TestApp, query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await t.ctx.db.execute(query))[0]?.n);
const statuses = (results: { statusCode: number }[]) => {
  const out: Record<number, number> = {};
  for (const r of results) out[r.statusCode] = (out[r.statusCode] ?? 0) + 1;
  return out;
};

async function players(t: TestApp, n: number, funds: number): Promise<TestUser[]> {
  const out: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const p = await createUser(t);
    await fund(t, p.id, funds);
    out.push(p);
  }
  return out;
}

describe.skipIf(!onRealPostgres)("lottery races on real PostgreSQL (set TEST_DATABASE_URL to run)", () => {
  let first: TestApp;
  let t: TestApp;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    // A player's line (decision 0029) long enough for the hundreds of one player's slips sent at once
    // below, those the general path judges waiting their turn as long as a pooled connection may.
    first = await createTestApp({ clock, config: { playerMoneyQueue: { concurrency: 2, maxWaiting: 1_000, maxWaitMs: 120_000 } } });
    t = await openInstance(first, clock);
  });
  afterAll(async () => {
    await t.close();
    await first.close();
  });

  it("number cap 500,000: 1,000 concurrent bets of 1,000 on one number → exactly 500 accepted", async () => {
    await setLimits(t, "2D", { number_cap: 500_000 });
    const drawId = await createDraw(t, "2D");
    const ps = await players(t, 10, 200_000);
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => bet(t, (ps[i % 10] as TestUser).token, "2D", drawId, [{ number: "55", amount: 1_000 }])),
    );
    expect(statuses(results)).toEqual({ 201: 500, 422: 500 });
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json()).toMatchObject({
        code: "LINES_REJECTED",
        details: { rejected: [{ number: "55", reason: "OVER_LIMIT", remaining: 0 }] },
      });
    }
    expect(await count(t, sql`select staked::bigint as n from number_exposure where draw_id = ${drawId} and number = '55'`)).toBe(500_000);
    expect(await count(t, sql`select sum(amount)::bigint as n from bet_lines where draw_id = ${drawId}`)).toBe(500_000);
    await setLimits(t, "2D", {});
    await expectLedgerClean(t);
  }, 120_000);

  it("overspend: balance 100,000 and 500 concurrent bets of 1,000 → exactly 100 accepted, balance 0", async () => {
    const drawId = await createDraw(t, "2D");
    const [p] = await players(t, 1, 100_000);
    if (!p) throw new Error("no player");
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) => bet(t, p.token, "2D", drawId, [{ number: String(i % 100).padStart(2, "0"), amount: 1_000 }])),
    );
    expect(statuses(results)).toEqual({ 201: 100, 422: 400 });
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json()).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect((await balancesOf(t, p.id)).balance).toBe(0);
    await expectLedgerClean(t);
  }, 120_000);

  it("bets fired across the cut-off: none accepted after it by database time", async () => {
    const drawId = await createDraw(t, "2D", { closesIn: 1.5 });
    const ps = await players(t, 5, 1_000_000);
    const results: { statusCode: number; json(): unknown }[] = [];
    const started = Date.now();
    let i = 0;
    while (Date.now() - started < 3_000) {
      const wave = Array.from({ length: 10 }, () => {
        const p = ps[i % 5] as TestUser;
        const n = String(i++ % 100).padStart(2, "0");
        return bet(t, p.token, "2D", drawId, [{ number: n, amount: 100 }]);
      });
      results.push(...(await Promise.all(wave)));
    }
    const byStatus = statuses(results);
    expect(Object.keys(byStatus).sort()).toEqual(["201", "422"]);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json()).toMatchObject({ code: "BETTING_CLOSED" });
    const late = await count(
      t,
      sql`select count(*)::int as n from bet_slips s join draws d on d.id = s.draw_id where s.draw_id = ${drawId} and s.created_at >= d.closes_at`,
    );
    expect(late).toBe(0);
    expect(await count(t, sql`select count(*)::int as n from bet_slips where draw_id = ${drawId}`)).toBe(byStatus[201]);
    await expectLedgerClean(t);
  }, 60_000);

  it("two server instances, each grouping its bets into batches, on the same numbers at once: every cap holds exactly, every stake is taken once", async () => {
    await setLimits(t, "2D", { number_cap: 60_000 });
    const drawId = await createDraw(t, "2D");
    const ps = await players(t, 40, 100_000);
    const numbers = ["11", "22", "33"];
    // 100 slips of 1,000 on each number against a cap of 60,000: exactly 60 fit, whichever instance takes them.
    const sent = Array.from({ length: 300 }, (_, i) => ({
      app: i % 2 === 0 ? t : first,
      player: ps[i % 40] as TestUser,
      number: numbers[i % 3] as string,
    }));
    const results = await Promise.all(sent.map((s) => bet(s.app, s.player.token, "2D", drawId, [{ number: s.number, amount: 1_000 }])));
    expect(statuses(results)).toEqual({ 201: 180, 422: 120 });
    for (const number of numbers) {
      const staked = sql`select staked::bigint as n from number_exposure where draw_id = ${drawId} and number = ${number}`;
      expect(await count(t, staked)).toBe(60_000);
    }
    for (const p of ps) {
      const accepted = results.filter((r, i) => sent[i]?.player === p && r.statusCode === 201).length;
      expect((await balancesOf(t, p.id)).balance).toBe(100_000 - 1_000 * accepted);
    }
    expect(await count(t, sql`select count(*)::int as n from bet_slips where draw_id = ${drawId}`)).toBe(180);
    await setLimits(t, "2D", {});
    await expectLedgerClean(t);
  }, 120_000);

  it("settlement on two server instances at once pays every winning line once", async () => {
    // `first` and `t` are two apps with their own connection pools on one database, like two server processes.
    const drawId = await createDraw(t, "C2D");
    const winning = await fairNumber(String((await drawRow(t, drawId))?.fair_seed_secret), drawId, "C2D");
    const ps = await players(t, 12, 50_000);
    for (const [i, p] of ps.entries()) {
      const lines = [
        { number: winning, amount: 100 * (i + 1) },
        { number: String((Number(winning) + 1 + i) % 100).padStart(2, "0"), amount: 1_000 },
      ];
      expect((await bet(t, p.token, "C2D", drawId, lines)).statusCode).toBe(201);
    }
    const drawAt = await passDrawTime(t, drawId);
    clock.set(new Date(drawAt.getTime() + 1_000));
    await Promise.all([
      createDrawScheduler(t.ctx).tick(),
      createDrawScheduler(first.ctx).tick(),
      ...Array.from({ length: 4 }, () => settleDraw(t.ctx, drawId, 2)),
      ...Array.from({ length: 4 }, () => settleDraw(first.ctx, drawId, 3)),
    ]);
    expect((await drawRow(t, drawId))?.status).toBe("settled");
    const payouts = sql`select count(*)::int as n from journals j join bet_lines l on j.unique_key = 'settle:' || l.id::text where l.draw_id = ${drawId}`;
    expect(await count(t, payouts)).toBe(12);
    for (const [i, p] of ps.entries()) {
      const stake = 100 * (i + 1);
      expect((await balancesOf(t, p.id)).balance).toBe(50_000 - stake - 1_000 + stake * 85);
    }
    await expectLedgerClean(t);
  }, 60_000);

  it("settlement while the same players keep betting on the next draw: no deadlock reaches anyone", async () => {
    const settling = await createDraw(t, "2D");
    const next = await createDraw(t, "2D");
    const winning = await fairNumber(String((await drawRow(t, settling))?.fair_seed_secret), settling, "2D");
    const ps = await players(t, 40, 100_000);
    for (const p of ps) expect((await bet(t, p.token, "2D", settling, [{ number: winning, amount: 100 }])).statusCode).toBe(201);
    const drawAt = await passDrawTime(t, settling);
    clock.set(new Date(drawAt.getTime() + 1_000));
    const row = await findDraw(t.ctx.db, settling);
    expect(row && (await revealFairDraw(t.ctx, row))).toBe(true);
    const [bets] = await Promise.all([
      Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          bet(t, (ps[(i * 7) % 40] as TestUser).token, "2D", next, [
            { number: String(i % 100).padStart(2, "0"), amount: 100 },
            { number: String((i * 3 + 1) % 100).padStart(2, "0"), amount: 100 },
          ]),
        ),
      ),
      settleDraw(first.ctx, settling, 5),
      settleDraw(t.ctx, settling, 7),
    ]);
    expect(statuses(bets)).toEqual({ 201: 200 });
    expect((await drawRow(t, settling))?.status).toBe("settled");
    for (const p of ps)
      expect((await balancesOf(t, p.id)).balance).toBe(
        100_000 - 100 + 8_500 - bets.filter((_, i) => (i * 7) % 40 === ps.indexOf(p)).length * 200,
      );
    await expectLedgerClean(t);
  }, 120_000);

  it("void racing bets: every accepted stake is refunded, later bets are refused", async () => {
    const drawId = await createDraw(t, "2D");
    const ps = await players(t, 8, 20_000);
    const operator = await createUser(t, { role: "operator" });
    const bets = Array.from({ length: 80 }, (_, i) =>
      bet(t, (ps[i % 8] as TestUser).token, "2D", drawId, [{ number: String(i % 100).padStart(2, "0"), amount: 500 }]),
    );
    const voiding = call(t, "POST", `/api/admin/draws/${drawId}/void`, { token: operator.token, body: { reason: "Market closed" } });
    const results = await Promise.all(bets);
    expect((await voiding).json()).toEqual({ draw_id: drawId, status: "void" });
    const byStatus = statuses(results);
    expect((byStatus[201] ?? 0) + (byStatus[422] ?? 0)).toBe(80);
    expect(await count(t, sql`select count(*)::int as n from bet_lines where draw_id = ${drawId} and status <> 'refunded'`)).toBe(0);
    for (const p of ps) expect((await balancesOf(t, p.id)).balance).toBe(20_000);
    await expectLedgerClean(t);
  }, 60_000);
});

/**
 * Another server process on the same database: its own app and connection pool. The pool lets a
 * request wait for a connection as long as the race needs (the default gives up after 5 s, which on
 * a loaded test machine turns a long queue into failed requests before they reach the database).
 * Live notifications go through the first instance's listener.
 */
async function openInstance(t: TestApp, clock: ManualClock): Promise<TestApp> {
  const [row] = rowsOf<{ name: string }>(await t.ctx.db.execute(sql`select current_database() as name`));
  const url = new URL(realPostgresUrl ?? "");
  url.pathname = `/${row?.name ?? ""}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 30, connectionTimeoutMillis: 120_000 });
  // As in openPostgres: a client that loses its connection is dropped, not thrown. pool.end() resolves
  // before its clients' sockets have closed, so dropping the database right after (WITH (FORCE))
  // can still reach them with "terminating connection"; without this listener that is an uncaught error.
  pool.on("error", () => undefined);
  const database: Database = {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: "postgres",
    listen: (channel, onPayload) => t.database.listen(channel, onPayload),
    ping: t.database.ping,
    close: () => pool.end(),
  };
  const { app, ctx } = await buildApp({ config: t.config, database, clock });
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
