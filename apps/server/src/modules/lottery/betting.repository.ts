import type { LotteryType } from "@shwe/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { numberExposure } from "../../db/schema/index.ts";

/** Writes of a bet: the exposure rows of the slip's numbers, the slip and its lines. */

/** What is already staked on these numbers of a draw, read without locks (a first, optimistic check). */
export async function readExposure(tx: Executor, drawId: number, numbers: readonly string[]): Promise<Map<string, number>> {
  if (numbers.length === 0) return new Map();
  const rows = await tx
    .select({ number: numberExposure.number, staked: numberExposure.staked })
    .from(numberExposure)
    .where(and(eq(numberExposure.drawId, drawId), inArray(numberExposure.number, [...new Set(numbers)])));
  return new Map(rows.map((r) => [r.number, r.staked]));
}

/**
 * Creates the missing exposure rows of these numbers (ascending). A row another bet has just
 * created is waited for here, before this bet holds any hot row.
 */
export async function ensureExposureRows(tx: Executor, drawId: number, numbers: readonly string[]): Promise<void> {
  const sorted = [...new Set(numbers)].sort();
  if (sorted.length === 0) return;
  await tx
    .insert(numberExposure)
    .values(sorted.map((number) => ({ drawId, number, staked: 0 })))
    .onConflictDoNothing();
}

/** Locks existing exposure rows in ascending number order (slips of several numbers never wait on each other in a circle). */
export async function lockExposureRows(tx: Executor, drawId: number, numbers: readonly string[]): Promise<void> {
  const sorted = [...new Set(numbers)].sort();
  if (sorted.length < 2) return;
  await tx
    .select({ number: numberExposure.number })
    .from(numberExposure)
    .where(and(eq(numberExposure.drawId, drawId), inArray(numberExposure.number, sorted)))
    .orderBy(asc(numberExposure.number))
    .for("update");
}

/**
 * In one statement, at the last moment before commit: checks that the database clock is still before
 * the draw's cut-off and adds each line's stake to its number only where the total stays within that
 * number's cap. Answers whether the draw was still open and how many numbers took their stake.
 */
export async function raiseExposure(
  tx: Executor,
  drawId: number,
  lines: readonly { number: string; amount: number; cap: number }[],
): Promise<{ open: boolean; raised: number }> {
  const values = sql.join(
    lines.map((l) => sql`(${l.number}::text, ${l.amount}::bigint, ${l.cap}::bigint)`),
    sql`, `,
  );
  const res = await tx.execute(sql`
    with d as (select clock_timestamp() < closes_at as open from draws where id = ${drawId}),
    v(number, amount, cap) as (values ${values}),
    u as (
      update number_exposure e set staked = e.staked + v.amount
        from v, d
       where d.open and e.draw_id = ${drawId} and e.number = v.number and e.staked + v.amount <= v.cap
      returning e.number)
    select coalesce((select open from d), false) as open, (select count(*) from u)::int as raised`);
  const row = rowsOf<{ open: boolean; raised: number }>(res)[0];
  return { open: row?.open === true, raised: Number(row?.raised ?? 0) };
}

export interface NewSlip {
  userId: number;
  drawId: number;
  type: LotteryType;
  total: number;
  uniqueKey: string | null;
}

/** Inserts the slip (stamped with the database clock at this moment) and its lines in one statement. */
export async function insertSlipWithLines(
  tx: Executor,
  slip: NewSlip,
  lines: readonly { number: string; amount: number; odds: number }[],
): Promise<{ id: number; createdAt: Date }> {
  const values = sql.join(
    lines.map((l) => sql`(${l.number}::text, ${l.amount}::bigint, ${l.odds}::int)`),
    sql`, `,
  );
  const res = await tx.execute(sql`
    with s as (
      insert into bet_slips (user_id, draw_id, type, total, unique_key, created_at)
      values (${slip.userId}, ${slip.drawId}, ${slip.type}, ${slip.total}, ${slip.uniqueKey}, clock_timestamp())
      returning id, created_at),
    l as (
      insert into bet_lines (slip_id, draw_id, user_id, number, amount, odds)
      select s.id, ${slip.drawId}, ${slip.userId}, v.number, v.amount, v.odds from s cross join (values ${values}) as v(number, amount, odds)
      returning 1)
    select id, created_at, (select count(*) from l)::int as lines from s`);
  const row = rowsOf<{ id: number | string; created_at: Date | string; lines: number }>(res)[0];
  if (!row || Number(row.lines) !== lines.length) throw new Error("bet slip insert failed");
  return { id: Number(row.id), createdAt: new Date(row.created_at) };
}
