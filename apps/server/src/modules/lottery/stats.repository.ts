import type { LotteryType } from "@shwe/contracts";
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { draws } from "../../db/schema/index.ts";

/** Reads of the results calendar and the number statistics: settled draws of one game in a time window. */

/** Settled draws of a game with a draw time in [from, to), earliest first. */
export async function selectResultsBetween(db: Executor, type: LotteryType, from: Date, to: Date) {
  return db
    .select({ id: draws.id, drawAt: draws.drawAt, result: draws.result, resultSource: draws.resultSource, feedValues: draws.feedValues })
    .from(draws)
    .where(and(eq(draws.type, type), eq(draws.status, "settled"), gte(draws.drawAt, from), lt(draws.drawAt, to)))
    .orderBy(asc(draws.drawAt), asc(draws.id));
}

export interface HitRow {
  kind: "number" | "head" | "tail";
  key: string;
  hits: number;
  lastAt: Date;
  drawsSince: number;
}

/**
 * How often each number, first digit (head) and last digit (tail) came among the settled draws of
 * [from, to), when it last came and how many settled draws of the window followed that; and how
 * many settled draws the window holds. Heads and tails only for numbers of two digits or more.
 */
export async function selectHitCounts(db: Executor, type: LotteryType, from: Date, to: Date): Promise<{ total: number; rows: HitRow[] }> {
  const window = sql`select result, draw_at from draws
     where type = ${type} and status = 'settled' and result is not null and draw_at >= ${from.toISOString()}::timestamptz and draw_at < ${to.toISOString()}::timestamptz`;
  const [totalRes, hitRes] = await Promise.all([
    db.execute(sql`select count(*)::int as n from (${window}) d`),
    db.execute(sql`
      with d as (${window}),
      keyed as (
        select 'number' as kind, result as key, draw_at from d
        union all select 'head', left(result, 1), draw_at from d where length(result) > 1
        union all select 'tail', right(result, 1), draw_at from d where length(result) > 1
      ),
      agg as (select kind, key, count(*)::int as hits, max(draw_at) as last_at from keyed group by kind, key)
      select a.kind, a.key, a.hits, a.last_at, (select count(*)::int from d where d.draw_at > a.last_at) as draws_since
        from agg a
       order by a.kind, a.key`),
  ]);
  const total = Number(rowsOf<{ n: number }>(totalRes)[0]?.n ?? 0);
  const rows = rowsOf<{ kind: HitRow["kind"]; key: string; hits: number; last_at: string | Date; draws_since: number }>(hitRes).map(
    (r) => ({
      kind: r.kind,
      key: r.key,
      hits: Number(r.hits),
      lastAt: new Date(r.last_at),
      drawsSince: Number(r.draws_since),
    }),
  );
  return { total, rows };
}

export interface PastResultRow {
  type: LotteryType;
  drawAt: Date;
  closesAt: Date;
  odds: number;
  result: string;
  feedValues: unknown;
}

/** Inserts settled draws without bets (the demo's past results); a draw already at that time is left alone. Answers how many were new. */
export async function insertPastResults(db: Executor, rows: PastResultRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(draws)
    .values(
      rows.map((r) => ({
        type: r.type,
        drawAt: r.drawAt,
        closesAt: r.closesAt,
        status: "settled" as const,
        odds: r.odds,
        resultSource: "feed" as const,
        result: r.result,
        feedValues: r.feedValues,
        resultedAt: r.drawAt,
        confirmedAt: r.drawAt,
        settledAt: r.drawAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: draws.id });
  return inserted.length;
}
