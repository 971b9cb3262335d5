import { gameReportSchema, transitionHistorySchema } from "@shwe/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { call, expectErrorBody, expectLedgerClean } from "../../ledger/testing.ts";
import { connectTestProvider, expectRoundsReconciled, nextId, type Player, player, wallet } from "../wallet.test-helpers.ts";

async function round(t: TestApp, p: Player, code: string, secret: string, game: string, bet: number, payout: number | null) {
  const roundId = nextId("w");
  const opts = { code, secret };
  const d = await wallet(
    t,
    "debit",
    { player: p.userCode, transaction_id: nextId("d"), round_id: roundId, game_code: game, amount: bet },
    opts,
  );
  expect(d.answer.status).toBe("OK");
  if (payout !== null) {
    const c = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: roundId, amount: payout }, opts);
    expect(c.answer.status).toBe("OK");
  }
  return roundId;
}

describe("game reports", () => {
  let t: TestApp;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await createTestApp({ clock });
    connectTestProvider(t);
    connectTestProvider(t, "BGF", "bgf-test-secret-0123456789");
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await expectRoundsReconciled(t);
    await t.close();
  });

  it("shows exactly the player's own rounds of that provider, with balances, game name and win/lose", async () => {
    const a = await player(t, 100_000);
    const b = await player(t, 100_000);
    const r1 = await round(t, a, "GDG", "gdg-test-secret-0123456789", "gdg-slot-01", 1_000, 0);
    const r2 = await round(t, a, "GDG", "gdg-test-secret-0123456789", "gdg-slot-03", 2_000, 5_000);
    const r3 = await round(t, a, "GDG", "gdg-test-secret-0123456789", "unknown-game", 500, null);
    await round(t, a, "BGF", "bgf-test-secret-0123456789", "bgf-fishing-01", 700, 100);
    await round(t, b, "GDG", "gdg-test-secret-0123456789", "gdg-slot-01", 900, 0);

    const res = await call(t, "GET", "/api/game/report/GDG", { token: a.token });
    expect(res.statusCode).toBe(200);
    const report = gameReportSchema.parse(res.json());
    expect(report.data.map((r) => r.wager_id)).toEqual([r3, r2, r1]);
    const [third, second, first] = report.data;
    expect(first).toMatchObject({
      wager_id: r1,
      p_code: "GDG",
      before_balance: 100_000,
      balance: 99_000,
      bet_amount: 1_000,
      valid_bet_amount: 1_000,
      payout_amount: 0,
      win_lose: -1_000,
      status: "settled",
      slip_game: { g_code: "gdg-slot-01" },
    });
    expect(first?.slip_game.name.length).toBeGreaterThan(0);
    expect(first?.slip_game.name).not.toBe("gdg-slot-01");
    expect(second).toMatchObject({ before_balance: 99_000, balance: 102_000, bet_amount: 2_000, payout_amount: 5_000, win_lose: 3_000 });
    expect(third).toMatchObject({
      status: "open",
      bet_amount: 500,
      valid_bet_amount: 0,
      payout_amount: 0,
      settled_at: null,
      slip_game: { name: "unknown-game", g_code: "unknown-game" },
    });

    const details = await call(t, "GET", "/api/transition/details?p_code=gdg", { token: a.token });
    expect(details.json()).toEqual(res.json());

    const mine = gameReportSchema.parse((await call(t, "GET", "/api/game/report/GDG", { token: b.token })).json());
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]?.bet_amount).toBe(900);

    const summary = transitionHistorySchema.parse((await call(t, "GET", "/api/transition/history", { token: a.token })).json());
    expect(summary.data).toEqual([
      { p_code: "BGF", name: "Bagan Fish", bets: 1, bet_amount: 700, valid_bet_amount: 700, payout_amount: 100, win_lose: -600 },
      {
        p_code: "GDG",
        name: "Golden Dragon Gaming",
        bets: 3,
        bet_amount: 3_500,
        valid_bet_amount: 3_000,
        payout_amount: 5_000,
        win_lose: 1_500,
      },
    ]);
  });

  it("filters by Asia/Yangon days and refuses bad ranges and visitors", async () => {
    const a = await player(t, 10_000);
    await round(t, a, "GDG", "gdg-test-secret-0123456789", "gdg-slot-01", 100, 0);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Yangon" }).format(clock.now());
    const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Yangon" }).format(new Date(clock.now().getTime() + 86_400_000));
    const inRange = await call(t, "GET", `/api/game/report/GDG?start_date=${today}&end_date=${today}`, { token: a.token });
    expect(inRange.json().data).toHaveLength(1);
    const later = await call(t, "GET", `/api/game/report/GDG?start_date=${tomorrow}&end_date=${tomorrow}`, { token: a.token });
    expect(later.json()).toEqual({ data: [], next_cursor: null });
    clock.advance(86_400_000);
    expect((await call(t, "GET", "/api/game/report/GDG", { token: a.token })).json()).toEqual({ data: [], next_cursor: null });
    expect((await call(t, "GET", "/api/transition/history", { token: a.token })).json()).toEqual({ data: [] });
    expectErrorBody(
      await call(t, "GET", `/api/game/report/GDG?start_date=${tomorrow}&end_date=${today}`, { token: a.token }),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(await call(t, "GET", "/api/game/report/GDG?start_date=2024-02-30", { token: a.token }), 400, "VALIDATION_FAILED");
    expectErrorBody(await call(t, "GET", "/api/game/report/GDG?foo=1", { token: a.token }), 400, "VALIDATION_FAILED");
    expectErrorBody(await call(t, "GET", "/api/game/report/GDG"), 401, "UNAUTHENTICATED");
    expectErrorBody(await call(t, "GET", "/api/transition/history"), 401, "UNAUTHENTICATED");
  });
});
