import type { LotteryType } from "@shwe/contracts";
import { commitSeed, newSeed } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/client.ts";
import type { TestApp } from "../../test/test-app.ts";
import { call } from "../ledger/testing.ts";
import { createDrawScheduler, type SchedulerOptions } from "./draw-scheduler.service.ts";

/** Fixtures of the lottery tests (not a test file): draws made directly against the database clock, bets, row counts. */

export interface DrawOptions {
  /** Seconds from the database's now() to the cut-off (negative: already closed). */
  closesIn?: number;
  /** Seconds from the cut-off to the draw. */
  drawAfterClose?: number;
  odds?: number;
  source?: "manual" | "feed" | "fair";
  status?: "open" | "closed";
}

/** A draw whose cut-off is relative to the database clock (bets are decided by it). Answers its id. */
export async function createDraw(t: TestApp, type: LotteryType, opts: DrawOptions = {}): Promise<number> {
  const closesIn = opts.closesIn ?? 3600;
  const drawAfter = opts.drawAfterClose ?? 600;
  const source = opts.source ?? "fair";
  const seed = source === "fair" ? newSeed() : null;
  const commitment = seed ? await commitSeed(seed) : null;
  const res = await t.ctx.db.execute(sql`
    insert into draws (type, draw_at, closes_at, status, odds, result_source, fair_seed_secret, fair_commitment)
    values (${type}, now() + make_interval(secs => ${closesIn + drawAfter}), now() + make_interval(secs => ${closesIn}),
            ${opts.status ?? "open"}, ${opts.odds ?? defaultOdds(type)}, ${source}, ${seed}, ${commitment})
    returning id`);
  return Number(rowsOf<{ id: number }>(res)[0]?.id);
}

function defaultOdds(type: LotteryType): number {
  return { "1D": 9, "2D": 85, "3D": 600, C1D: 9, C2D: 85 }[type];
}

/** Moves a draw's cut-off and draw time just behind the database clock: betting is over and a result may be taken. */
export async function passDrawTime(t: TestApp, drawId: number): Promise<Date> {
  const res = await t.ctx.db.execute(sql`
    update draws set closes_at = clock_timestamp() - interval '2 seconds', draw_at = clock_timestamp() - interval '1 second'
     where id = ${drawId} returning draw_at`);
  return new Date(rowsOf<{ draw_at: string | Date }>(res)[0]?.draw_at ?? 0);
}

export const BET_PATH: Record<LotteryType, string> = {
  "1D": "/api/user/betting_1d",
  "2D": "/api/user/betting",
  "3D": "/api/user/betting_3d",
  C1D: "/api/user/betting_c1d",
  C2D: "/api/user/betting_c2d",
};

export function bet(
  t: TestApp,
  token: string,
  type: LotteryType,
  drawId: number,
  lines: { number: unknown; amount: unknown }[],
  headers: Record<string, string> = {},
) {
  return call(t, "POST", BET_PATH[type], { token, body: { draw_id: drawId, lines }, headers });
}

/** Row counts of the lottery tables (a refused bet must leave them unchanged). */
export async function lotteryCounts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ["draws", "bet_slips", "bet_lines", "number_exposure"]) {
    const res = await t.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    out[table] = Number(rowsOf<{ n: number }>(res)[0]?.n);
  }
  const staked = await t.ctx.db.execute(sql`select coalesce(sum(staked), 0)::bigint as n from number_exposure`);
  out.staked = Number(rowsOf<{ n: number }>(staked)[0]?.n);
  return out;
}

export function testScheduler(t: TestApp, opts: SchedulerOptions = {}) {
  return createDrawScheduler(t.ctx, opts);
}

export async function drawRow(t: TestApp, drawId: number) {
  const res = await t.ctx.db.execute(sql`select * from draws where id = ${drawId}`);
  return rowsOf<Record<string, unknown>>(res)[0];
}

/** Sets a game's stake limits directly (the operator call is tested on its own). */
export async function setLimits(t: TestApp, type: LotteryType, limits: Record<string, number>): Promise<void> {
  const value = {
    value: { min_stake: 100, max_stake: 100_000, max_lines: 100, number_cap: 1_000_000, hot_cap: 200_000, ...limits },
  };
  await t.ctx.db.execute(sql`
    insert into settings (key, value) values (${`lottery.limits.${type}`}, ${JSON.stringify(value)}::jsonb)
    on conflict (key) do update set value = excluded.value`);
}

/** An operator call with any method (the shared `call` helper covers GET and POST). */
export function send(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, opts: { token?: string; body?: unknown } = {}) {
  return t.app.inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}
