import { protectionSchema } from "@shwe/contracts";
import { LIMIT_COOLING_MS } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import {
  balancesOf,
  call,
  createUser,
  DEFAULT_PASSWORD,
  expectErrorBody,
  expectLedgerClean,
  fund,
  moneySnapshot,
  type TestUser,
} from "../ledger/testing.ts";
import { betPathCounts, setOneCallBets } from "../lottery/betting.service.ts";
import { bet, createDraw, send } from "../lottery/lottery.test-helpers.ts";
import { connectTestProvider, nextId, userCodeOf, wallet } from "../providers/wallet.test-helpers.ts";

/** A clock the test moves forward (the cooling period of a raised limit). */
function movableClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

const protection = async (t: TestApp, u: TestUser) =>
  protectionSchema.parse((await call(t, "GET", "/api/user/protection", { token: u.token })).json());
const limitOf = async (t: TestApp, u: TestUser, kind: string, period: string) =>
  (await protection(t, u)).limits.find((l) => l.kind === kind && l.period === period);
const setLimit = (t: TestApp, u: TestUser, kind: string, period: string, amount: number | null) =>
  send(t, "PUT", "/api/user/limits", { token: u.token, body: { kind, period, amount } });
const exclude = (t: TestApp, u: TestUser, period: string, password = DEFAULT_PASSWORD) =>
  call(t, "POST", "/api/user/self-exclusion", { token: u.token, body: { period, password } });

describe("player limits: setting them", () => {
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  it("shows every kind and period, with nothing set", async () => {
    const u = await createUser(t);
    const view = await protection(t, u);
    expect(view.limits).toHaveLength(9);
    expect(view.limits.every((l) => l.amount === null && l.remaining === null && l.pending === null)).toBe(true);
    expect(view.self_exclusion).toBeNull();
    expect(view.reality_check_minutes).toBeNull();
    expectErrorBody(await call(t, "GET", "/api/user/protection"), 401, "UNAUTHENTICATED");
  });

  it("applies a first or lower limit at once; a raise or removal waits 24 hours with the lower limit in force", async () => {
    const u = await createUser(t);
    expect((await setLimit(t, u, "stake", "day", 10_000)).statusCode).toBe(200);
    expect(await limitOf(t, u, "stake", "day")).toMatchObject({ amount: 10_000, pending: null, remaining: 10_000 });

    const raised = protectionSchema.parse((await setLimit(t, u, "stake", "day", 50_000)).json());
    const row = raised.limits.find((l) => l.kind === "stake" && l.period === "day");
    expect(row?.amount).toBe(10_000);
    expect(row?.pending?.amount).toBe(50_000);
    expect(new Date(row?.pending?.at ?? 0).getTime() - clock.now().getTime()).toBeGreaterThan(LIMIT_COOLING_MS - 60_000);

    // Lowering meanwhile applies at once and drops the waiting raise.
    await setLimit(t, u, "stake", "day", 8_000);
    expect(await limitOf(t, u, "stake", "day")).toMatchObject({ amount: 8_000, pending: null });

    // A removal waits too, then the limit is gone.
    await setLimit(t, u, "stake", "day", null);
    expect(await limitOf(t, u, "stake", "day")).toMatchObject({ amount: 8_000, pending: { amount: null } });
    clock.advance(LIMIT_COOLING_MS + 1_000);
    expect(await limitOf(t, u, "stake", "day")).toMatchObject({ amount: null, pending: null });
  });

  it("refuses bad input and changes nothing", async () => {
    const u = await createUser(t);
    for (const body of [
      { kind: "stake", period: "day", amount: 0 },
      { kind: "stake", period: "year", amount: 100 },
      { kind: "fun", period: "day", amount: 100 },
      { kind: "stake", period: "day", amount: 1.5 },
      { kind: "stake", period: "day" },
      { kind: "stake", period: "day", amount: 100, extra: 1 },
    ]) {
      expectErrorBody(await send(t, "PUT", "/api/user/limits", { token: u.token, body }), 400, "VALIDATION_FAILED");
    }
    expect((await protection(t, u)).limits.every((l) => l.amount === null)).toBe(true);
  });
});

describe("player limits: enforced in the money transactions", () => {
  let t: TestApp;
  let draw: number;
  beforeAll(async () => {
    t = await createTestApp();
    draw = await createDraw(t, "2D");
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  it("a stake limit refuses the slip that would pass it (422 LIMIT_REACHED) and nothing of it remains", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000);
    await setLimit(t, u, "stake", "day", 5_000);
    const paths = betPathCounts(t.ctx);
    expect((await bet(t, u.token, "2D", draw, [{ number: "11", amount: 3_000 }])).statusCode).toBe(201);
    // A player with limits always takes the general path, where the limits are checked under lock.
    expect(betPathCounts(t.ctx).general).toBe(paths.general + 1);

    const before = await moneySnapshot(t.ctx.db);
    const over = await bet(t, u.token, "2D", draw, [{ number: "12", amount: 2_500 }]);
    expectErrorBody(over, 422, "LIMIT_REACHED");
    expect((over.json() as { details: unknown }).details).toEqual({ kind: "stake", period: "day", limit: 5_000, remaining: 2_000 });
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
    expect((await bet(t, u.token, "2D", draw, [{ number: "12", amount: 2_000 }])).statusCode).toBe(201);
    expect(await limitOf(t, u, "stake", "day")).toMatchObject({ used: 5_000, remaining: 0 });
  });

  it("a loss limit counts stakes and moves to the game balance, less what came back", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000);
    await setLimit(t, u, "loss", "week", 10_000);
    expect((await call(t, "POST", "/api/user/transfer_in", { token: u.token, body: { amount: 6_000 } })).statusCode).toBe(200);
    expect((await call(t, "POST", "/api/user/transfer_out", { token: u.token, body: { amount: 2_000 } })).statusCode).toBe(200);
    expect(await limitOf(t, u, "loss", "week")).toMatchObject({ used: 4_000, remaining: 6_000 });
    expectErrorBody(await bet(t, u.token, "2D", draw, [{ number: "21", amount: 6_100 }]), 422, "LIMIT_REACHED");
    expectErrorBody(await call(t, "POST", "/api/user/transfer_in", { token: u.token, body: { amount: 6_100 } }), 422, "LIMIT_REACHED");
    expect((await bet(t, u.token, "2D", draw, [{ number: "21", amount: 6_000 }])).statusCode).toBe(201);
    expect((await balancesOf(t, u.id)).balance).toBe(100_000 - 6_000 + 2_000 - 6_000);
  });

  it("a deposit limit counts cash-in requests waiting or approved", async () => {
    const u = await createUser(t);
    await setLimit(t, u, "deposit", "month", 30_000);
    const cashIn = (amount: number) =>
      call(t, "POST", "/api/cash-in", { token: u.token, body: { payment_method_id: 1, amount, last_six_digits: "123456" } });
    expectErrorBody(await cashIn(30_001), 422, "LIMIT_REACHED");
    const first = await cashIn(20_000);
    expect(first.statusCode).toBe(201);
    // The waiting request counts, and still counts once approved; a rejected one does not.
    expectErrorBody(await cashIn(10_001), 422, "LIMIT_REACHED");
    const op = await createUser(t, { role: "operator" });
    const id = (first.json() as { id: number }).id;
    expect((await call(t, "POST", `/api/admin/cash-requests/${id}/approve`, { token: op.token, body: {} })).statusCode).toBe(200);
    expectErrorBody(await cashIn(10_001), 422, "LIMIT_REACHED");
    const second = await cashIn(10_000);
    expect(second.statusCode).toBe(201);
    const secondId = (second.json() as { id: number }).id;
    await call(t, "POST", `/api/admin/cash-requests/${secondId}/reject`, { token: op.token, body: { reason: "not received" } });
    expect(await limitOf(t, u, "deposit", "month")).toMatchObject({ used: 20_000, remaining: 10_000 });
  });

  it("racing slips never pass a loss limit", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 1_000_000);
    await setLimit(t, u, "loss", "day", 10_000);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        bet(t, u.token, "2D", draw, [{ number: String(30 + (i % 60)).padStart(2, "0"), amount: 1_000 }]),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 201).length;
    expect(accepted).toBe(10);
    expect(results.filter((r) => r.statusCode === 422).every((r) => (r.json() as { code: string }).code === "LIMIT_REACHED")).toBe(true);
    const staked = rowsOf<{ s: number }>(
      await t.ctx.db.execute(sql`select coalesce(sum(total), 0)::int as s from bet_slips where user_id = ${u.id}`),
    )[0];
    expect(staked?.s).toBe(10_000);
    if (!onRealPostgres) console.info("racing slips: PGlite runs one transaction at a time; set TEST_DATABASE_URL for real concurrency");
  });
});

describe("self-exclusion", () => {
  let t: TestApp;
  let draw: number;
  beforeAll(async () => {
    t = await createTestApp();
    connectTestProvider(t);
    draw = await createDraw(t, "2D");
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  it("needs the password, and changes nothing without it", async () => {
    const u = await createUser(t);
    expectErrorBody(await exclude(t, u, "1w", "not-the-password"), 422, "WRONG_PASSWORD");
    expectErrorBody(
      await call(t, "POST", "/api/user/self-exclusion", { token: u.token, body: { period: "2y", password: DEFAULT_PASSWORD } }),
      400,
      "VALIDATION_FAILED",
    );
    expect((await protection(t, u)).self_exclusion).toBeNull();
  });

  it("refuses bets, moves to the game balance, cash-in, game launch and provider debits; history, moving money back and cash-out stay open", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000);
    await fund(t, u.id, 5_000, "game");
    // As if the player had moved money to the game balance before excluding themselves.
    await t.ctx.db.execute(sql`update users set has_transferred_in = true where id = ${u.id}`);
    const res = await exclude(t, u, "1m");
    expect(res.statusCode).toBe(200);
    const view = protectionSchema.parse(res.json());
    expect(view.self_exclusion?.indefinite).toBe(false);
    expect(new Date(view.self_exclusion?.until ?? 0).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const before = await moneySnapshot(t.ctx.db);
    expectErrorBody(await bet(t, u.token, "2D", draw, [{ number: "44", amount: 1_000 }]), 403, "SELF_EXCLUDED");
    expectErrorBody(await call(t, "POST", "/api/user/transfer_in", { token: u.token, body: { amount: 1_000 } }), 403, "SELF_EXCLUDED");
    expectErrorBody(
      await call(t, "POST", "/api/cash-in", { token: u.token, body: { payment_method_id: 1, amount: 10_000, last_six_digits: "123456" } }),
      403,
      "SELF_EXCLUDED",
    );
    expectErrorBody(
      await call(t, "POST", "/api/getgamelaunch", { token: u.token, body: { p_code: "GDG", cate_code: "slot", g_code: "gdg-slot-01" } }),
      403,
      "SELF_EXCLUDED",
    );
    const code = await userCodeOf(t, u.id);
    const debit = await wallet(t, "debit", { player: code, transaction_id: nextId("d"), round_id: nextId("r"), amount: 100 });
    expect(debit.answer.status).toBe("PLAYER_BLOCKED");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);

    expect((await call(t, "GET", "/api/user/transfer_in_his", { token: u.token })).statusCode).toBe(200);
    const back = await call(t, "POST", "/api/user/transfer_out", { token: u.token, body: { amount: 5_000 } });
    expect(back.json()).toMatchObject({ game_balance: 0 });
    const out = await call(t, "POST", "/api/cash-out", {
      token: u.token,
      body: { payment_method_id: 1, amount: 10_000, account_number: "09791234567", holder_name: "Aung Aung", password: DEFAULT_PASSWORD },
    });
    expect(out.statusCode).toBe(201);
  });

  it("answers the break first: before the balance, the slip's own problems and the first transfer, on both bet paths", async () => {
    const u = await createUser(t);
    expect((await exclude(t, u, "1w")).statusCode).toBe(200);
    const before = await moneySnapshot(t.ctx.db);
    for (const oneCall of [true, false]) {
      setOneCallBets(t.ctx, oneCall);
      // No money at all: the break is the answer, not "Insufficient main balance.".
      expectErrorBody(await bet(t, u.token, "2D", draw, [{ number: "44", amount: 1_000 }]), 403, "SELF_EXCLUDED");
      expectErrorBody(
        await bet(t, u.token, "2D", draw, [
          { number: "45", amount: 1_000 },
          { number: "45", amount: 1_000 },
        ]),
        403,
        "SELF_EXCLUDED",
      );
    }
    setOneCallBets(t.ctx, true);
    expectErrorBody(await call(t, "POST", "/api/user/transfer_in", { token: u.token, body: { amount: 1_000 } }), 403, "SELF_EXCLUDED");
    expectErrorBody(
      await call(t, "POST", "/api/getgamelaunch", { token: u.token, body: { p_code: "GDG", cate_code: "slot", g_code: "gdg-slot-01" } }),
      403,
      "SELF_EXCLUDED",
    );
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("is never shortened, by the player or anyone else, and indefinite stays indefinite", async () => {
    const u = await createUser(t);
    const month = protectionSchema.parse((await exclude(t, u, "1m")).json()).self_exclusion;
    const again = protectionSchema.parse((await exclude(t, u, "1d")).json()).self_exclusion;
    expect(again).toEqual(month);
    const forever = protectionSchema.parse((await exclude(t, u, "indefinite")).json()).self_exclusion;
    expect(forever).toEqual({ until: null, indefinite: true });
    expect(protectionSchema.parse((await exclude(t, u, "6m")).json()).self_exclusion).toEqual({ until: null, indefinite: true });
    // No console route writes the exclusion: unblocking a player leaves it in force.
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/exclusion.*\((PUT|DELETE|PATCH)/);
    expectErrorBody(await call(t, "POST", "/api/user/transfer_in", { token: u.token, body: { amount: 1 } }), 403, "SELF_EXCLUDED");
  });
});

describe("reality check", () => {
  let t: TestApp;
  let draw: number;
  beforeAll(async () => {
    t = await createTestApp();
    draw = await createDraw(t, "2D");
  });
  afterAll(async () => t.close());

  it("keeps the interval the player chose and answers the net result of play since an instant", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 20_000);
    const since = new Date(Date.now() - 1_000).toISOString();
    expect((await send(t, "PUT", "/api/user/reality-check", { token: u.token, body: { minutes: 30 } })).statusCode).toBe(200);
    expect((await protection(t, u)).reality_check_minutes).toBe(30);
    expectErrorBody(await send(t, "PUT", "/api/user/reality-check", { token: u.token, body: { minutes: 7 } }), 400, "VALIDATION_FAILED");
    expect((await bet(t, u.token, "2D", draw, [{ number: "55", amount: 1_500 }])).statusCode).toBe(201);
    const summary = await call(t, "GET", `/api/user/play-summary?since=${encodeURIComponent(since)}`, { token: u.token });
    expect(summary.json()).toMatchObject({ net: -1_500, staked: 1_500 });
    await send(t, "PUT", "/api/user/reality-check", { token: u.token, body: { minutes: null } });
    expect((await protection(t, u)).reality_check_minutes).toBeNull();
  });
});
