import { adminPointsSchema, pointClaimResponseSchema, pointHistorySchema, pointListSchema, pointPayoutsSchema } from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { SEED_POINT_WARNING } from "../content/content.seed.ts";
import { postJournal } from "../ledger/ledger.service.ts";
import { balancesOf, call, createUser, expectErrorBody, expectLedgerClean, fund, moneySnapshot, type TestUser } from "../ledger/testing.ts";
import { bet, createDraw, passDrawTime, testScheduler } from "../lottery/lottery.test-helpers.ts";
import { connectTestProvider, nextId, type Player, player, wallet } from "../providers/wallet.test-helpers.ts";
import { DEMO_POINT_REWARDS } from "./points.seed.ts";

const count = async (t: TestApp, query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await t.ctx.db.execute(query))[0]?.n);

/** Points given directly through a journal from the house points account (as settlement issues them). */
async function grantPoints(t: TestApp, userId: number, points: number): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    await postJournal(tx, {
      kind: "test_points",
      userId,
      entries: [
        { account: { userId, kind: "point" }, amount: points },
        { account: { code: "house:points" }, amount: -points },
      ],
    });
  });
}

function send(t: TestApp, method: "PUT" | "POST" | "GET", url: string, token: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function rewardIdOf(t: TestApp, points: number): Promise<number> {
  const list = pointListSchema.parse((await call(t, "GET", "/api/point/list")).json());
  const found = list.data.find((r) => r.points === points);
  if (!found) throw new Error(`no reward of ${points} points`);
  return found.id;
}

/** One casino round through the signed wallet API: the bets, then its result. */
async function playRound(t: TestApp, p: Player, bets: number[], payout: number | null) {
  const round = nextId("r");
  for (const amount of bets) {
    const res = await wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount });
    expect(res.answer.status).toBe("OK");
  }
  if (payout !== null) {
    const credit = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: payout });
    expect(credit.answer.status).toBe("OK");
  }
  return round;
}

describe("points: rewards list, warning, claims and history", () => {
  let t: TestApp;
  let op: TestUser;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { rateLimits: { enabled: false, factor: 1 } } });
    connectTestProvider(t);
    op = await createUser(t, { role: "admin" });
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  it("lists the seeded active rewards in order and the operator's warning, without a token", async () => {
    const list = await call(t, "GET", "/api/point/list");
    expect(list.statusCode).toBe(200);
    const body = pointListSchema.parse(list.json());
    expect(body.kyat_per_point).toBe(1_000);
    expect(body.data.map((r) => [r.points, r.amount])).toEqual(DEMO_POINT_REWARDS.map((r) => [r.points, r.amount]));
    const warning = await call(t, "GET", "/api/point/warning");
    expect(warning.statusCode).toBe(200);
    expect(warning.json()).toEqual({ text: SEED_POINT_WARNING });
  });

  it("a claim spends the reward's points and credits main in one journal; a retry with the key pays nothing more", async () => {
    const p = await createUser(t);
    await grantPoints(t, p.id, 250);
    const rewardId = await rewardIdOf(t, 100);
    const journalsBefore = await count(t, sql`select count(*)::int as n from journals where user_id = ${p.id}`);
    const headers = { "idempotency-key": "claim-1" };
    const first = await call(t, "POST", "/api/point/claim", { token: p.token, body: { point_id: rewardId }, headers });
    expect(first.statusCode).toBe(200);
    expect(pointClaimResponseSchema.parse(first.json())).toMatchObject({
      point_id: rewardId,
      points: 100,
      amount: 1_000,
      balance: 1_000,
      point: 150,
    });
    const again = await call(t, "POST", "/api/point/claim", { token: p.token, body: { point_id: rewardId }, headers });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await balancesOf(t, p.id)).toMatchObject({ balance: 1_000, point: 150 });
    expect(await count(t, sql`select count(*)::int as n from journals where user_id = ${p.id}`)).toBe(journalsBefore + 1);
    expect(await count(t, sql`select count(*)::int as n from point_claims where user_id = ${p.id}`)).toBe(1);
    // The journal: points back to house:points, kyat from the rewards expense account.
    const entries = rowsOf<{ account: string; amount: number }>(
      await t.ctx.db.execute(sql`
        select coalesce(a.code, a.kind) as account, e.amount from journal_entries e
          join ledger_accounts a on a.id = e.account_id join point_claims c on c.journal_id = e.journal_id
         where c.user_id = ${p.id} order by account`),
    ).map((r) => [r.account, Number(r.amount)]);
    expect(entries).toEqual([
      ["house:points", 100],
      ["house:rewards:points", -1_000],
      ["main", 1_000],
      ["point", -100],
    ]);
    // The same key with another reward is a different request.
    const other = await call(t, "POST", "/api/point/claim", { token: p.token, body: { point_id: await rewardIdOf(t, 500) }, headers });
    expectErrorBody(other, 409, "IDEMPOTENCY_MISMATCH");
  });

  it("refuses short points (422, clear message), an inactive reward (422) and an unknown one (404), changing nothing", async () => {
    const p = await createUser(t);
    await grantPoints(t, p.id, 99);
    const before = await moneySnapshot(t.ctx.db);
    const short = await call(t, "POST", "/api/point/claim", { token: p.token, body: { point_id: await rewardIdOf(t, 100) } });
    expectErrorBody(short, 422, "INSUFFICIENT_POINTS");
    expect(short.json()).toMatchObject({ message: "Not enough points for this reward.", details: { needed: 100, point: 99 } });
    const unknown = await call(t, "POST", "/api/point/claim", { token: p.token, body: { point_id: 987_654 } });
    expectErrorBody(unknown, 404, "NOT_FOUND");
    for (const body of [{ point_id: "1" }, { point_id: 1, amount: 5 }, {}, { point_id: 0 }]) {
      expectErrorBody(await call(t, "POST", "/api/point/claim", { token: p.token, body }), 400, "VALIDATION_FAILED");
    }
    expectErrorBody(await call(t, "POST", "/api/point/claim", { body: { point_id: 1 } }), 401, "UNAUTHENTICATED");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);

    const hidden = await send(t, "POST", "/api/admin/points/rewards", op.token, { name: "Old", points: 10, amount: 100, active: false });
    expect(hidden.statusCode).toBe(201);
    const hiddenId = Number(hidden.json().id);
    const list = pointListSchema.parse((await call(t, "GET", "/api/point/list")).json());
    expect(list.data.some((r) => r.id === hiddenId)).toBe(false);
    const inactive = await call(t, "POST", "/api/point/claim", { token: p.token, body: { point_id: hiddenId } });
    expectErrorBody(inactive, 422, "REWARD_INACTIVE");
    expect((await balancesOf(t, p.id)).point).toBe(99);
  });

  it("a casino round earns points for its valid stake when it ends, never at the bet, once per round", async () => {
    const p = await player(t, 50_000);
    const round = await playRound(t, p, [1_500, 1_000], null);
    expect((await balancesOf(t, p.id)).point).toBe(0); // bets alone earn nothing
    const credit = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 0 });
    expect(credit.answer.status).toBe("OK");
    expect((await balancesOf(t, p.id)).point).toBe(2); // 2,500 kyat settled
    // A bonus after the round ended pays money, not more points.
    const bonus = await wallet(t, "credit", {
      player: p.userCode,
      transaction_id: nextId("c"),
      round_id: round,
      amount: 300,
      kind: "bonus",
    });
    expect(bonus.answer.status).toBe("OK");
    expect((await balancesOf(t, p.id)).point).toBe(2);
    // A rolled-back bet is not valid stake.
    const r2 = nextId("r");
    const d1 = nextId("d");
    expect((await wallet(t, "debit", { player: p.userCode, transaction_id: d1, round_id: r2, amount: 4_000 })).answer.status).toBe("OK");
    expect((await wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: r2, amount: 1_000 })).answer.status).toBe(
      "OK",
    );
    expect(
      (await wallet(t, "rollback", { player: p.userCode, transaction_id: nextId("rb"), reference_transaction_id: d1 })).answer.status,
    ).toBe("OK");
    expect(
      (await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: r2, amount: 5_000 })).answer.status,
    ).toBe("OK");
    expect((await balancesOf(t, p.id)).point).toBe(3);
    expect(await count(t, sql`select count(*)::int as n from journals where kind = 'points_casino' and user_id = ${p.id}`)).toBe(2);
  });

  it("a lottery line earns points when its draw settles (at the rate then), never at the bet", async () => {
    const p = await createUser(t);
    await fund(t, p.id, 100_000);
    const drawId = await createDraw(t, "C2D");
    expect((await bet(t, p.token, "C2D", drawId, [{ number: "00", amount: 3_000 }])).statusCode).toBe(201);
    expect((await balancesOf(t, p.id)).point).toBe(0);
    expect((await send(t, "PUT", "/api/admin/points/rate", op.token, { kyat_per_point: 500 })).statusCode).toBe(200);
    const drawAt = await passDrawTime(t, drawId);
    clock.set(new Date(drawAt.getTime() + 1000));
    const report = await testScheduler(t).tick();
    expect(report.errors).toBe(0);
    expect((await balancesOf(t, p.id)).point).toBe(6); // 3,000 kyat at 500 kyat a point
    expect((await send(t, "PUT", "/api/admin/points/rate", op.token, { kyat_per_point: 1_000 })).statusCode).toBe(200);
  });

  it("the history lists earned and spent points newest first, one page at a time", async () => {
    const p = await player(t, 50_000);
    await playRound(t, p, [2_000], 0);
    await grantPoints(t, p.id, 200);
    const claimed = await call(t, "POST", "/api/point/claim", { token: p.token, body: { point_id: await rewardIdOf(t, 100) } });
    expect(claimed.statusCode).toBe(200);
    const first = pointHistorySchema.parse((await call(t, "GET", "/api/point/history?limit=2", { token: p.token })).json());
    expect(first.point).toBe(102);
    expect(first.data.map((r) => [r.kind, r.points, r.point_after, r.amount, r.reward_name])).toEqual([
      ["claim", -100, 102, 1_000, DEMO_POINT_REWARDS[0].name],
      ["other", 200, 202, null, null],
    ]);
    expect(first.next_cursor).not.toBeNull();
    const second = pointHistorySchema.parse(
      (await call(t, "GET", `/api/point/history?limit=2&cursor=${first.next_cursor}`, { token: p.token })).json(),
    );
    expect(second.data.map((r) => [r.kind, r.points, r.point_after])).toEqual([["casino", 2, 2]]);
    expect(second.next_cursor).toBeNull();
    // Only the caller's own points: another player sees an empty history.
    const stranger = await createUser(t);
    expect(pointHistorySchema.parse((await call(t, "GET", "/api/point/history", { token: stranger.token })).json())).toEqual({
      data: [],
      next_cursor: null,
      point: 0,
    });
    expectErrorBody(await call(t, "GET", "/api/point/history?cursor=nope!", { token: p.token }), 400, "VALIDATION_FAILED");
    expectErrorBody(await call(t, "GET", "/api/point/history"), 401, "UNAUTHENTICATED");
  });

  it("operators set the rate and the rewards, every change audited, and see what each reward paid per day", async () => {
    const p = await createUser(t);
    expectErrorBody(await send(t, "GET", "/api/admin/points", p.token), 403, "FORBIDDEN");
    expectErrorBody(await send(t, "PUT", "/api/admin/points/rate", op.token, { kyat_per_point: 0 }), 400, "VALIDATION_FAILED");
    expectErrorBody(await send(t, "PUT", "/api/admin/points/rewards/987654", op.token, { active: false }), 404, "NOT_FOUND");
    expectErrorBody(await send(t, "PUT", "/api/admin/points/rewards/1", op.token, {}), 400, "VALIDATION_FAILED");
    expectErrorBody(
      await send(t, "POST", "/api/admin/points/rewards", op.token, { name: "x", points: 1.5, amount: 10 }),
      400,
      "VALIDATION_FAILED",
    );

    const created = await send(t, "POST", "/api/admin/points/rewards", op.token, { name: "Big", points: 20, amount: 250, sort: 9 });
    expect(created.statusCode).toBe(201);
    const id = Number(created.json().id);
    const changed = await send(t, "PUT", `/api/admin/points/rewards/${id}`, op.token, { amount: 300, name: "Bigger" });
    expect(changed.json()).toMatchObject({ id, name: "Bigger", points: 20, amount: 300, active: true, sort: 9 });
    expect((await send(t, "PUT", "/api/admin/points/rate", op.token, { kyat_per_point: 2_000 })).json()).toEqual({ kyat_per_point: 2_000 });
    const view = adminPointsSchema.parse((await send(t, "GET", "/api/admin/points", op.token)).json());
    expect(view.kyat_per_point).toBe(2_000);
    expect(view.rewards.find((r) => r.id === id)).toMatchObject({ name: "Bigger", amount: 300 });
    const audit = rowsOf<{ action: string; target_id: string }>(
      await t.ctx.db.execute(sql`select action, target_id from audit_log where actor_id = ${op.id} order by id`),
    ).map((r) => [r.action, r.target_id]);
    expect(audit).toEqual(
      expect.arrayContaining([
        ["point_reward.create", String(id)],
        ["point_reward.update", String(id)],
        ["setting.update", "lottery.points"],
      ]),
    );
    await send(t, "PUT", "/api/admin/points/rate", op.token, { kyat_per_point: 1_000 });

    // The reward pays at its amount at claim time; payouts count claims per day and reward.
    await grantPoints(t, p.id, 40);
    for (let i = 0; i < 2; i++)
      expect((await call(t, "POST", "/api/point/claim", { token: p.token, body: { point_id: id } })).statusCode).toBe(200);
    expect(await balancesOf(t, p.id)).toMatchObject({ balance: 600, point: 0 });
    const today = yangonDate(clock.now());
    const payouts = pointPayoutsSchema.parse(
      (await send(t, "GET", `/api/admin/points/payouts?start_date=${today}&end_date=${today}`, op.token)).json(),
    );
    expect(payouts.data.find((r) => r.reward_id === id)).toEqual({
      day: today,
      reward_id: id,
      reward_name: "Bigger",
      claims: 2,
      points: 40,
      amount: 600,
    });
    expect(payouts.total_amount).toBe(payouts.data.reduce((s, r) => s + r.amount, 0));
    expectErrorBody(await send(t, "GET", "/api/admin/points/payouts?start_date=2024-02-30", op.token), 400, "VALIDATION_FAILED");
  });
});
