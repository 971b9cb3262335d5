import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import type { TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectLedgerClean, fund } from "../ledger/testing.ts";
import { player } from "../providers/wallet.test-helpers.ts";
import { exactOf, expectExactConservation, gscTestApp, move, product, uid } from "./gsc.test-helpers.ts";
import { KYAT } from "./gsc-amount.ts";
import { applyMovement, type ExactState, exactBalance, normalForm } from "./gsc-exact.ts";

/** Decisions 0015 (debt to the house) and 0016 (sub-kyat remainder): the exact rule, pure and end to end. */

const inNormalForm = (s: ExactState) =>
  s.kyat >= 0n && s.remainder >= 0n && s.remainder < KYAT && s.debt >= 0n && (s.debt === 0n || (s.remainder === 0n && s.kyat === 0n));

describe("the exact rule (pure)", () => {
  it("over random sequences of fractional bets, wins and corrections: E moves by exactly δ, the ledger by whole kyat, nothing below 0 in the ledger", () => {
    const step = fc.record({
      delta: fc.bigInt({ min: -5_000_000n, max: 5_000_000n }),
      overdraw: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1_000_000_000n }), fc.array(step, { maxLength: 60 }), (start, steps) => {
        let s = normalForm(start);
        let expected = start;
        let ledger = s.kyat;
        for (const { delta, overdraw } of steps) {
          const m = applyMovement(s, delta, overdraw);
          if (!m) {
            // Refused only when a debit would go below 0 and may not overdraw.
            expect(delta < 0n && !overdraw && expected + delta < 0n).toBe(true);
            continue;
          }
          expected += delta;
          ledger += m.kyatMoved;
          s = m.state;
          expect(exactBalance(s)).toBe(expected);
          expect(s.kyat).toBe(ledger);
          expect(inNormalForm(s)).toBe(true);
          // A credit never takes kyat from a player in normal form, a debit never gives any.
          if (delta >= 0n) expect(m.kyatMoved >= 0n).toBe(true);
          if (delta <= 0n) expect(m.kyatMoved <= 0n).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a debt is repaid first: credits reach the ledger only once the debt is cleared", () => {
    const owing = applyMovement({ kyat: 300n, remainder: 2_500n, debt: 0n }, -5_000_000n, true);
    expect(owing?.state).toEqual({ kyat: 0n, remainder: 0n, debt: 5_000_000n - 3_002_500n });
    expect(owing?.kyatMoved).toBe(-300n);
    const part = applyMovement(owing?.state as ExactState, 1_000_000n, false);
    expect(part).toEqual({ state: { kyat: 0n, remainder: 0n, debt: 997_500n }, kyatMoved: 0n });
    const cleared = applyMovement(part?.state as ExactState, 1_002_500n, false);
    expect(cleared).toEqual({ state: { kyat: 0n, remainder: 5_000n, debt: 0n }, kyatMoved: 0n });
    // A player who topped the game balance up while owing repays from it at the next movement.
    expect(applyMovement({ kyat: 1_000n, remainder: 0n, debt: 2_000_000n }, 0n, false)).toEqual({
      state: { kyat: 800n, remainder: 0n, debt: 0n },
      kyatMoved: -200n,
    });
    // A debit refused while owing: nothing moves.
    expect(applyMovement({ kyat: 0n, remainder: 0n, debt: 10n }, -1n, false)).toBeUndefined();
  });
});

describe("fractions and debts through the webhooks", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await gscTestApp();
    for (const code of [1006, 1007, 1040, 1194]) await product(t, code);
  });
  afterEach(async () => {
    await expectLedgerClean(t);
    await expectExactConservation(t);
  });
  afterAll(async () => t.close());

  it("0.0005 MMK2 is half a kyat: kept as the remainder, answered exactly, the ledger moving whole kyat only", async () => {
    const p = await player(t, 10);
    const wager = uid("W");
    const bet = await move(t, "withdraw", p.userCode, 1007, "MMK2", [
      { id: uid("tx"), action: "BET", amount: "0.0005", wager_code: wager },
    ]);
    expect(bet.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 0.01, balance: 0.0095 });
    expect(await exactOf(t, p.id)).toEqual({ kyat: 9, remainder: 5_000, debt: 0 });
    const win = await move(t, "deposit", p.userCode, 1007, "MMK2", [
      { id: uid("tx"), action: "SETTLED", amount: "0.0015", wager_code: wager },
    ]);
    expect(win.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 0.0095, balance: 0.011 });
    expect(await exactOf(t, p.id)).toEqual({ kyat: 11, remainder: 0, debt: 0 });
    // In MMK the same remainder shows as a decimal of kyat.
    const mmk = await move(t, "withdraw", p.userCode, 1006, "MMK", [
      { id: uid("tx"), action: "BET", amount: "0.25", wager_code: uid("W") },
    ]);
    expect(mmk.answer.data?.[0]).toMatchObject({ before_balance: 11, balance: 10.75 });
  });

  it("random fractional bets and wins in MMK2 and MMK3: answers, ledger and remainder agree exactly with the sum of the amounts", async () => {
    const op = fc.record({
      win: fc.boolean(),
      units: fc.integer({ min: 0, max: 40_000 }),
      currency: fc.constantFrom("MMK2", "MMK3"),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const p = await player(t, 50_000);
        let expected = 50_000n * KYAT;
        const wager = uid("W");
        await move(t, "withdraw", p.userCode, 1194, "MMK3", [{ id: uid("tx"), action: "BET", amount: "0.0001", wager_code: wager }]);
        expected -= 100n;
        for (const o of ops) {
          const text = `${Math.trunc(o.units / 10_000)}.${String(o.units % 10_000).padStart(4, "0")}`;
          const e4 = BigInt(o.units) * (o.currency === "MMK2" ? 1000n : 100n);
          const res = o.win
            ? await move(t, "deposit", p.userCode, 1194, o.currency, [{ id: uid("tx"), action: "BONUS", amount: text, wager_code: wager }])
            : await move(t, "withdraw", p.userCode, 1194, o.currency, [
                { id: uid("tx"), action: "BET", amount: `-${text}`, wager_code: uid("W") },
              ]);
          const row = res.answer.data?.[0];
          expect(row?.code).toBe(0);
          expected += o.win ? e4 : -e4;
          // The answer is the exact balance in the request currency.
          expect(Math.round((row?.balance ?? Number.NaN) * 10_000 * (o.currency === "MMK2" ? 1000 : 100))).toBe(Number(expected));
        }
        const parts = await exactOf(t, p.id);
        expect(BigInt(parts.kyat) * KYAT + BigInt(parts.remainder) - BigInt(parts.debt)).toBe(expected);
        expect(parts.debt).toBe(0);
        expect(parts.remainder).toBeGreaterThanOrEqual(0);
        expect(parts.remainder).toBeLessThan(10_000);
        expect((await balancesOf(t, p.id)).game_balance).toBe(Number(expected / KYAT));
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it("RESETTLED larger than the balance: the ledger takes what is there, the rest is the player's debt, answered as a negative balance and repaid first", async () => {
    const p = await player(t, 10_000);
    const wager = uid("W");
    await move(t, "withdraw", p.userCode, 1040, "MMK2", [{ id: uid("tx"), action: "BET", amount: "5", wager_code: wager }]);
    await move(t, "deposit", p.userCode, 1040, "MMK2", [{ id: uid("tx"), action: "SETTLED", amount: "20", wager_code: wager }]);
    expect((await balancesOf(t, p.id)).game_balance).toBe(25_000);
    // The sportsbook corrects the settlement to a loss larger than what the player holds.
    const resettled = await move(t, "deposit", p.userCode, 1040, "MMK2", [
      { id: uid("tx"), action: "RESETTLED", amount: "-30.0005", wager_code: wager, wager_status: "RESETTLED" },
    ]);
    expect(resettled.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 25, balance: -5.0005 });
    expect(await exactOf(t, p.id)).toEqual({ kyat: 0, remainder: 0, debt: 50_005_000 });
    expect((await balancesOf(t, p.id)).game_balance).toBe(0);

    // Operators see the open debt.
    const admin = await createUser(t, { role: "admin" });
    const list = await call(t, "GET", "/api/admin/gsc/debts", { token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      total: 5_000.5,
      debts: [expect.objectContaining({ user_id: p.id, user_code: p.userCode, debt: 5_000.5 })],
    });
    expect((await call(t, "GET", "/api/admin/gsc/debts", { token: p.token })).statusCode).toBe(403);

    // While owing, a bet is refused (1001), even after topping the game balance up by less than the debt …
    await fund(t, p.id, 1_000, "game");
    const bet = await move(t, "withdraw", p.userCode, 1040, "MMK2", [
      { id: uid("tx"), action: "BET", amount: "0.5", wager_code: uid("W") },
    ]);
    expect(bet.answer.data?.[0]).toMatchObject({ code: 1001, balance: -4.0005 });
    // … and the next credits repay the debt (the top-up first) before any kyat reaches the game balance.
    const part = await move(t, "deposit", p.userCode, 1040, "MMK2", [
      { id: uid("tx"), action: "ROLLBACK", amount: "3", wager_code: wager },
    ]);
    expect(part.answer.data?.[0]).toMatchObject({ code: 0, before_balance: -4.0005, balance: -1.0005 });
    expect(await exactOf(t, p.id)).toEqual({ kyat: 0, remainder: 0, debt: 10_005_000 });
    const repaid = await move(t, "deposit", p.userCode, 1040, "MMK2", [
      { id: uid("tx"), action: "ADJUSTMENT", amount: "6", wager_code: wager },
    ]);
    expect(repaid.answer.data?.[0]).toMatchObject({ code: 0, before_balance: -1.0005, balance: 4.9995 });
    expect(await exactOf(t, p.id)).toEqual({ kyat: 4_999, remainder: 5_000, debt: 0 });
    expect((await call(t, "GET", "/api/admin/gsc/debts", { token: admin.token })).json().debts).toEqual([]);
  });

  it("other signed actions (ROLLBACK, ADJUSTMENT) may not overdraw by default: 1001, nothing applied", async () => {
    const p = await player(t, 1_000);
    const wager = uid("W");
    await move(t, "withdraw", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: 500, wager_code: wager }]);
    await move(t, "deposit", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "SETTLED", amount: 400, wager_code: wager }]);
    for (const action of ["ROLLBACK", "ADJUSTMENT"]) {
      const res = await move(t, "deposit", p.userCode, 1006, "MMK", [{ id: uid("tx"), action, amount: -901, wager_code: wager }]);
      expect(res.answer.data?.[0]).toMatchObject({ code: 1001, before_balance: 900, balance: 900 });
    }
    const within = await move(t, "deposit", p.userCode, 1006, "MMK", [
      { id: uid("tx"), action: "ROLLBACK", amount: -400, wager_code: wager },
    ]);
    expect(within.answer.data?.[0]).toMatchObject({ code: 0, balance: 500 });
    const rounds = rowsOf(await t.ctx.db.execute(sql`select bet, payout, status from provider_rounds where round_id = ${wager}`));
    expect(rounds).toEqual([{ bet: 500, payout: 0, status: "settled" }]);
  });
});
