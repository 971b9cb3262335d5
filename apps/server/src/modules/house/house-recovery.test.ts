import { houseRoundListSchema, houseSpinResultSchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { expectErrorBody, expectLedgerClean } from "../ledger/testing.ts";
import { houseServerOf } from "./house.module.ts";
import { faultyTransport, gameBalance, houseCall, housePlayer, houseRoundRow, launch, walletRowsOfRound } from "./house.test-helpers.ts";
import { PENDING_STALE_MS } from "./house-rounds.service.ts";
import { SESSION_IDLE_MS, SESSION_MAX_MS } from "./house-session.service.ts";
import { injectTransport } from "./house-wallet.client.ts";

/** The newest house round of a player (the one a failed call left behind). */
async function lastRoundId(t: TestApp, userCode: string): Promise<string> {
  const res = await t.ctx.db.execute(sql`select id from house_rounds where user_code = ${userCode} order by id desc limit 1`);
  const id = rowsOf<{ id: number }>(res)[0]?.id;
  if (id === undefined) throw new Error("no round");
  return String(id);
}

describe("play sessions over time", () => {
  let t: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock(new Date());
    t = await createTestApp({ clock, config: { rateLimits: { enabled: false, factor: 1 } } });
  });
  afterAll(async () => t.close());

  it("a session lives while it is used, ends after 30 idle minutes, and in any case 8 hours after launch", async () => {
    const p = await housePlayer(t, 5_000);
    const idle = await launch(t, p);
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await houseCall(t, "GET", "/house/api/session", idle.session)).statusCode).toBe(200);
    clock.advance(SESSION_IDLE_MS + 1_000);
    expectErrorBody(await houseCall(t, "GET", "/house/api/session", idle.session), 401, "UNAUTHENTICATED");
    expectErrorBody(await houseCall(t, "POST", "/house/api/spin", idle.session, { body: { bet: 100 } }), 401, "UNAUTHENTICATED");

    const busy = await launch(t, p);
    for (let elapsed = 0; elapsed < SESSION_MAX_MS - 20 * 60_000; elapsed += 20 * 60_000) {
      clock.advance(20 * 60_000);
      expect((await houseCall(t, "GET", "/house/api/session", busy.session)).statusCode).toBe(200);
    }
    // 7 h 55 min after launch, used 15 min ago: alive; 15 minutes later it is past 8 hours and ends.
    clock.advance(15 * 60_000);
    expect((await houseCall(t, "GET", "/house/api/session", busy.session)).statusCode).toBe(200);
    clock.advance(15 * 60_000);
    expectErrorBody(await houseCall(t, "GET", "/house/api/session", busy.session), 401, "UNAUTHENTICATED");
    expect(await gameBalance(t, p.id)).toBe(5_000);
  });
});

describe("house rounds when the wallet does not answer", () => {
  let t: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock(new Date());
    t = await createTestApp({ clock, config: { rateLimits: { enabled: false, factor: 1 } } });
  });
  afterEach(() => {
    houseServerOf(t.app).useTransport(injectTransport(t.app));
  });
  afterAll(async () => t.close());

  it("a credit whose answer was lost is sent again with the same transaction id and paid exactly once", async () => {
    const p = await housePlayer(t, 10_000);
    const { session } = await launch(t, p);
    const house = houseServerOf(t.app);
    const calls: string[] = [];
    house.useTransport(faultyTransport(injectTransport(t.app), { credit: "drop-answer" }, calls));

    const res = await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 1_000 } });
    expectErrorBody(res, 503, "ROUND_PENDING");
    const roundId = String(res.json().details.round_id);
    expect(calls).toEqual(["debit:ok", "credit:drop-answer", "credit:drop-answer"]);
    expect(await houseRoundRow(t, roundId)).toMatchObject({ status: "debited", wallet_status: "UNREACHABLE" });
    const { payout } = (await houseRoundRow(t, roundId)) ?? { payout: -1 };
    // The wallet applied the credit the first time; the lost answers did not pay twice.
    expect(await gameBalance(t, p.id)).toBe(10_000 - 1_000 + payout);

    // The history shows the round as being settled, its seed still secret.
    const pending = houseRoundListSchema.parse((await houseCall(t, "GET", "/house/api/rounds", session)).json()).data[0];
    expect(pending).toMatchObject({ round_id: roundId, status: "pending", seed: null });

    house.useTransport(injectTransport(t.app));
    expect(await house.recover()).toBe(0);
    expect(await houseRoundRow(t, roundId)).toMatchObject({ status: "settled", wallet_status: "OK" });
    expect(await gameBalance(t, p.id)).toBe(10_000 - 1_000 + payout);
    const rows = await walletRowsOfRound(t, roundId);
    expect(rows.map((r) => [r.action, r.amount, r.status])).toEqual([
      ["debit", 1_000, "OK"],
      ["credit", payout, "OK"],
    ]);
    const settled = houseRoundListSchema.parse((await houseCall(t, "GET", "/house/api/rounds", session)).json()).data[0];
    expect(settled?.status).toBe("settled");
    expect(settled?.seed).toMatch(/^[0-9a-f]{64}$/);
    await expectLedgerClean(t);
  });

  it("a credit that never reached the wallet is completed before the player's next spin", async () => {
    const p = await housePlayer(t, 10_000);
    const { session } = await launch(t, p);
    const house = houseServerOf(t.app);
    house.useTransport(faultyTransport(injectTransport(t.app), { credit: "drop-request" }));
    expectErrorBody(await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 2_000 } }), 503, "ROUND_PENDING");
    const waiting = await lastRoundId(t, p.userCode);
    // Only the bet has moved so far.
    expect(await gameBalance(t, p.id)).toBe(8_000);

    house.useTransport(injectTransport(t.app));
    const next = houseSpinResultSchema.parse((await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 100 } })).json());
    const first = await houseRoundRow(t, waiting);
    expect(first?.status).toBe("settled");
    expect(next.balance).toBe(10_000 - 2_000 + (first?.payout ?? 0) - 100 + next.payout);
    expect(await gameBalance(t, p.id)).toBe(next.balance);
    await expectLedgerClean(t);
  });

  it("a debit whose answer was lost is rolled back: the bet comes back and nothing is owed", async () => {
    const p = await housePlayer(t, 10_000);
    const { session } = await launch(t, p);
    const house = houseServerOf(t.app);
    const calls: string[] = [];
    house.useTransport(faultyTransport(injectTransport(t.app), { debit: "drop-answer" }, calls));
    const res = await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 5_000 } });
    expectErrorBody(res, 503, "WALLET_UNAVAILABLE");
    expect(calls).toEqual(["debit:drop-answer", "rollback:ok"]);
    const roundId = await lastRoundId(t, p.userCode);
    expect(await houseRoundRow(t, roundId)).toMatchObject({ status: "rolled_back" });
    expect(await gameBalance(t, p.id)).toBe(10_000);
    const rows = await walletRowsOfRound(t, roundId);
    expect(rows.map((r) => r.action)).toEqual(["debit", "rollback"]);
    await expectLedgerClean(t);
  });

  it("when even the rollback gets no answer, the recovery rolls the debit back later, and a late debit is refused", async () => {
    const p = await housePlayer(t, 10_000);
    const { session } = await launch(t, p);
    const house = houseServerOf(t.app);
    house.useTransport(faultyTransport(injectTransport(t.app), { debit: "drop-request", rollback: "drop-request" }));
    expectErrorBody(await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 1_000 } }), 503, "WALLET_UNAVAILABLE");
    const roundId = await lastRoundId(t, p.userCode);
    expect(await houseRoundRow(t, roundId)).toMatchObject({ status: "pending", wallet_status: "UNREACHABLE" });

    house.useTransport(injectTransport(t.app));
    // A round this fresh may still be in flight: the recovery leaves it alone until it is stale.
    expect(await house.recover()).toBe(0);
    expect(await houseRoundRow(t, roundId)).toMatchObject({ status: "pending" });
    clock.advance(PENDING_STALE_MS + 1_000);
    expect(await house.recover()).toBe(0);
    expect(await houseRoundRow(t, roundId)).toMatchObject({ status: "rolled_back" });
    expect(await gameBalance(t, p.id)).toBe(10_000);

    // The debit that never arrived is refused by the wallet if it ever does (the rollback was recorded first).
    const late = await house.deps.wallet.debit({
      player: p.userCode,
      transaction_id: `${roundId}:debit`,
      round_id: roundId,
      game_code: "house-slot",
      amount: 1_000,
    });
    expect(late.status).not.toBe("OK");
    expect(await gameBalance(t, p.id)).toBe(10_000);
    // And the player plays on normally.
    const next = houseSpinResultSchema.parse((await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 100 } })).json());
    expect(await gameBalance(t, p.id)).toBe(10_000 - 100 + next.payout);
    await expectLedgerClean(t);
  });
});
