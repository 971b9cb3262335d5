import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ScenarioSender } from "./scenarios.ts";
import { type FakeOperator, startFakeOperator } from "./testing/fake-operator.ts";
import { WagerBook } from "./wagers.ts";

const OP = "AB12";
const SECRET = "s3cr3t";
const KYAT = 10_000n;

let operator: FakeOperator;
let wagers: WagerBook;
let sender: ScenarioSender;

beforeAll(async () => {
  operator = await startFakeOperator({ operatorCode: OP, secretKey: SECRET, kyat: {} });
});

afterAll(async () => {
  await operator?.close();
});

beforeEach(() => {
  operator.balances.clear();
  operator.balances.set("PLY1", 150_000n * KYAT);
  operator.balances.set("PLY2", 20_000n * KYAT);
  operator.balances.set("POOR", 50n * KYAT);
  operator.received.length = 0;
  wagers = new WagerBook();
  sender = new ScenarioSender({ callbackBaseUrl: operator.callbackBase, operatorCode: OP, secretKey: SECRET, wagers });
});

const md5 = (text: string) => createHash("md5").update(text).digest("hex");
const tx = (body: Record<string, unknown>, element = 0, index = 0) =>
  (body.batch_requests as Array<{ transactions: Array<Record<string, unknown>> }>)[element]?.transactions[index] as Record<string, unknown>;

describe("the scenario sender's bodies", () => {
  it("signs each webhook operator-first with its keyword, request_time in seconds", async () => {
    const call = await sender.balance("MMK", "PLY1", 1006);
    const b = call.body;
    expect(b).toMatchObject({ operator_code: OP, currency: "MMK", batch_requests: [{ member_account: "PLY1", product_code: 1006 }] });
    expect(String(b.request_time)).toMatch(/^[0-9]{10}$/);
    expect(b.sign).toBe(md5(`${OP}${b.request_time}getbalance${SECRET}`));
    const bet = await sender.bet({ member: "PLY1", product: 1007, stake: "1.5", wagerCode: "W-1" });
    expect(bet.body.sign).toBe(md5(`${OP}${bet.body.request_time}withdraw${SECRET}`));
    expect(bet.url).toBe(`${operator.callbackBase}/v1/api/seamless/withdraw`);
  });

  it("writes a BET as G4 does: a negative numeric string, all five amounts, the §1.2 fields", async () => {
    const call = await sender.bet({ member: "PLY1", product: 1007, stake: "1.5", wagerCode: "W-98765", roundId: "R-555", gameCode: "65" });
    expect(call.body.currency).toBe("MMK2");
    expect(tx(call.body)).toMatchObject({
      action: "BET",
      amount: "-1.5",
      wager_code: "W-98765",
      wager_status: "BET",
      wager_type: "NORMAL",
      round_id: "R-555",
      game_code: "65",
      channel_code: "gscp",
      bet_amount: "1.5",
      valid_bet_amount: "1.5",
      prize_amount: "0",
      tip_amount: "0",
      settled_at: 0,
    });
    expect(String(tx(call.body).id)).toMatch(/^[0-9]{13}[0-9a-f]{4}_[0-9]+$/);
    expect(call.status).toBe(200);
    expect(call.answer).toEqual({
      code: 0,
      message: "",
      data: [{ member_account: "PLY1", product_code: 1007, before_balance: 150, balance: 148.5, code: 0, message: "" }],
    });
  });

  it("can send JSON numbers, positive BET amounts and request_time in milliseconds instead", async () => {
    const other = new ScenarioSender({
      callbackBaseUrl: () => operator.callbackBase,
      operatorCode: OP,
      secretKey: SECRET,
      amountStyle: "number",
      debitAmountSign: "positive",
      requestTimeUnit: "ms",
    });
    const call = await other.bet({ member: "PLY1", product: 1006, stake: 500 });
    expect(tx(call.body)).toMatchObject({ amount: 500, bet_amount: 500 });
    expect(String(call.body.request_time)).toMatch(/^[0-9]{13}$/);
    expect(call.answer?.data?.[0]).toMatchObject({ code: 0, before_balance: 150_000, balance: 149_500 });
  });

  it("sends MMK2 amounts with 4 decimals exactly", async () => {
    const call = await sender.bet({ member: "PLY1", product: 1007, stake: "0.0375" });
    expect(tx(call.body).amount).toBe("-0.0375");
    expect(operator.balances.get("PLY1")).toBe(150_000n * KYAT - 375_000n); // 37.5 kyat
  });

  it("can send a wrong sign, another operator code and a root game_type", async () => {
    const badSign = await sender.balance("MMK", "PLY1", 1006, { sign: "0".repeat(32) });
    expect(badSign.answer?.data?.[0]).toMatchObject({ code: 1004, balance: 0 });
    const otherOp = await sender.balance("MMK", "PLY1", 1006, { operatorCode: "ZZ99" });
    expect(otherOp.body.sign).toBe(md5(`ZZ99${otherOp.body.request_time}getbalance${SECRET}`));
    expect(otherOp.answer?.data?.[0]?.code).toBe(1002);
    const rooted = sender.walletBody("withdraw", "MMK", [], { extra: { game_type: "SLOT" } });
    expect(rooted.game_type).toBe("SLOT");
  });
});

describe("scenarios", () => {
  it("asks the balance of many members in one call, one row each in order", async () => {
    const call = await sender.balance("MMK2", [
      { member: "PLY1", product: 1007 },
      { member: "NOBODY", product: 1007 },
      { member: "PLY2", product: 1221 },
    ]);
    expect(call.answer?.data?.map((r) => [r.member_account, r.code, r.balance])).toEqual([
      ["PLY1", 0, 150],
      ["NOBODY", 1000, 0],
      ["PLY2", 0, 20],
    ]);
  });

  it("plays a round: BET then SETTLED, recorded in the wager book", async () => {
    const { wagerCode, bet, settle } = await sender.round({ member: "PLY1", product: 1006, stake: 1000, win: 2500 });
    expect(bet.answer?.data?.[0]).toMatchObject({ code: 0, balance: 149_000 });
    expect(settle.answer?.data?.[0]).toMatchObject({ code: 0, before_balance: 149_000, balance: 151_500 });
    expect(tx(settle.body)).toMatchObject({
      action: "SETTLED",
      amount: "2500",
      prize_amount: "2500",
      wager_status: "SETTLED",
      wager_code: wagerCode,
    });
    expect(Number(tx(settle.body).settled_at)).toBeGreaterThan(0);
    expect(wagers.get(wagerCode)).toMatchObject({
      member_account: "PLY1",
      currency: "MMK",
      wager_status: "SETTLED",
      bet_amount: 1000,
      prize_amount: 2500,
    });
  });

  it("sends the same body twice, one after the other and at once: applied once, the other 1003", async () => {
    const body = sender.walletBody("withdraw", "MMK", [
      { member: "PLY1", product: 1006, transactions: [{ action: "BET", amount: 100, wager_code: "W-D1" }] },
    ]);
    const [first, second] = await sender.sendTwice("withdraw", body, false);
    expect(first.answer?.data?.[0]?.code).toBe(0);
    expect(second.answer?.data?.[0]).toMatchObject({ code: 1003, before_balance: 149_900, balance: 149_900 });
    expect(second.body).toBe(first.body);

    const body2 = sender.walletBody("withdraw", "MMK", [
      { member: "PLY1", product: 1006, transactions: [{ action: "BET", amount: 100, wager_code: "W-D2" }] },
    ]);
    const both = await sender.sendTwice("withdraw", body2, true);
    expect(both.map((c) => c.answer?.data?.[0]?.code).sort()).toEqual([0, 1003]);
    expect(operator.balances.get("PLY1")).toBe(149_800n * KYAT);
    const again = await sender.resend(first);
    expect(again.answer?.data?.[0]?.code).toBe(1003);
  });

  it("cancels before the bet exists (1006) and after it (stake back)", async () => {
    const early = await sender.cancelBeforeBet({ member: "PLY1", product: 1006, stake: 700 });
    expect(early.cancel.answer?.data?.[0]?.code).toBe(1006);
    expect(early.bet.answer?.data?.[0]?.code).toBe(0);
    expect(wagers.get(early.wagerCode)?.wager_status).toBe("BET");
    const late = await sender.cancelAfterBet({ member: "PLY1", product: 1006, stake: 300 });
    expect(tx(late.cancel.body)).toMatchObject({ action: "CANCEL", amount: "300", wager_status: "VOID" });
    expect(late.cancel.answer?.data?.[0]).toMatchObject({ code: 0, balance: 149_300 });
    expect(wagers.get(late.wagerCode)?.wager_status).toBe("VOID");
  });

  it("sends a result before its bet", async () => {
    const r = await sender.settleBeforeBet({ member: "PLY2", product: 1006, stake: 1000, win: 0 });
    expect(operator.received.map((x) => [x.name, tx(x.body).action])).toEqual([
      ["deposit", "SETTLED"],
      ["withdraw", "BET"],
    ]);
    expect(r.settle.answer?.data?.[0]?.code).toBe(0);
    expect(wagers.get(r.wagerCode)).toMatchObject({ wager_status: "SETTLED", bet_amount: 1000 });
  });

  it("sends one /withdraw for several members: each element answers for itself", async () => {
    const call = await sender.multiMemberBets(1006, [
      { member: "PLY1", stake: 500 },
      { member: "POOR", stake: 500 },
      { member: "PLY2", stake: 1000 },
    ]);
    expect(call.body.batch_requests).toHaveLength(3);
    expect(call.answer?.data?.map((r) => [r.member_account, r.code, r.balance])).toEqual([
      ["PLY1", 0, 149_500],
      ["POOR", 1001, 50],
      ["PLY2", 0, 19_000],
    ]);
    expect(wagers.size).toBe(2);
  });

  it("sends ROLLBACK, RESETTLED past the balance and a BONUS / PROMO with no bet", async () => {
    const { wagerCode } = await sender.round({ member: "POOR", product: 1006, stake: 50, win: 1000 });
    const rollback = await sender.rollback({ member: "POOR", product: 1006, wagerCode, amount: -1000 });
    expect(tx(rollback.body)).toMatchObject({ action: "ROLLBACK", amount: "-1000" });
    expect(rollback.answer?.data?.[0]).toMatchObject({ code: 0, balance: 0 });
    const resettle = await sender.resettle({ member: "POOR", product: 1006, wagerCode, amount: -300 });
    expect(resettle.answer?.data?.[0]).toMatchObject({ code: 0, balance: -300 });
    expect(wagers.get(wagerCode)?.wager_status).toBe("RESETTLED");
    const bonus = await sender.credit("BONUS", { member: "PLY2", product: 1006, amount: 250 });
    expect(tx(bonus.body)).toMatchObject({ action: "BONUS", amount: "250", wager_code: "" });
    expect(bonus.answer?.data?.[0]).toMatchObject({ code: 0, balance: 20_250 });
    const promo = await sender.credit("PROMO", { member: "PLY2", product: 1007, amount: "0.5" });
    expect(promo.answer?.data?.[0]).toMatchObject({ code: 0, balance: 20.75 });
  });

  it("pushes bet data, WBet's SETTLED with its prize included", async () => {
    const push = await sender.pushBetData([
      { member_account: "PLY1", product_code: 1007, wager_code: "W-P1", wager_status: "BET", bet_amount: "1.5", game_code: "65" },
    ]);
    expect(push.answer).toEqual({ code: 0, message: "" });
    expect(push.body.sign).toBe(md5(`${OP}${push.body.request_time}pushbetdata${SECRET}`));
    expect(push.body).not.toHaveProperty("batch_requests");
    expect((push.body.wagers as unknown[])[0]).toMatchObject({ currency: "MMK2", bet_amount: "1.5", settled_at: 0, wager_type: "NORMAL" });
    const wbet = await sender.wbetSettledPush({ member: "PLY1", wagerCode: "W-WB1", stake: "2", prize: "3.8" });
    expect(wbet.answer).toEqual({ code: 0, message: "" });
    expect(operator.pushed.get("W-WB1")).toMatchObject({
      product_code: 1040,
      currency: "MMK2",
      wager_status: "SETTLED",
      prize_amount: "3.8",
    });
    expect(wagers.get("W-WB1")).toMatchObject({ prize_amount: 3.8, wager_status: "SETTLED" });
    const unsigned = await sender.pushBetData([{ member_account: "PLY1", product_code: 1007, wager_code: "W-P2", wager_status: "BET" }], {
      sign: "",
    });
    expect(unsigned.answer?.code).toBe(1004);
    expect(wagers.get("W-P2")).toBeUndefined();
  });
});
