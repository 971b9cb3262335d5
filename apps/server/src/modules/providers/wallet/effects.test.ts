import { claimGameReferResponseSchema, myReferralHistorySchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../db/client.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { balancesOf, call, expectErrorBody, expectLedgerClean, moneySnapshot, turnoverOf } from "../../ledger/testing.ts";
import { writeReferralShare } from "../referral/provider-settings.repository.ts";
import { NOTHING_TO_CLAIM } from "../referral/referral.service.ts";
import { connectTestProvider, expectRoundsReconciled, nextId, type Player, player, setTurnover, wallet } from "../wallet.test-helpers.ts";

/** One round: bets, optional rollbacks of some of them, then the result (a credit, 0 for a loss). */
async function playRound(t: TestApp, p: Player, bets: number[], payout: number, rollBack: number[] = []) {
  const round = nextId("r");
  const ids: string[] = [];
  for (const amount of bets) {
    const id = nextId("d");
    ids.push(id);
    const res = await wallet(t, "debit", { player: p.userCode, transaction_id: id, round_id: round, amount });
    expect(res.answer.status).toBe("OK");
  }
  for (const i of rollBack) {
    const res = await wallet(t, "rollback", { player: p.userCode, transaction_id: nextId("rb"), reference_transaction_id: ids[i] });
    expect(res.answer.status).toBe("OK");
  }
  const credit = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: payout });
  expect(credit.answer.status).toBe("OK");
  return round;
}

describe("effects of play: turnover and the referral share", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    connectTestProvider(t);
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await expectRoundsReconciled(t);
    await t.close();
  });

  it("lowers turnover by the valid stake when the round ends (not at the bet), never below 0", async () => {
    const p = await player(t, 100_000);
    await setTurnover(t, p.id, 5_000);
    const round = nextId("r");
    await wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 2_000 });
    expect(await turnoverOf(t, p.id)).toBe(5_000);
    await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 0 });
    expect(await turnoverOf(t, p.id)).toBe(3_000);
    await playRound(t, p, [4_000], 10_000);
    expect(await turnoverOf(t, p.id)).toBe(0);
  });

  it("counts only the stake still in play: rolled-back bets are not valid stake", async () => {
    const p = await player(t, 100_000);
    await setTurnover(t, p.id, 10_000);
    await playRound(t, p, [1_000, 500, 300], 0, [1]);
    expect(await turnoverOf(t, p.id)).toBe(8_700);
    // A round whose every bet was rolled back never settles, so nothing counts.
    const round = nextId("r");
    const id = nextId("d");
    await wallet(t, "debit", { player: p.userCode, transaction_id: id, round_id: round, amount: 4_000 });
    await wallet(t, "rollback", { player: p.userCode, transaction_id: nextId("rb"), reference_transaction_id: id });
    expect(await turnoverOf(t, p.id)).toBe(8_700);
  });

  it("pays the referrer 5 % of the referee's NET loss, from house:referral: wins cancel losses first, fractions carried", async () => {
    const referrer = await player(t);
    const referee = await player(t, 100_000, { referredBy: referrer.id });
    await playRound(t, referee, [10_000], 2_000); // net loss 8,000 → 400
    expect((await balancesOf(t, referrer.id)).game_refer_amt).toBe(400);
    await playRound(t, referee, [1_000], 5_000); // won 4,000: net loss 4,000, nothing taken back, nothing paid
    expect((await balancesOf(t, referrer.id)).game_refer_amt).toBe(400);
    await playRound(t, referee, [5_999], 0); // net loss 9,999: 5 % of the 1,999 above 8,000 = 99.95 → 99 (0.95 carried)
    expect((await balancesOf(t, referrer.id)).game_refer_amt).toBe(499);
    // The share is a setting; the carried 0.95 completes with the next rise.
    await writeReferralShare(t.ctx.db, 2.5);
    try {
      await playRound(t, referee, [1_000], 0); // 25 + 0.95 → 25 (0.95 still carried)
      await playRound(t, referee, [2], 0); // 0.05 + 0.95 → 1
    } finally {
      await writeReferralShare(t.ctx.db, 5);
    }
    expect((await balancesOf(t, referrer.id)).game_refer_amt).toBe(525);
    // Each round's share is recorded with the round, and the journal names the referee's net loss.
    const meta = await t.ctx.db.execute(
      sql`select meta from journals where kind = 'referral_share' and user_id = ${referrer.id} order by id desc limit 1`,
    );
    expect(rowsOf<{ meta: Record<string, unknown> }>(meta)[0]?.meta).toMatchObject({
      referee_id: referee.id,
      round_net: 2,
      referee_net_loss: 11_001,
    });
    // A player without a referrer earns nobody anything.
    const loner = await player(t, 10_000);
    const before = await moneySnapshot(t.ctx.db);
    await playRound(t, loner, [1_000], 0);
    const after = await moneySnapshot(t.ctx.db);
    // The stake and the player's own loyalty points (1 per 1,000 kyat settled), no referral share.
    expect(after.journals).toBe((before.journals as number) + 2);
  });

  it("claims the whole referral amount to main once; 422 with the spec's message when there is nothing", async () => {
    const referrer = await player(t);
    const referee = await player(t, 50_000, { referredBy: referrer.id });
    const empty = await call(t, "POST", "/api/user/claim_game_refer_amt", { token: referrer.token, body: {} });
    expectErrorBody(empty, 422, "NOTHING_TO_CLAIM");
    expect(empty.json().message).toBe(NOTHING_TO_CLAIM);

    await playRound(t, referee, [20_000], 0); // 1,000
    const headers = { "idempotency-key": nextId("claim") };
    const res = await call(t, "POST", "/api/user/claim_game_refer_amt", { token: referrer.token, headers });
    expect(res.statusCode).toBe(200);
    const body = claimGameReferResponseSchema.parse(res.json());
    expect(body).toMatchObject({ amount: 1_000, balance: 1_000, game_refer_amt: 0 });
    const replay = await call(t, "POST", "/api/user/claim_game_refer_amt", { token: referrer.token, headers });
    expect(replay.json()).toEqual(res.json());
    expect(await balancesOf(t, referrer.id)).toMatchObject({ balance: 1_000, game_refer_amt: 0 });
    const again = await call(t, "POST", "/api/user/claim_game_refer_amt", { token: referrer.token, body: {} });
    expectErrorBody(again, 422, "NOTHING_TO_CLAIM");
    const profile = await call(t, "GET", "/api/user/profile", { token: referrer.token });
    expect(profile.json()).toMatchObject({ balance: 1_000, game_refer_amt: 0 });
    expect((await call(t, "POST", "/api/user/claim_game_refer_amt", {})).statusCode).toBe(401);
    expectErrorBody(
      await call(t, "POST", "/api/user/claim_game_refer_amt", { token: referrer.token, body: { amount: 5 } }),
      400,
      "VALIDATION_FAILED",
    );
  });

  it("lists the player's referees with masked phones and what each earned", async () => {
    const referrer = await player(t);
    const a = await player(t, 50_000, { referredBy: referrer.id });
    const b = await player(t, 50_000, { referredBy: referrer.id });
    await player(t, 0); // someone else's
    await playRound(t, a, [10_000], 0); // 500
    await playRound(t, b, [2_000], 1_000); // 50
    const res = await call(t, "GET", "/api/user/my_referral_his", { token: referrer.token });
    expect(res.statusCode).toBe(200);
    const body = myReferralHistorySchema.parse(res.json());
    expect(body.refer_count).toBe(2);
    expect(body.total_earned).toBe(550);
    expect(body.game_refer_amt).toBe(550);
    expect(body.data.map((r) => [r.id, r.phone, r.share_earned])).toEqual([
      [b.id, `********${b.phone.slice(8)}`, 50],
      [a.id, `********${a.phone.slice(8)}`, 500],
    ]);
    expect(JSON.stringify(body)).not.toContain(a.phone);
    expect((await call(t, "GET", "/api/user/my_referral_his", {})).statusCode).toBe(401);
  });
});
