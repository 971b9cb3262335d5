import { promotionHistorySchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectErrorBody, expectLedgerClean, fund, moneySnapshot, type TestUser } from "../ledger/testing.ts";
import { send } from "../lottery/lottery.test-helpers.ts";
import { connectTestProvider, nextId, userCodeOf, wallet } from "../providers/wallet.test-helpers.ts";
import { PROMO_ACCOUNT, runCashback } from "./cashback.service.ts";
import { addWeeks, afterWeek, count, inWeek, setMaintain, settledDraw, settledRound, WEEK } from "./cashback.test-helpers.ts";

/**
 * Weekly cashback (domain-rules §7): the weekly run credits floor(net loss × percent) to p_balance
 * once per player and week, however often it runs; the Claim moves floor(p_balance) to main.
 */
describe("weekly cashback", () => {
  let t: TestApp;
  const clock = new ManualClock(new Date());
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let erin: TestUser;
  let op: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    connectTestProvider(t);
    [alice, bob, carol, dave, erin] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t), createUser(t)]);
    op = await createUser(t, { role: "admin" });
    for (const p of [alice, bob]) await fund(t, p.id, 100_000);
    await fund(t, bob.id, 20_000, "game");
  }, 60_000);
  afterAll(async () => t.close());

  const promoBalance = async () =>
    count(t, sql`select coalesce((select balance from ledger_accounts where code = ${PROMO_ACCOUNT}), 0)::bigint as n`);

  it("credits 5 % of each player's net loss once, even when two runs race; winners, small losses, blocked players and operators get nothing", async () => {
    const at = inWeek(WEEK);
    // Lottery: Alice wins 85,000 on 1,000 and loses 500 (a net win); Bob loses 2,000 + 3,000.
    await settledDraw(
      t,
      clock,
      [
        { token: alice.token, win: 1_000, lose: [500] },
        { token: bob.token, win: 0, lose: [2_000, 3_000] },
      ],
      at,
    );
    // Casino through the real wallet API: Bob stakes 10,000 and wins 2,000 back (a loss of 8,000).
    const round = nextId("round");
    const player = await userCodeOf(t, bob.id);
    expect((await wallet(t, "debit", { player, transaction_id: nextId("d"), round_id: round, amount: 10_000 })).answer.status).toBe("OK");
    expect((await wallet(t, "credit", { player, transaction_id: nextId("c"), round_id: round, amount: 2_000 })).answer.status).toBe("OK");
    await t.ctx.db.execute(sql`update provider_rounds set settled_at = ${at.toISOString()}::timestamptz where user_id = ${bob.id}`);
    // Bob's big loss of the following week does not count for this one.
    await settledRound(t, bob.id, 100_000, 0, inWeek(addWeeks(WEEK, 1)));
    await settledRound(t, erin.id, 12_345, 0, at);
    await settledRound(t, dave.id, 19, 0, at); // 5 % = 0.95: below the 1-kyat minimum
    await settledRound(t, carol.id, 10_000, 0, at);
    await t.ctx.db.execute(sql`update users set blocked = true where id = ${carol.id}`);
    await settledRound(t, op.id, 10_000, 0, at);
    // Until the week has closed and its grace hour passed, the first run takes up only the week before.
    const early = await runCashback(t.ctx.db, new Date(afterWeek(WEEK).getTime() - 120_000));
    expect(early).toEqual([{ weekStart: addWeeks(WEEK, -1), percentBp: 500, credited: 0, amount: 0 }]);

    const promoBefore = await promoBalance();
    const reports = await Promise.all([runCashback(t.ctx.db, afterWeek(WEEK)), runCashback(t.ctx.db, afterWeek(WEEK))]);
    const credited = reports.flat().reduce((n, r) => n + r.credited, 0);
    expect(credited).toBe(2);
    expect(reports.flat().every((r) => r.weekStart === WEEK && r.percentBp === 500)).toBe(true);

    expect((await balancesOf(t, bob.id)).p_balance).toBe(650); // 5 % of 5,000 + 8,000
    expect((await balancesOf(t, erin.id)).p_balance).toBe(617); // floor(617.25)
    for (const p of [alice, carol, dave, op]) expect((await balancesOf(t, p.id)).p_balance).toBe(0);
    expect(await count(t, sql`select count(*)::int as n from cashback_credits where week_start = ${WEEK}::date`)).toBe(2);
    expect(await count(t, sql`select count(*)::int as n from journals where kind = 'cashback'`)).toBe(2);
    expect(await promoBalance()).toBe(promoBefore - 1_267);
    const [week] = rowsOf<{ players: number; total: number; finished: boolean }>(
      await t.ctx.db.execute(
        sql`select players, total, finished_at is not null as finished from cashback_weeks where week_start = ${WEEK}::date`,
      ),
    );
    expect({ players: Number(week?.players), total: Number(week?.total), finished: week?.finished }).toEqual({
      players: 2,
      total: 1_267,
      finished: true,
    });

    // Running again, later the same week, credits nothing more.
    expect(await runCashback(t.ctx.db, new Date(afterWeek(WEEK).getTime() + 86_400_000))).toEqual([]);
    expect(await count(t, sql`select count(*)::int as n from journals where kind = 'cashback'`)).toBe(2);
    await expectLedgerClean(t);
  }, 60_000);

  it("a missed run catches up every closed week; a new percent (audited) applies to the weeks processed after it", async () => {
    const res = await send(t, "PUT", "/api/admin/rewards/cashback/percent", { token: op.token, body: { percent: 10 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ percent: 10 });
    expect(
      await count(
        t,
        sql`select count(*)::int as n from audit_log where action = 'setting.update' and target_id = 'rewards.cashback_percent'`,
      ),
    ).toBe(1);
    for (const bad of [{ percent: 101 }, { percent: -1 }, { percent: 2.555 }, { percent: "5" }, { percent: 5, extra: 1 }]) {
      expectErrorBody(
        await send(t, "PUT", "/api/admin/rewards/cashback/percent", { token: op.token, body: bad }),
        400,
        "VALIDATION_FAILED",
      );
    }
    expectErrorBody(
      await send(t, "PUT", "/api/admin/rewards/cashback/percent", { token: erin.token, body: { percent: 50 } }),
      403,
      "FORBIDDEN",
    );

    await settledRound(t, erin.id, 1_000, 0, inWeek(addWeeks(WEEK, 1)));
    await settledRound(t, erin.id, 2_000, 0, inWeek(addWeeks(WEEK, 2), 150));
    const reports = await runCashback(t.ctx.db, afterWeek(addWeeks(WEEK, 3)));
    expect(reports.map((r) => [r.weekStart, r.credited, r.amount, r.percentBp])).toEqual([
      [addWeeks(WEEK, 1), 2, 100 + 10_000, 1_000],
      [addWeeks(WEEK, 2), 1, 200, 1_000],
      [addWeeks(WEEK, 3), 0, 0, 1_000],
    ]);
    expect((await balancesOf(t, erin.id)).p_balance).toBe(617 + 100 + 200);
    expect((await balancesOf(t, bob.id)).p_balance).toBe(650 + 10_000);

    const overview = await send(t, "GET", "/api/admin/rewards/cashback", { token: op.token });
    expect(overview.statusCode).toBe(200);
    const body = overview.json() as {
      percent: number;
      is_maintain: string;
      weeks: { week_start: string; week_end: string; players: number; total: number; percent: number }[];
    };
    expect(body.percent).toBe(10);
    expect(body.weeks.map((w) => [w.week_start, w.week_end, w.players, w.total, w.percent])).toEqual([
      [addWeeks(WEEK, 3), "2024-06-30", 0, 0, 10],
      [addWeeks(WEEK, 2), "2024-06-23", 1, 200, 10],
      [addWeeks(WEEK, 1), "2024-06-16", 2, 10_100, 10],
      [WEEK, "2024-06-09", 2, 1_267, 5],
      [addWeeks(WEEK, -1), "2024-06-02", 0, 0, 5],
    ]);
    expectErrorBody(await send(t, "GET", "/api/admin/rewards/cashback", { token: erin.token }), 403, "FORBIDDEN");
    await expectLedgerClean(t);
  }, 60_000);

  it("Claim moves floor(p_balance) to main once (idempotent), refused while maintenance is '1' or with nothing to claim", async () => {
    const claim = (token: string, key?: string, body: unknown = {}) =>
      call(t, "POST", "/api/promotion/claim", { token, body, headers: key ? { "idempotency-key": key } : {} });

    await setMaintain(t, "1");
    const before = await moneySnapshot(t.ctx.db);
    const closed = await claim(erin.token, "k-closed");
    expectErrorBody(closed, 422, "CLAIM_MAINTENANCE");
    expectErrorBody(await claim(erin.token), 422, "CLAIM_MAINTENANCE");
    expect((await moneySnapshot(t.ctx.db)).balances).toEqual(before.balances);
    expect((await balancesOf(t, erin.id)).p_balance).toBe(917);

    // The operator opens claiming (the existing, audited maintenance flag).
    expect((await send(t, "PUT", "/api/admin/content/promo_maintain", { token: op.token, body: { is_maintain: "0" } })).statusCode).toBe(
      200,
    );
    expectErrorBody(await claim(erin.token, undefined, { amount: 5 }), 400, "VALIDATION_FAILED");
    expectErrorBody(await call(t, "POST", "/api/promotion/claim", { body: {} }), 401, "UNAUTHENTICATED");

    const mainBefore = (await balancesOf(t, erin.id)).balance;
    const ok = await claim(erin.token, "k-1");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: "917 Ks claimed to your main balance!", amount: 917, balance: mainBefore + 917, p_balance: 0 });
    const replay = await claim(erin.token, "k-1");
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(ok.json());
    expectErrorBody(await claim(erin.token, "k-2"), 422, "NOTHING_TO_CLAIM");
    expectErrorBody(await claim(alice.token), 422, "NOTHING_TO_CLAIM");
    expect((await balancesOf(t, erin.id)).balance).toBe(mainBefore + 917);
    expect(await count(t, sql`select count(*)::int as n from journals where kind = 'promotion_claim' and user_id = ${erin.id}`)).toBe(1);

    // Concurrent claims of one player: one moves the balance, the others find nothing.
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => claim(bob.token, `race-${i}`)));
    expect(results.filter((r) => r.statusCode === 200).map((r) => (r.json() as { amount: number }).amount)).toEqual([10_650]);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(5);
    expect((await balancesOf(t, bob.id)).p_balance).toBe(0);
    await expectLedgerClean(t);
  }, 60_000);

  it("history lists credits and claims newest first, page by page, only the player's own", async () => {
    const first = await call(t, "GET", "/api/promotion/claim/history?limit=2", { token: erin.token });
    expect(first.statusCode).toBe(200);
    const page1 = promotionHistorySchema.parse(first.json());
    expect(page1.data.map((r) => [r.kind, r.amount, r.p_balance_after, r.week_start])).toEqual([
      ["claim", 917, 0, null],
      ["cashback", 200, 917, addWeeks(WEEK, 2)],
    ]);
    expect(page1.next_cursor).not.toBeNull();
    const second = await call(t, "GET", `/api/promotion/claim/history?limit=2&cursor=${page1.next_cursor}`, { token: erin.token });
    const page2 = promotionHistorySchema.parse(second.json());
    expect(page2.data.map((r) => [r.kind, r.amount, r.week_start])).toEqual([
      ["cashback", 100, addWeeks(WEEK, 1)],
      ["cashback", 617, WEEK],
    ]);
    expect(page2.next_cursor).toBeNull();
    expect(
      promotionHistorySchema.parse((await call(t, "GET", "/api/promotion/claim/history", { token: alice.token })).json()).data,
    ).toEqual([]);
    expectErrorBody(await call(t, "GET", "/api/promotion/claim/history?cursor=bad!", { token: erin.token }), 400, "VALIDATION_FAILED");
    expectErrorBody(await call(t, "GET", "/api/promotion/claim/history?limit=0", { token: erin.token }), 400, "VALIDATION_FAILED");
    expectErrorBody(await call(t, "GET", "/api/promotion/claim/history"), 401, "UNAUTHENTICATED");
  });
});
