import { commitSeed, newSeed, yangonDate } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
import { bet, send, testScheduler } from "./lottery.test-helpers.ts";

/**
 * Voids racing bets on real PostgreSQL: the holiday import voiding a day's 2D and 1D draws, and the
 * void of a 2D draw taking its derived 1D with it. Whatever the order, every accepted stake is either
 * refunded or on a draw still live, every balance is exact, and the ledger auditor finds nothing.
 * PGlite runs one statement at a time, so these run only with TEST_DATABASE_URL set.
 */
const FUNDS = 20_000;
const STAKE = 500;

describe.skipIf(!onRealPostgres)("voids racing bets on real PostgreSQL (set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  let admin: TestUser;
  let operator: TestUser;
  // Each test has a database of its own: the holiday the first imports must not make the second's
  // draws fall on an off day (which day that is depends on the hour the tests run).
  beforeEach(async () => {
    t = await createTestApp({ clock: new ManualClock(new Date()) });
    admin = await createUser(t, { role: "admin" });
    operator = await createUser(t, { role: "operator" });
  });
  afterEach(async () => t.close());

  async function players(n: number): Promise<TestUser[]> {
    const out: TestUser[] = [];
    for (let i = 0; i < n; i++) {
      const p = await createUser(t);
      await fund(t, p.id, FUNDS);
      out.push(p);
    }
    return out;
  }

  /** Bets of 500 on a number each, spread over the players, on 2D and 1D draws at once. */
  function bets(ps: TestUser[], twoD: number, oneD: number, n: number) {
    return Array.from({ length: n }, (_, i) => {
      const token = (ps[i % ps.length] as TestUser).token;
      return i % 2 === 0
        ? bet(t, token, "2D", twoD, [{ number: String(i % 100).padStart(2, "0"), amount: STAKE }])
        : bet(t, token, "1D", oneD, [{ number: String(i % 10), amount: STAKE }]);
    });
  }

  /**
   * Every line on a void draw refunded, every other line pending; each accepted bet has its lines;
   * each player's balance is the funds less the stakes still on live draws; the ledger is clean.
   */
  async function expectEveryStakeAccounted(ps: TestUser[], drawIds: number[], accepted: number) {
    const ids = sql.join(
      drawIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const [lines] = rowsOf<{ slips: number; wrong: number }>(
      await t.ctx.db.execute(sql`select count(distinct l.slip_id)::int as slips,
          count(*) filter (where (d.status = 'void') <> (l.status = 'refunded') or (d.status <> 'void' and l.status <> 'pending'))::int as wrong
        from bet_lines l join draws d on d.id = l.draw_id where l.draw_id in (${ids})`),
    );
    expect(lines).toEqual({ slips: accepted, wrong: 0 });
    for (const p of ps) {
      const [live] = rowsOf<{ staked: number }>(
        await t.ctx.db.execute(sql`select coalesce(sum(amount), 0)::int as staked from bet_lines
          where user_id = ${p.id} and draw_id in (${ids}) and status = 'pending'`),
      );
      expect((await balancesOf(t, p.id)).balance).toBe(FUNDS - (live?.staked ?? 0));
    }
    await expectLedgerClean(t);
  }

  it("bets on a day's 2D and 1D racing the holiday import that voids them: every accepted stake is refunded", async () => {
    await testScheduler(t).tick();
    const [target] = rowsOf<{ id: number; draw_at: string | Date }>(
      await t.ctx.db.execute(
        sql`select id, draw_at from draws where type = '2D' and status = 'open' and closes_at > now() + interval '2 minutes' order by draw_at limit 1`,
      ),
    );
    if (!target) throw new Error("no open 2D draw");
    const [derived] = rowsOf<{ id: number }>(
      await t.ctx.db.execute(
        sql`select o.id from draws o join draws s on s.draw_at = o.draw_at where s.id = ${target.id} and o.type = '1D'`,
      ),
    );
    if (!derived) throw new Error("no 1D draw at the 2D draw's time");
    const holiday = yangonDate(new Date(target.draw_at));
    const ps = await players(8);
    // A stake on each already (a draw without any is removed, not voided).
    for (const r of await Promise.all(bets(ps, target.id, derived.id, 2))) expect(r.statusCode).toBe(201);
    const racing = bets(ps, target.id, derived.id, 80);
    const importing = send(t, "POST", "/api/admin/lottery/markets/SET/holidays", {
      token: admin.token,
      body: { file_name: "set.csv", content_base64: Buffer.from(`${holiday},Exchange holiday\n`).toString("base64"), apply: true },
    });
    const results = await Promise.all(racing);
    const imported = await importing;
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ applied: true });
    // Accepted, or refused: closed (422), or not found once the day is off (404).
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 201 && c !== 404 && c !== 422)).toEqual([]);
    const statuses = rowsOf<{ status: string }>(
      await t.ctx.db.execute(sql`select status from draws where id in (${target.id}, ${derived.id}) order by id`),
    );
    expect(statuses.map((s) => s.status)).toEqual(["void", "void"]);
    await expectEveryStakeAccounted(ps, [target.id, derived.id], 2 + codes.filter((c) => c === 201).length);
    // Later bets are refused (the draw is off the holiday's list: not found), and take nothing.
    const before = (await balancesOf(t, (ps[0] as TestUser).id)).balance;
    expect([404, 422]).toContain((await bet(t, (ps[0] as TestUser).token, "2D", target.id, [{ number: "11", amount: STAKE }])).statusCode);
    expect((await balancesOf(t, (ps[0] as TestUser).id)).balance).toBe(before);
  }, 120_000);

  it("bets on a derived 1D (and its 2D) racing the void of the 2D: both void, every accepted stake refunded", async () => {
    // The fair 1D at the 2D's time shares its seed and commitment: its number is the 2D's last digit.
    const seed = newSeed();
    const commitment = await commitSeed(seed);
    const drawn = rowsOf<{ id: number; type: string }>(
      await t.ctx.db.execute(sql`
        insert into draws (type, draw_at, closes_at, status, odds, result_source, fair_seed_secret, fair_commitment)
        values ('2D', now() + interval '65 minutes', now() + interval '1 hour', 'open', 85, 'fair', ${seed}, ${commitment}),
               ('1D', now() + interval '65 minutes', now() + interval '1 hour', 'open', 9, 'fair', ${seed}, ${commitment})
        returning id, type`),
    );
    const twoD = drawn.find((d) => d.type === "2D")?.id as number;
    const oneD = drawn.find((d) => d.type === "1D")?.id as number;
    const ps = await players(8);
    const racing = bets(ps, twoD, oneD, 80);
    const voiding = call(t, "POST", `/api/admin/draws/${twoD}/void`, { token: operator.token, body: { reason: "Market closed" } });
    const results = await Promise.all(racing);
    expect((await voiding).json()).toEqual({ draw_id: twoD, status: "void" });
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 201 && c !== 422)).toEqual([]);
    const statuses = rowsOf<{ id: number; status: string }>(
      await t.ctx.db.execute(sql`select id, status from draws where id in (${twoD}, ${oneD}) order by id`),
    );
    expect(statuses.map((s) => s.status)).toEqual(["void", "void"]);
    await expectEveryStakeAccounted(ps, [twoD, oneD], codes.filter((c) => c === 201).length);
    expect((await bet(t, (ps[1] as TestUser).token, "1D", oneD, [{ number: "3", amount: STAKE }])).statusCode).toBe(422);
  }, 120_000);
});
