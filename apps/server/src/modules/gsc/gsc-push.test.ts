import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import type { TestApp } from "../../test/test-app.ts";
import { balancesOf, expectLedgerClean, turnoverOf } from "../ledger/testing.ts";
import { player, setTurnover } from "../providers/wallet.test-helpers.ts";
import { expectExactConservation, gsc, gscSnapshot, gscTestApp, move, post, product, signed, uid } from "./gsc.test-helpers.ts";

function wager(member: string, productCode: number, code: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    member_account: member,
    currency: "MMK2",
    product_code: productCode,
    game_code: "65",
    game_type: "SPORT_BOOK",
    wager_code: code,
    wager_type: "NORMAL",
    wager_status: "BET",
    round_id: "R-1",
    channel_code: "gscp",
    bet_amount: 1.5,
    valid_bet_amount: 1.5,
    prize_amount: 0,
    tip_amount: 0,
    created_at: 1732600000,
    settled_at: 0,
    ...fields,
  };
}

async function wagerRows(t: TestApp, code: string) {
  return rowsOf<{ wager_status: string; pushed: { prize_amount: unknown } }>(
    await t.ctx.db.execute(sql`select wager_status, pushed from gsc_wagers where wager_code = ${code}`),
  );
}

describe("GSC+ push bet data", () => {
  describe("with the manual payout of WBet on (default)", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await gscTestApp();
      for (const code of [1007, 1040]) await product(t, code);
    });
    afterEach(async () => {
      await expectLedgerClean(t);
      await expectExactConservation(t);
    });
    afterAll(async () => t.close());

    it("upserts wagers by wager_code, a repeated push overwriting the status, and never moves money", async () => {
      const p = await player(t, 9_000);
      const code = uid("W");
      const before = (await gscSnapshot(t)).balances;
      const first = await gsc(t, "pushbetdata", { wagers: [wager(p.userCode, 1007, code)] });
      expect(first).toEqual({ statusCode: 200, answer: { code: 0, message: "" } });
      const settled = wager(p.userCode, 1007, code, { wager_status: "SETTLED", prize_amount: 3, settled_at: 1732600004 });
      expect((await gsc(t, "pushbetdata", { wagers: [settled] })).answer.code).toBe(0);
      expect((await gsc(t, "pushbetdata", { wagers: [settled] })).answer.code).toBe(0);
      const rows = await wagerRows(t, code);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.wager_status).toBe("SETTLED");
      expect(rows[0]?.pushed.prize_amount).toBe(3);
      expect((await gscSnapshot(t)).balances).toEqual(before);
      expect((await balancesOf(t, p.id)).game_balance).toBe(9_000);
    });

    it("a pushed SETTLED ends the open round (turnover as at settlement), with no money moved", async () => {
      const p = await player(t, 10_000);
      await setTurnover(t, p.id, 5_000);
      const code = uid("W");
      await move(t, "withdraw", p.userCode, 1007, "MMK2", [{ id: uid("tx"), action: "BET", amount: "2", wager_code: code }]);
      await gsc(t, "pushbetdata", { wagers: [wager(p.userCode, 1007, code, { wager_status: "SETTLED", prize_amount: 0 })] });
      const round = rowsOf(
        await t.ctx.db.execute(sql`select bet, payout, valid_bet, status from provider_rounds where round_id = ${code}`),
      );
      expect(round).toEqual([{ bet: 2_000, payout: 0, valid_bet: 2_000, status: "settled" }]);
      expect(await turnoverOf(t, p.id)).toBe(3_000);
      expect((await balancesOf(t, p.id)).game_balance).toBe(8_000);
    });

    it("unknown members are skipped: 1000 only when no wager could be stored; wagers without wager_code are skipped", async () => {
      const p = await player(t, 0);
      const none = await gsc(t, "pushbetdata", { wagers: [wager("NOSUCHPLAYER", 1007, uid("W"))] });
      expect(none.answer).toEqual({ code: 1000, message: "member does not exist" });
      const known = uid("W");
      const mixed = await gsc(t, "pushbetdata", {
        wagers: [
          wager("NOSUCHPLAYER", 1007, uid("W")),
          wager(p.userCode, 1007, known),
          wager(p.userCode, 1007, "", { wager_code: undefined }),
        ],
      });
      expect(mixed.answer).toEqual({ code: 0, message: "" });
      expect(await wagerRows(t, known)).toHaveLength(1);
    });

    it("is signed like the rest (keyword pushbetdata): a wrong or missing sign answers 1004, another operator 1002, and stores nothing", async () => {
      const p = await player(t, 0);
      const code = uid("W");
      const body = { wagers: [wager(p.userCode, 1007, code)] };
      expect((await gsc(t, "pushbetdata", body, { keyword: "deposit" })).answer).toEqual({ code: 1004, message: "invalid signature" });
      const unsigned = signed("pushbetdata", body);
      delete unsigned.sign;
      expect((await post(t, "pushbetdata", unsigned)).answer.code).toBe(1004);
      expect((await gsc(t, "pushbetdata", body, { operatorCode: "XY99" })).answer.code).toBe(1002);
      expect((await post(t, "pushbetdata", undefined, "[")).answer).toMatchObject({ code: 999 });
      expect(await wagerRows(t, code)).toHaveLength(0);
    });

    it("WBet (1040): a SETTLED push credits its prize once, however often it is pushed; other products never", async () => {
      const p = await player(t, 10_000);
      const code = uid("W");
      await move(t, "withdraw", p.userCode, 1040, "MMK2", [{ id: uid("tx"), action: "BET", amount: "1.5", wager_code: code }]);
      expect((await balancesOf(t, p.id)).game_balance).toBe(8_500);
      const settled = wager(p.userCode, 1040, code, { wager_status: "SETTLED", prize_amount: "3.0005" });
      const answers = await Promise.all([1, 2, 3].map(() => gsc(t, "pushbetdata", { wagers: [settled] })));
      for (const a of answers) expect(a.answer.code).toBe(0);
      expect((await gsc(t, "pushbetdata", { wagers: [settled] })).answer.code).toBe(0);
      // 3.0005 MMK2 = 3,000.5 kyat: 3,000 in the ledger, half a kyat as the remainder.
      expect((await balancesOf(t, p.id)).game_balance).toBe(11_500);
      const credits = rowsOf(
        await t.ctx.db.execute(
          sql`select transaction_id, amount_e4::text as a from gsc_transactions where wager_code = ${code} and action = 'SETTLED'`,
        ),
      );
      expect(credits).toEqual([{ transaction_id: `push:1040:${code}`, a: "30005000" }]);
      const round = rowsOf(await t.ctx.db.execute(sql`select bet, payout, status from provider_rounds where round_id = ${code}`));
      expect(round).toEqual([{ bet: 1_500, payout: 3_000, status: "settled" }]);

      // The same push for a product that pays by /deposit credits nothing.
      const other = uid("W");
      await move(t, "withdraw", p.userCode, 1007, "MMK2", [{ id: uid("tx"), action: "BET", amount: "1", wager_code: other }]);
      await gsc(t, "pushbetdata", { wagers: [wager(p.userCode, 1007, other, { wager_status: "SETTLED", prize_amount: 5 })] });
      expect((await balancesOf(t, p.id)).game_balance).toBe(10_500);
      // A WBet wager without a bet here is not paid (a push alone never creates money).
      const unseen = uid("W");
      await gsc(t, "pushbetdata", { wagers: [wager(p.userCode, 1040, unseen, { wager_status: "SETTLED", prize_amount: 5 })] });
      expect((await balancesOf(t, p.id)).game_balance).toBe(10_500);
    });
  });

  it("with GSC_MANUAL_PAYOUT off, a WBet SETTLED push credits nothing", async () => {
    const t = await gscTestApp({ manualPayout: false });
    try {
      await product(t, 1040);
      const p = await player(t, 5_000);
      const code = uid("W");
      await move(t, "withdraw", p.userCode, 1040, "MMK2", [{ id: uid("tx"), action: "BET", amount: "1", wager_code: code }]);
      await gsc(t, "pushbetdata", { wagers: [wager(p.userCode, 1040, code, { wager_status: "SETTLED", prize_amount: 3 })] });
      expect((await balancesOf(t, p.id)).game_balance).toBe(4_000);
      await expectLedgerClean(t);
    } finally {
      await t.close();
    }
  });
});
