import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/test-app.ts";
import { balancesOf, expectLedgerClean, fund, turnoverOf } from "../ledger/testing.ts";
import { player, setBlocked, setTurnover } from "../providers/wallet.test-helpers.ts";
import { element, expectExactConservation, gsc, gscSnapshot, gscTestApp, move, post, product, signed, uid } from "./gsc.test-helpers.ts";

describe("GSC+ seamless wallet webhooks", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await gscTestApp();
    for (const code of [1006, 1007, 1194, 1203]) await product(t, code);
  });
  afterEach(async () => {
    await expectLedgerClean(t);
    await expectExactConservation(t);
  });
  afterAll(async () => t.close());

  it("answers exactly the contract's JSON: its keys in its order, nothing else", async () => {
    const p = await player(t, 1_000);
    const send = (payload: string) =>
      t.app.inject({ method: "POST", url: "/api/gsc/v1/api/seamless/withdraw", headers: { "content-type": "application/json" }, payload });
    const bet = element(p.userCode, 1006, [{ id: uid("bytes"), action: "BET", amount: 100, wager_code: uid("w") }]);
    const res = await send(JSON.stringify(signed("withdraw", { currency: "MMK", batch_requests: [bet] })));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.payload).toBe(
      `{"code":0,"message":"","data":[{"member_account":"${p.userCode}","product_code":1006,"before_balance":1000,"balance":900,"code":0,"message":""}]}`,
    );
    const notJson = await send("{");
    expect(notJson.statusCode).toBe(200);
    expect(notJson.payload).toBe('{"code":999,"message":"Validation failed","data":[]}');
  });

  describe("balance", () => {
    it("answers the game balance in the request currency: MMK as is, MMK2 ÷ 1000, MMK3 ÷ 100; no before_balance", async () => {
      const p = await player(t, 150_500);
      const els = [
        { member_account: p.userCode, product_code: 1006 },
        { member_account: p.userCode, product_code: 1007 },
      ];
      const mmk = await gsc(t, "balance", { currency: "MMK", batch_requests: els });
      expect(mmk.statusCode).toBe(200);
      expect(mmk.answer).toEqual({
        code: 0,
        message: "",
        data: [
          { member_account: p.userCode, product_code: 1006, balance: 150_500, code: 0, message: "" },
          { member_account: p.userCode, product_code: 1007, balance: 150_500, code: 0, message: "" },
        ],
      });
      const mmk2 = await gsc(t, "balance", { currency: "MMK2", batch_requests: [els[1]] });
      expect(mmk2.answer.data?.[0]).toMatchObject({ balance: 150.5, code: 0 });
      const mmk3 = await gsc(t, "balance", { currency: "mmk3", batch_requests: [{ member_account: p.userCode, Product_code: "1194" }] });
      expect(mmk3.answer.data?.[0]).toEqual({ member_account: p.userCode, product_code: 1194, balance: 1505, code: 0, message: "" });
    });

    it("members of several products in one call, an unknown member and a product in maintenance each get their own row", async () => {
      const a = await player(t, 1_000);
      const b = await player(t, 2_500);
      await product(t, 1203, { maintenance: true });
      try {
        const res = await gsc(t, "balance", {
          currency: "MMK",
          batch_requests: [
            { member_account: a.userCode, product_code: 1006 },
            { member_account: "NOSUCHPLAYER", product_code: 1006 },
            { member_account: b.userCode, product_code: 1007 },
            { member_account: b.userCode, product_code: 1203 },
            { member_account: a.userCode, product_code: 4242 },
          ],
        });
        expect(res.answer.data?.map((r) => [r.member_account, r.product_code, r.code, r.balance])).toEqual([
          [a.userCode, 1006, 0, 1_000],
          ["NOSUCHPLAYER", 1006, 1000, 0],
          [b.userCode, 1007, 0, 2_500],
          [b.userCode, 1203, 2000, 2_500],
          [a.userCode, 4242, 2000, 1_000],
        ]);
      } finally {
        await product(t, 1203);
      }
    });
  });

  describe("sign, operator and currency (checked before anything else)", () => {
    it("a wrong sign answers 1004 on every row with balance 0, HTTP 200, and moves nothing", async () => {
      const p = await player(t, 10_000);
      const before = await gscSnapshot(t);
      const body = {
        currency: "MMK",
        batch_requests: [element(p.userCode, 1006, [{ id: uid("tx"), action: "BET", amount: 100, wager_code: uid("w") }])],
      };
      const bad = await gsc(t, "withdraw", body, { secret: "not-the-secret" });
      expect(bad.statusCode).toBe(200);
      expect(bad.answer).toEqual({
        code: 1004,
        message: "invalid signature",
        data: [{ member_account: p.userCode, product_code: 1006, before_balance: 0, balance: 0, code: 1004, message: "invalid signature" }],
      });
      // The sign of another endpoint's keyword is not this endpoint's.
      expect((await gsc(t, "withdraw", body, { keyword: "deposit" })).answer.code).toBe(1004);
      expect((await gsc(t, "withdraw", body, { sign: "zz" })).answer.code).toBe(1004);
      expect(await gscSnapshot(t)).toEqual(before);
      expect((await balancesOf(t, p.id)).game_balance).toBe(10_000);
    });

    it("the sign is compared case-insensitively; the operator code of another operator answers 1002 even with its own good sign", async () => {
      const p = await player(t, 500);
      const els = { currency: "MMK", batch_requests: [{ member_account: p.userCode, product_code: 1006 }] };
      const upper = signed("balance", els);
      const ok = await post(t, "balance", { ...upper, sign: String(upper.sign).toUpperCase() });
      expect(ok.answer.data?.[0]?.code).toBe(0);
      const other = await gsc(t, "balance", els, { operatorCode: "XY99" });
      expect(other.answer.code).toBe(1002);
      expect(other.answer.data?.[0]).toMatchObject({ code: 1002, balance: 0 });
      // The operator code is matched case-insensitively; the sign covers the value as received.
      const lower = await gsc(t, "balance", els, { operatorCode: "swdm" });
      expect(lower.answer.data?.[0]?.code).toBe(0);
    });

    it("an unsupported currency answers 999 on every row and moves nothing", async () => {
      const p = await player(t, 5_000);
      const res = await move(t, "withdraw", p.userCode, 1006, "USD", [{ id: uid("tx"), action: "BET", amount: 100, wager_code: uid("w") }]);
      expect(res.answer.data?.[0]).toMatchObject({ code: 999, balance: 0 });
      expect((await balancesOf(t, p.id)).game_balance).toBe(5_000);
    });

    it("a body that is not JSON, or has no batch_requests, answers HTTP 200 with code 999", async () => {
      const broken = await post(t, "withdraw", undefined, "{not json");
      expect(broken.statusCode).toBe(200);
      expect(broken.answer).toMatchObject({ code: 999 });
      const noBatch = await post(t, "deposit", signed("deposit", { currency: "MMK" }));
      expect(noBatch).toMatchObject({ statusCode: 200, answer: { code: 999 } });
      const text = await t.app.inject({
        method: "POST",
        url: "/api/gsc/v1/api/seamless/balance",
        headers: { "content-type": "text/plain" },
        payload: "x",
      });
      expect(text.statusCode).toBe(200);
      expect(text.json()).toMatchObject({ code: 999 });
    });

    it("keeps every webhook in provider_callbacks as provider GSC, bad signs included", async () => {
      const p = await player(t, 100);
      const id = uid("cb");
      await move(t, "withdraw", p.userCode, 1006, "MMK", [{ id, action: "BET", amount: 10, wager_code: uid("w") }]);
      const res = await t.ctx.db.execute(
        sql`select provider, action, signature_ok, status, transaction_id from provider_callbacks where transaction_id = ${id}`,
      );
      expect(rowsOf(res)).toEqual([{ provider: "GSC", action: "withdraw", signature_ok: true, status: "0", transaction_id: id }]);
    });
  });

  describe("withdraw and deposit", () => {
    it("the contract's example: a BET of -1.5 MMK2 takes 1,500 kyat, SETTLED 3 pays 3,000, a losing SETTLED 0 changes nothing", async () => {
      const p = await player(t, 150_000);
      const wager = uid("W");
      const bet = await move(t, "withdraw", p.userCode, 1007, "MMK2", [
        {
          id: uid("tx"),
          action: "BET",
          amount: "-1.5",
          wager_code: wager,
          wager_status: "BET",
          round_id: "R-555",
          game_code: "65",
          bet_amount: "1.5",
          valid_bet_amount: "1.5",
          prize_amount: "0",
          tip_amount: "0",
          settled_at: 0,
          payload: { provider_round: "R-555" },
        },
      ]);
      expect(bet.answer).toEqual({
        code: 0,
        message: "",
        data: [{ member_account: p.userCode, product_code: 1007, before_balance: 150, balance: 148.5, code: 0, message: "" }],
      });
      const win = await move(t, "deposit", p.userCode, 1007, "MMK2", [
        { id: uid("tx"), action: "SETTLED", amount: "3", wager_code: wager, wager_status: "SETTLED", prize_amount: "3" },
      ]);
      expect(win.answer.data?.[0]).toMatchObject({ before_balance: 148.5, balance: 151.5, code: 0 });
      expect((await balancesOf(t, p.id)).game_balance).toBe(151_500);

      const lost = uid("W");
      await move(t, "withdraw", p.userCode, 1007, "MMK2", [{ id: uid("tx"), action: "BET", amount: 1, wager_code: lost }]);
      const zeroId = uid("tx");
      const zero = await move(t, "deposit", p.userCode, 1007, "MMK2", [{ id: zeroId, action: "SETTLED", amount: 0, wager_code: lost }]);
      expect(zero.answer.data?.[0]).toMatchObject({ before_balance: 150.5, balance: 150.5, code: 0 });
      const recorded = await t.ctx.db.execute(
        sql`select amount_e4::text as a, kyat_moved from gsc_transactions where transaction_id = ${zeroId}`,
      );
      expect(rowsOf(recorded)).toEqual([{ a: "0", kyat_moved: 0 }]);
    });

    it("writes the game report's round: provider GSC<product>, round_id = wager_code, settled by SETTLED, its stake lowering turnover", async () => {
      const p = await player(t, 50_000);
      await setTurnover(t, p.id, 8_000);
      const wager = uid("W");
      await move(t, "withdraw", p.userCode, 1006, "MMK", [
        { id: uid("tx"), action: "BET", amount: 3_000, wager_code: wager, game_code: "vs20" },
      ]);
      await move(t, "withdraw", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: "2000", wager_code: wager }]);
      let rounds = rowsOf<Record<string, unknown>>(
        await t.ctx.db.execute(sql`select provider, round_id, game_code, bet, payout, status from provider_rounds where user_id = ${p.id}`),
      );
      expect(rounds).toEqual([{ provider: "GSC1006", round_id: wager, game_code: "vs20", bet: 5_000, payout: 0, status: "open" }]);
      await move(t, "deposit", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "SETTLED", amount: 7_000, wager_code: wager }]);
      rounds = rowsOf(await t.ctx.db.execute(sql`select bet, payout, valid_bet, status from provider_rounds where user_id = ${p.id}`));
      expect(rounds).toEqual([{ bet: 5_000, payout: 7_000, valid_bet: 5_000, status: "settled" }]);
      expect(await turnoverOf(t, p.id)).toBe(3_000);
      // The player's game report (the existing route) lists it.
      const report = await t.app.inject({
        method: "GET",
        url: "/api/game/report/GSC1006",
        headers: { authorization: `Bearer ${p.token}` },
      });
      expect(report.statusCode).toBe(200);
      expect(JSON.stringify(report.json())).toContain(wager);
    });

    it("a debit above the balance answers 1001 with the current balance and changes nothing; the retry after a top-up is applied, not 1003", async () => {
      const p = await player(t, 1_000);
      const tx = { id: uid("tx"), action: "BET", amount: 1_500, wager_code: uid("W") };
      const before = await gscSnapshot(t);
      const res = await move(t, "withdraw", p.userCode, 1006, "MMK", [tx]);
      expect(res.answer.data?.[0]).toMatchObject({ code: 1001, before_balance: 1_000, balance: 1_000 });
      expect(await gscSnapshot(t)).toEqual(before);
      await fund(t, p.id, 1_000, "game");
      const retry = await move(t, "withdraw", p.userCode, 1006, "MMK", [tx]);
      expect(retry.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 2_000, balance: 500 });
    });

    it("a repeated transaction id answers 1003 with the current balance; a batch element with a repeat and a new id applies the new one (0)", async () => {
      const p = await player(t, 10_000);
      const wager = uid("W");
      const first = { id: uid("tx"), action: "BET", amount: 1_000, wager_code: wager };
      expect((await move(t, "withdraw", p.userCode, 1006, "MMK", [first])).answer.data?.[0]?.code).toBe(0);
      await fund(t, p.id, 5, "game");
      const again = await move(t, "withdraw", p.userCode, 1006, "MMK", [first]);
      expect(again.answer.data?.[0]).toMatchObject({ code: 1003, before_balance: 9_005, balance: 9_005 });
      // The same id with another body is still a duplicate (and applies nothing).
      const changed = await move(t, "withdraw", p.userCode, 1006, "MMK", [{ ...first, amount: 7 }]);
      expect(changed.answer.data?.[0]).toMatchObject({ code: 1003, balance: 9_005 });
      const mixed = await move(t, "withdraw", p.userCode, 1006, "MMK", [
        first,
        { id: uid("tx"), action: "BET", amount: 5, wager_code: wager },
      ]);
      expect(mixed.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 9_005, balance: 9_000 });
      // Ids are global: the same id sent on /deposit is a repeat too.
      const crossed = await move(t, "deposit", p.userCode, 1006, "MMK", [{ ...first, action: "SETTLED" }]);
      expect(crossed.answer.data?.[0]?.code).toBe(1003);
      expect((await balancesOf(t, p.id)).game_balance).toBe(9_000);
    });

    it("all or nothing per element: an unknown action, a missing id or a bad amount fails the element (999) and rolls back its other transactions", async () => {
      const p = await player(t, 10_000);
      const good = { id: uid("tx"), action: "BET", amount: 100, wager_code: uid("W") };
      const before = await gscSnapshot(t);
      for (const bad of [
        { id: uid("tx"), action: "SPIN", amount: 1, wager_code: uid("W") },
        { id: "", action: "BET", amount: 1, wager_code: uid("W") },
        { id: uid("tx"), action: "BET", amount: "1e3", wager_code: uid("W") },
        { id: uid("tx"), action: "BET", amount: "0.00001", wager_code: uid("W") },
      ]) {
        const res = await move(t, "withdraw", p.userCode, 1006, "MMK", [good, bad]);
        expect(res.answer.data?.[0]).toMatchObject({ code: 999, before_balance: 10_000, balance: 10_000 });
      }
      // A refused element leaves nothing behind: its good transaction is still new.
      expect(await gscSnapshot(t)).toEqual(before);
      expect((await move(t, "withdraw", p.userCode, 1006, "MMK", [good])).answer.data?.[0]?.code).toBe(0);
    });

    it("a batch where one member fails: the others are applied, each row in order", async () => {
      const rich = await player(t, 5_000);
      const poor = await player(t, 10);
      const third = await player(t, 700);
      const res = await gsc(t, "withdraw", {
        currency: "MMK",
        batch_requests: [
          element(rich.userCode, 1006, [{ id: uid("tx"), action: "BET", amount: 1_000, wager_code: uid("W") }]),
          element(poor.userCode, 1006, [{ id: uid("tx"), action: "BET", amount: 1_000, wager_code: uid("W") }]),
          element("NOSUCHPLAYER", 1006, [{ id: uid("tx"), action: "BET", amount: 1, wager_code: uid("W") }]),
          element(third.userCode, 1007, [{ id: uid("tx"), action: "TIP", amount: 200, wager_code: uid("W") }]),
        ],
      });
      expect(res.answer.data?.map((r) => [r.member_account, r.code, r.before_balance, r.balance])).toEqual([
        [rich.userCode, 0, 5_000, 4_000],
        [poor.userCode, 1001, 10, 10],
        ["NOSUCHPLAYER", 1000, 0, 0],
        [third.userCode, 0, 700, 500],
      ]);
    });

    it("CANCEL of a known bet returns the stake; of an unknown wager answers 1006, is recorded, and a late BET on that wager is refused", async () => {
      const p = await player(t, 10_000);
      const wager = uid("W");
      await move(t, "withdraw", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: 2_000, wager_code: wager }]);
      const cancel = await move(t, "deposit", p.userCode, 1006, "MMK", [
        { id: uid("tx"), action: "CANCEL", amount: 2_000, wager_code: wager },
      ]);
      expect(cancel.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 8_000, balance: 10_000 });
      const round = rowsOf(await t.ctx.db.execute(sql`select bet, status from provider_rounds where round_id = ${wager}`));
      expect(round).toEqual([{ bet: 0, status: "rolled_back" }]);

      const orphan = uid("W");
      const early = await move(t, "deposit", p.userCode, 1006, "MMK", [
        { id: uid("tx"), action: "CANCEL", amount: 500, wager_code: orphan },
      ]);
      expect(early.answer.data?.[0]).toMatchObject({ code: 1006, balance: 10_000 });
      const late = await move(t, "withdraw", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: 500, wager_code: orphan }]);
      expect(late.answer.data?.[0]).toMatchObject({ code: 999, balance: 10_000 });
      expect((await balancesOf(t, p.id)).game_balance).toBe(10_000);
      // A cancel above the stake is refused.
      const w2 = uid("W");
      await move(t, "withdraw", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: 100, wager_code: w2 }]);
      const over = await move(t, "deposit", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "CANCEL", amount: 101, wager_code: w2 }]);
      expect(over.answer.data?.[0]?.code).toBe(999);
    });

    it("a credit whose bet is unknown answers 1006: SETTLED, ROLLBACK, RESETTLED, and another member's wager", async () => {
      const p = await player(t, 1_000);
      const q = await player(t, 1_000);
      const wager = uid("W");
      await move(t, "withdraw", q.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: 100, wager_code: wager }]);
      for (const action of ["SETTLED", "ROLLBACK", "RESETTLED", "PRESERVE_REFUND"]) {
        const res = await move(t, "deposit", p.userCode, 1006, "MMK", [{ id: uid("tx"), action, amount: 50, wager_code: uid("W") }]);
        expect(res.answer.data?.[0]).toMatchObject({ code: 1006, balance: 1_000 });
      }
      const stolen = await move(t, "deposit", p.userCode, 1006, "MMK", [
        { id: uid("tx"), action: "SETTLED", amount: 50, wager_code: wager },
      ]);
      expect(stolen.answer.data?.[0]).toMatchObject({ code: 1006, balance: 1_000 });
    });

    it("credits without a bet (BONUS, PROMO, JACKPOT, LEADERBOARD, FREEBET) need the product's free-round credits switch, else 1006", async () => {
      const p = await player(t, 0);
      for (const action of ["BONUS", "PROMO", "JACKPOT", "LEADERBOARD", "FREEBET"]) {
        const res = await move(t, "deposit", p.userCode, 1203, "MMK3", [{ id: uid("tx"), action, amount: "1", wager_code: uid("W") }]);
        expect(res.answer.data?.[0]).toMatchObject({ code: 1006, balance: 0 });
      }
      await product(t, 1203, { freeRoundCredits: true });
      try {
        const res = await move(t, "deposit", p.userCode, 1203, "MMK3", [
          { id: uid("tx"), action: "BONUS", amount: "1", wager_code: uid("W") },
          { id: uid("tx"), action: "JACKPOT", amount: "2.5" },
        ]);
        expect(res.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 0, balance: 3.5 });
        expect((await balancesOf(t, p.id)).game_balance).toBe(350);
      } finally {
        await product(t, 1203);
      }
      // On a wager with a bet, a bonus is paid without the switch, added to the round's payout.
      const wager = uid("W");
      await move(t, "withdraw", p.userCode, 1203, "MMK3", [{ id: uid("tx"), action: "BET", amount: 1, wager_code: wager }]);
      const bonus = await move(t, "deposit", p.userCode, 1203, "MMK3", [{ id: uid("tx"), action: "BONUS", amount: 2, wager_code: wager }]);
      expect(bonus.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 2.5, balance: 4.5 });
    });

    it("maintenance refuses debits with 2000 (and balance calls) but accepts credits, so open wagers still end", async () => {
      const p = await player(t, 5_000);
      const wager = uid("W");
      await move(t, "withdraw", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: 1_000, wager_code: wager }]);
      await product(t, 1006, { maintenance: true });
      try {
        const bet = await move(t, "withdraw", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: 1, wager_code: uid("W") }]);
        expect(bet.answer.data?.[0]).toMatchObject({ code: 2000, before_balance: 4_000, balance: 4_000 });
        const win = await move(t, "deposit", p.userCode, 1006, "MMK", [
          { id: uid("tx"), action: "SETTLED", amount: 2_000, wager_code: wager },
        ]);
        expect(win.answer.data?.[0]).toMatchObject({ code: 0, balance: 6_000 });
      } finally {
        await product(t, 1006);
      }
    });

    it("a blocked or self-excluded player's debits answer 999; their wins are still paid", async () => {
      const p = await player(t, 5_000);
      const wager = uid("W");
      await move(t, "withdraw", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: 1_000, wager_code: wager }]);
      await setBlocked(t, p.id, true);
      const bet = await move(t, "withdraw", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: 1, wager_code: uid("W") }]);
      expect(bet.answer.data?.[0]).toMatchObject({ code: 999, balance: 4_000 });
      const win = await move(t, "deposit", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "SETTLED", amount: 500, wager_code: wager }]);
      expect(win.answer.data?.[0]).toMatchObject({ code: 0, balance: 4_500 });
      await setBlocked(t, p.id, false);
      await t.ctx.db.update(users).set({ excludedForever: true }).where(eq(users.id, p.id));
      const excluded = await move(t, "withdraw", p.userCode, 1006, "MMK", [
        { id: uid("tx"), action: "BET", amount: 1, wager_code: uid("W") },
      ]);
      expect(excluded.answer.data?.[0]).toMatchObject({ code: 999, balance: 4_500 });
    });

    it("announces the new balance to the player's open pages: the ledger writes the balance outbox row in the same commit", async () => {
      const p = await player(t, 3_000);
      const count = async () =>
        Number(rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from outbox where user_id = ${p.id}`))[0]?.n);
      const before = await count();
      await move(t, "withdraw", p.userCode, 1006, "MMK", [{ id: uid("tx"), action: "BET", amount: 1_000, wager_code: uid("W") }]);
      expect(await count()).toBe(before + 1);
    });
  });
});
