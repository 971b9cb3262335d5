import { addWeeks, fairNumber, weekStarting } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { rowsOf } from "../../db/client.ts";
import type { ManualClock } from "../../lib/clock.ts";
import type { TestApp } from "../../test/test-app.ts";
import { bet, createDraw, drawRow, passDrawTime, testScheduler } from "../lottery/lottery.test-helpers.ts";
import { settleDraw } from "../lottery/settlement.service.ts";
import { CASHBACK_GRACE_MS } from "./cashback.service.ts";

/** Fixtures of the cashback tests (not a test file). */

/** The week the tests play in (a Monday), and an instant inside it. */
export const WEEK = "2024-06-03";
export const inWeek = (weekStart: string, hours = 30) => new Date(weekStarting(weekStart).startsAt.getTime() + hours * 3_600_000);
/** The first instant a run processes the week. */
export const afterWeek = (weekStart: string) => new Date(weekStarting(weekStart).endsAt.getTime() + CASHBACK_GRACE_MS + 60_000);
export { addWeeks };

export const count = async (t: TestApp, query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await t.ctx.db.execute(query))[0]?.n);

/** A settled casino round inserted directly (the stake and payout that count for cashback). */
export async function settledRound(t: TestApp, userId: number, bet: number, payout: number, settledAt: Date): Promise<void> {
  await t.ctx.db.execute(sql`
    insert into provider_rounds (provider, round_id, user_id, bet, payout, valid_bet, status, settled_at)
    values ('GDG', ${`r-${userId}-${Math.random().toString(36).slice(2)}`}, ${userId}, ${bet}, ${payout}, ${bet}, 'settled', ${settledAt.toISOString()}::timestamptz)`);
}

/**
 * A fair C2D draw settled through the real bet and settlement path: each bet is `[token, amounts
 * on the winning number, amounts on losing numbers]`. Its lines are then dated `settledAt`.
 */
export async function settledDraw(
  t: TestApp,
  clock: ManualClock,
  bets: { token: string; win: number; lose: number[] }[],
  settledAt: Date,
): Promise<number> {
  const drawId = await createDraw(t, "C2D");
  const seed = String((await drawRow(t, drawId))?.fair_seed_secret);
  const winning = await fairNumber(seed, drawId, "C2D");
  for (const b of bets) {
    const lines = [
      ...(b.win > 0 ? [{ number: winning, amount: b.win }] : []),
      ...b.lose.map((amount, i) => ({ number: String((Number(winning) + i + 1) % 100).padStart(2, "0"), amount })),
    ];
    expect((await bet(t, b.token, "C2D", drawId, lines)).statusCode).toBe(201);
  }
  const drawAt = await passDrawTime(t, drawId);
  const before = clock.now();
  clock.set(new Date(drawAt.getTime() + 1000));
  await testScheduler(t).tick();
  expect(await settleDraw(t.ctx, drawId)).toBe("settled");
  clock.set(before);
  await t.ctx.db.execute(sql`update bet_lines set settled_at = ${settledAt.toISOString()}::timestamptz where draw_id = ${drawId}`);
  return drawId;
}

export async function setMaintain(t: TestApp, value: "0" | "1"): Promise<void> {
  await t.ctx.db.execute(sql`
    insert into settings (key, value) values ('promo.weekly_maintain', ${JSON.stringify({ value })}::jsonb)
    on conflict (key) do update set value = excluded.value`);
}
