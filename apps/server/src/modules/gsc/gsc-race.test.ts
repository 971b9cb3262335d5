import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { onRealPostgres, openSecondInstance, type TestApp } from "../../test/test-app.ts";
import { balancesOf, expectLedgerClean } from "../ledger/testing.ts";
import { player } from "../providers/wallet.test-helpers.ts";
import { exactOf, expectExactConservation, gscTestApp, move, product, uid } from "./gsc.test-helpers.ts";

function tally(values: (string | number | undefined)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}

describe.skipIf(!onRealPostgres)("GSC+ wallet under concurrency (real PostgreSQL only: set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await gscTestApp();
    for (const code of [1006, 1007]) await product(t, code);
  });
  afterEach(async () => {
    await expectLedgerClean(t);
    await expectExactConservation(t);
  });
  afterAll(async () => t.close());

  it("the same transaction id sent 50 times at once → applied once, every other answer 1003 with the balance after it", async () => {
    const p = await player(t, 100_000);
    const tx = { id: uid("tx"), action: "BET", amount: "1.2345", wager_code: uid("W") };
    const results = await Promise.all(Array.from({ length: 50 }, () => move(t, "withdraw", p.userCode, 1007, "MMK2", [tx])));
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 200: 50 });
    expect(tally(results.map((r) => r.answer.data?.[0]?.code))).toEqual({ 0: 1, 1003: 49 });
    for (const r of results) expect(r.answer.data?.[0]?.balance).toBe(98.7655);
    const journals = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from journals where unique_key = ${`gsc:${tx.id}`}`),
    );
    expect(journals[0]?.n).toBe(1);
    expect((await balancesOf(t, p.id)).game_balance).toBe(98_765);
  });

  it("two app instances on one database: 1,000 bets over 10 players with balances for 500 → exactly 500 applied, no balance below 0", async () => {
    const second = await openSecondInstance(t);
    try {
      const other = second.asTestApp;
      const ps = await Promise.all(Array.from({ length: 10 }, () => player(t, 5_000)));
      const results = await Promise.all(
        Array.from({ length: 1_000 }, (_, i) =>
          move(i % 2 === 0 ? t : other, "withdraw", (ps[i % 10] as { userCode: string }).userCode, 1006, "MMK", [
            { id: uid("tx"), action: "BET", amount: 100, wager_code: uid("W") },
          ]),
        ),
      );
      expect(tally(results.map((r) => r.answer.data?.[0]?.code))).toEqual({ 0: 500, 1001: 500 });
      for (const p of ps) expect((await balancesOf(t, p.id)).game_balance).toBe(0);
    } finally {
      await second.close();
    }
  }, 180_000);

  it("a CANCEL racing its BET, 40 times: the stake is either taken and refunded, or never taken (the cancel recorded, the bet refused)", async () => {
    const p = await player(t, 40_000);
    const pairs = Array.from({ length: 40 }, (_, i) => {
      const wager = uid("W");
      const bet = () => move(t, "withdraw", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: 1_000, wager_code: wager }]);
      const cancel = () =>
        move(t, "deposit", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "CANCEL", amount: 1_000, wager_code: wager }]);
      return i % 2 === 0 ? Promise.all([bet(), cancel()]) : Promise.all([cancel(), bet()]).then(([c, b]) => [b, c] as const);
    });
    for (const [b, c] of await Promise.all(pairs)) {
      const outcome = [b.answer.data?.[0]?.code, c.answer.data?.[0]?.code];
      expect([
        [0, 0],
        [999, 1006],
      ]).toContainEqual(outcome);
    }
    expect((await balancesOf(t, p.id)).game_balance).toBe(40_000);
  });

  it("bets and wins of one player arriving together keep the exact balance: 100 fractional bets and 100 bonuses on a wager", async () => {
    const p = await player(t, 1_000);
    const wager = uid("W");
    await move(t, "withdraw", p.userCode, 1007, "MMK2", [{ id: uid("tx"), action: "BET", amount: "0.0001", wager_code: wager }]);
    const calls = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? move(t, "withdraw", p.userCode, 1007, "MMK2", [{ id: uid("tx"), action: "BET", amount: "0.0033", wager_code: uid("W") }])
        : move(t, "deposit", p.userCode, 1007, "MMK2", [{ id: uid("tx"), action: "BONUS", amount: "0.0033", wager_code: wager }]),
    );
    const results = await Promise.all(calls);
    const codes = results.map((r) => r.answer.data?.[0]?.code);
    expect(codes.every((c) => c === 0 || c === 1001)).toBe(true);
    const applied = results.filter((r, i) => i % 2 === 0 && r.answer.data?.[0]?.code === 0).length;
    const exact = rowsOf<{ kyat: number; r: string }>(
      await t.ctx.db.execute(sql`
        select (select balance from ledger_accounts where user_id = ${p.id} and kind = 'game') as kyat,
               (select remainder_e4::text from gsc_wallets where user_id = ${p.id}) as r`),
    )[0];
    // 1,000 − 0.1 − 3.3 × bets + 3.3 × 100 bonuses, in ten-thousandths of a kyat.
    expect(Number(exact?.kyat) * 10_000 + Number(exact?.r)).toBe(10_000_000 - 1_000 - applied * 33_000 + 100 * 33_000);
  });

  it("RESETTLED corrections taking more than the balance race credits repaying the debt and bets, over two instances: never below 0, debt + balance exact", async () => {
    const second = await openSecondInstance(t);
    try {
      const apps = [t, second.asTestApp];
      const p = await player(t, 10_000);
      // In ten-thousandths of a kyat (MMK2: one unit is 1,000 kyat).
      const e4 = (units: number | undefined) => Math.round((units ?? Number.NaN) * 10_000_000);
      const settledWager = uid("W");
      await move(t, "withdraw", p.userCode, 1007, "MMK2", [{ id: uid("tx"), action: "BET", amount: "1", wager_code: settledWager }]);
      await move(t, "deposit", p.userCode, 1007, "MMK2", [{ id: uid("tx"), action: "SETTLED", amount: "2", wager_code: settledWager }]);
      const open = Array.from({ length: 20 }, () => uid("W"));
      for (const w of open)
        await move(t, "withdraw", p.userCode, 1007, "MMK2", [{ id: uid("tx"), action: "BET", amount: "0.1", wager_code: w }]);
      const start = 9_000 * 10_000; // 10,000 − 1,000 + 2,000 − 20 × 100 kyat

      // 10 corrections of −4,000.5 kyat, 20 wins of +1,234.5 kyat and 10 bets of 500 kyat, all at once.
      type Sent = { delta: number; kind: "resettle" | "win" | "bet" };
      const calls: { sent: Sent; run: () => ReturnType<typeof move> }[] = [];
      for (let i = 0; i < 10; i++) {
        const tx = { id: uid("tx"), action: "RESETTLED", amount: "-4.0005", wager_code: settledWager, wager_status: "RESETTLED" };
        calls.push({
          sent: { delta: -40_005_000, kind: "resettle" },
          run: () => move(apps[i % 2] as TestApp, "deposit", p.userCode, 1007, "MMK2", [tx]),
        });
      }
      open.forEach((w, i) => {
        const tx = { id: uid("tx"), action: "SETTLED", amount: "1.2345", wager_code: w };
        calls.push({
          sent: { delta: 12_345_000, kind: "win" },
          run: () => move(apps[i % 2] as TestApp, "deposit", p.userCode, 1007, "MMK2", [tx]),
        });
      });
      for (let i = 0; i < 10; i++) {
        const tx = { id: uid("tx"), action: "BET", amount: "0.5", wager_code: uid("W") };
        calls.push({
          sent: { delta: -5_000_000, kind: "bet" },
          run: () => move(apps[(i + 1) % 2] as TestApp, "withdraw", p.userCode, 1007, "MMK2", [tx]),
        });
      }
      // Interleaved: a correction, two wins, a bet, … so that debts open and close while the calls arrive.
      const order = (c: (typeof calls)[number], i: number) =>
        c.sent.kind === "win" ? i - 10 : c.sent.kind === "bet" ? 2 * (i - 30) : 2 * i;
      const interleaved = calls
        .map((c, i) => ({ c, key: order(c, i) }))
        .sort((a, b) => a.key - b.key)
        .map((x) => x.c);
      calls.splice(0, calls.length, ...interleaved);
      const results = await Promise.all(calls.map((c) => c.run()));

      let expected = start;
      const befores: number[] = [];
      const afters: number[] = [];
      for (const [i, r] of results.entries()) {
        const { sent } = calls[i] as { sent: Sent };
        const row = r.answer.data?.[0];
        if (sent.kind === "bet" && row?.code === 1001) {
          // Refused only when the exact balance could not pay it.
          expect(e4(row.balance)).toBeLessThan(5_000_000);
          continue;
        }
        // Corrections overdraw (the rest becomes the debt) and credits always apply.
        expect(row?.code).toBe(0);
        expect(e4(row?.balance) - e4(row?.before_balance)).toBe(sent.delta);
        // A bet is never paid from a debt.
        if (sent.kind === "bet") expect(e4(row?.balance)).toBeGreaterThanOrEqual(0);
        expected += sent.delta;
        befores.push(e4(row?.before_balance));
        afters.push(e4(row?.balance));
      }
      // The applied movements form one chain from the start to the end: they ran one after another.
      expect([...befores, expected].sort((a, b) => a - b)).toEqual([...afters, start].sort((a, b) => a - b));

      const parts = await exactOf(t, p.id);
      expect(parts.kyat).toBeGreaterThanOrEqual(0);
      expect(parts.kyat * 10_000 + parts.remainder - parts.debt).toBe(expected);
      // One normal form: a debt leaves nothing on the game balance, a balance leaves no debt.
      if (parts.debt > 0) expect([parts.kyat, parts.remainder]).toEqual([0, 0]);
      expect(parts.remainder).toBeLessThan(10_000);
      const negative = rowsOf<{ n: number }>(
        await t.ctx.db.execute(sql`select count(*)::int as n from journal_entries e join ledger_accounts a on a.id = e.account_id
                                    where a.user_id = ${p.id} and e.balance_after < 0`),
      );
      expect(negative[0]?.n).toBe(0);
    } finally {
      await second.close();
    }
  }, 180_000);
});
