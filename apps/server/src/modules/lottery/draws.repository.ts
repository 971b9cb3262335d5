import type { LotteryType } from "@shwe/contracts";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, notExists, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Executor, rowsOf } from "../../db/client.ts";
import { betLines, draws, numberExposure } from "../../db/schema/index.ts";

/** Draw rows: creation by the scheduler, locks for bets / results / settlement, and the scheduler's queues. */
export type DrawRow = typeof draws.$inferSelect;
export type NewDraw = typeof draws.$inferInsert;
/** Column changes of a draw; any column may also take a SQL expression such as now(). */
export type DrawChange = { [K in keyof NewDraw]?: NewDraw[K] | SQL };

export async function findDraw(db: Executor, id: number): Promise<DrawRow | undefined> {
  const rows = await db.select().from(draws).where(eq(draws.id, id)).limit(1);
  return rows[0];
}

/**
 * Locks a draw row: bets take FOR SHARE (many bets at once, while no result, void or settlement can
 * start), results, settlement and void take FOR UPDATE (they wait for the bets in flight).
 */
export async function lockDraw(tx: Executor, id: number, mode: "share" | "update"): Promise<DrawRow | undefined> {
  const rows = await tx.select().from(draws).where(eq(draws.id, id)).for(mode);
  return rows[0];
}

/** True while the database clock is before the draw's cut-off (read at the moment of the call). */
export async function isBeforeCutoffByDbClock(tx: Executor, id: number): Promise<boolean> {
  const res = await tx.execute(sql`select clock_timestamp() < closes_at as open from draws where id = ${id}`);
  return rowsOf<{ open: boolean }>(res)[0]?.open === true;
}

/** The draw of a game at an instant, if any (a game has at most one draw per instant). */
export async function findDrawAt(db: Executor, type: LotteryType, drawAt: Date): Promise<DrawRow | undefined> {
  const rows = await db
    .select()
    .from(draws)
    .where(and(eq(draws.type, type), eq(draws.drawAt, drawAt)))
    .limit(1);
  return rows[0];
}

/**
 * The draw of a game at exactly the time of another draw, compared in the database (a JavaScript date
 * holds milliseconds, the column microseconds).
 */
export async function findDrawAtTimeOf(db: Executor, type: LotteryType, drawId: number): Promise<DrawRow | undefined> {
  const same = alias(draws, "same_time");
  const rows = await db
    .select({ draw: draws })
    .from(draws)
    .innerJoin(same, and(eq(same.id, drawId), eq(same.drawAt, draws.drawAt)))
    .where(eq(draws.type, type))
    .limit(1);
  return rows[0]?.draw;
}

/**
 * The fair draw of a game at exactly the time of another draw, still waiting for its result with its
 * seed secret, locked FOR UPDATE (no bet on it is in flight), with whether anyone bet on it.
 */
export async function lockWaitingFairDrawAtTimeOf(
  tx: Executor,
  type: LotteryType,
  drawId: number,
): Promise<{ id: number; fairCommitment: string | null; fairSeedSecret: string | null; hasBets: boolean } | undefined> {
  const same = alias(draws, "same_time");
  const rows = await tx
    .select({ id: draws.id })
    .from(draws)
    .innerJoin(same, and(eq(same.id, drawId), eq(same.drawAt, draws.drawAt)))
    .where(eq(draws.type, type))
    .limit(1);
  const id = rows[0]?.id;
  if (id === undefined) return undefined;
  const locked = await tx
    .select({
      id: draws.id,
      fairCommitment: draws.fairCommitment,
      fairSeedSecret: draws.fairSeedSecret,
      hasBets: sql<boolean>`exists (select 1 from bet_lines l where l.draw_id = "draws"."id")`,
    })
    .from(draws)
    .where(
      and(
        eq(draws.id, id),
        eq(draws.resultSource, "fair"),
        isNotNull(draws.fairSeedSecret),
        inArray(draws.status, ["open", "closed"]),
        isNull(draws.result),
      ),
    )
    .for("update");
  return locked[0];
}

/** The draws of a game at any of these instants. */
export async function selectDrawsAt(db: Executor, type: LotteryType, drawAts: readonly Date[]): Promise<DrawRow[]> {
  if (drawAts.length === 0) return [];
  return db
    .select()
    .from(draws)
    .where(and(eq(draws.type, type), inArray(draws.drawAt, [...drawAts])));
}

/**
 * Other draws still waiting for their result that share a fair commitment (a 1D draw and the 2D
 * draw at the same time), locked FOR UPDATE so no bet on them is in flight, with whether the
 * database clock is still before their cut-off. A shared seed may only be revealed once every
 * draw it decides has stopped taking bets.
 */
export async function lockPendingDrawsSharingCommitment(
  tx: Executor,
  commitment: string,
  exceptId: number,
): Promise<{ id: number; beforeCutoff: boolean }[]> {
  const rows = await tx
    .select({ id: draws.id })
    .from(draws)
    .where(
      and(eq(draws.fairCommitment, commitment), ne(draws.id, exceptId), inArray(draws.status, ["open", "closed"]), isNull(draws.result)),
    )
    .orderBy(asc(draws.id))
    .for("update");
  const out: { id: number; beforeCutoff: boolean }[] = [];
  for (const r of rows) out.push({ id: r.id, beforeCutoff: await isBeforeCutoffByDbClock(tx, r.id) });
  return out;
}

/** True when another draw still waiting for its result shares this fair commitment (its seed must stay secret). */
export async function hasPendingDrawSharingCommitment(tx: Executor, commitment: string, exceptId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: draws.id })
    .from(draws)
    .where(
      and(eq(draws.fairCommitment, commitment), ne(draws.id, exceptId), inArray(draws.status, ["open", "closed"]), isNull(draws.result)),
    )
    .limit(1);
  return rows.length > 0;
}

/** The draw instants of a game already created after `from`. */
export async function selectDrawTimesAfter(db: Executor, type: LotteryType, from: Date): Promise<Set<number>> {
  const rows = await db
    .select({ drawAt: draws.drawAt })
    .from(draws)
    .where(and(eq(draws.type, type), gt(draws.drawAt, from)));
  return new Set(rows.map((r) => r.drawAt.getTime()));
}

/** Creates a draw unless one of this game already exists at that instant (two servers may both try). */
export async function insertDrawIfMissing(db: Executor, values: NewDraw): Promise<number | undefined> {
  const rows = await db.insert(draws).values(values).onConflictDoNothing().returning({ id: draws.id });
  return rows[0]?.id;
}

/** Marks open draws whose cut-off has passed as closed (informational: bets check the cut-off themselves). */
export async function closeDueDraws(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .update(draws)
    .set({ status: "closed" })
    .where(and(eq(draws.status, "open"), lte(draws.closesAt, now)))
    .returning({ id: draws.id });
  return rows.map((r) => r.id);
}

/**
 * Draws past their draw time that the engine can give a result itself, oldest first: fair draws
 * with their secret seed, and feed draws that have not used up their attempts (manual draws wait
 * for the operators and never crowd these out).
 */
export async function selectDrawsAwaitingResult(db: Executor, now: Date, feedMaxAttempts: number, limit: number): Promise<DrawRow[]> {
  return db
    .select()
    .from(draws)
    .where(
      and(
        inArray(draws.status, ["open", "closed"]),
        isNull(draws.result),
        lte(draws.drawAt, now),
        or(isNotNull(draws.fairSeedSecret), and(eq(draws.resultSource, "feed"), lt(draws.feedAttempts, feedMaxAttempts))),
      ),
    )
    .orderBy(asc(draws.drawAt))
    .limit(limit);
}

/** Draws whose result is final and whose lines are not all settled yet. */
export async function selectDrawsToSettle(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: draws.id })
    .from(draws)
    .where(and(eq(draws.status, "resulted"), isNotNull(draws.confirmedAt)))
    .orderBy(asc(draws.drawAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function updateDraw(tx: Executor, id: number, set: DrawChange): Promise<DrawRow | undefined> {
  const rows = await tx.update(draws).set(set).where(eq(draws.id, id)).returning();
  return rows[0];
}

/** New odds apply to the draws still taking bets; placed lines keep their own. */
export async function updateOpenDrawOdds(tx: Executor, type: LotteryType, odds: number): Promise<void> {
  await tx
    .update(draws)
    .set({ odds })
    .where(and(eq(draws.type, type), eq(draws.status, "open")));
}

/**
 * Draws of a game still waiting for their result (open or closed, no number), locked for an
 * operator change of the game (schedule, off days, result source), with whether anyone bet on them.
 */
export async function lockUnresultedDrawsOf(tx: Executor, type: LotteryType) {
  return tx
    .select({
      id: draws.id,
      drawAt: draws.drawAt,
      closesAt: draws.closesAt,
      status: draws.status,
      fairSeedSecret: draws.fairSeedSecret,
      // Written out: inside a selected expression drizzle leaves the column unqualified, which would mean l.id here.
      hasBets: sql<boolean>`exists (select 1 from bet_lines l where l.draw_id = "draws"."id")`,
    })
    .from(draws)
    .where(and(eq(draws.type, type), inArray(draws.status, ["open", "closed"]), isNull(draws.result)))
    .orderBy(asc(draws.drawAt))
    .for("update");
}

/** Removes draws nobody bet on (their day stopped being a draw day). */
export async function deleteDrawsWithoutBets(tx: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  await tx.delete(numberExposure).where(inArray(numberExposure.drawId, ids));
  const rows = await tx
    .delete(draws)
    .where(and(inArray(draws.id, ids), notExists(tx.select({ one: sql`1` }).from(betLines).where(eq(betLines.drawId, draws.id)))))
    .returning({ id: draws.id });
  return rows.map((r) => r.id);
}

/** The next draw still ahead of `now` of every game (void draws excluded). */
export async function selectNextDrawTimes(db: Executor, now: Date): Promise<Map<string, Date>> {
  const rows = await db
    .select({ type: draws.type, at: sql<Date | string>`min(${draws.drawAt})` })
    .from(draws)
    .where(and(gt(draws.drawAt, now), inArray(draws.status, ["open", "closed", "resulted", "settled"])))
    .groupBy(draws.type);
  return new Map(rows.map((r) => [r.type, new Date(r.at)]));
}

export interface DrawListFilter {
  type?: LotteryType | undefined;
  status?: DrawRow["status"] | undefined;
  limit: number;
}

/** Draws for operators, newest draw time first. */
export async function selectDraws(db: Executor, filter: DrawListFilter): Promise<DrawRow[]> {
  const where = [];
  if (filter.type) where.push(eq(draws.type, filter.type));
  if (filter.status) where.push(eq(draws.status, filter.status));
  return db
    .select()
    .from(draws)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(draws.drawAt))
    .limit(filter.limit);
}

export interface ExposureRow {
  drawId: number;
  number: string;
  staked: number;
  lines: number;
  payout: number;
}

/** Stakes, line counts and potential payouts per number of these draws (refunded lines left out). */
export async function selectExposureOfDraws(db: Executor, drawIds: number[]): Promise<ExposureRow[]> {
  if (drawIds.length === 0) return [];
  const rows = await db
    .select({
      drawId: betLines.drawId,
      number: betLines.number,
      staked: sql<number>`sum(${betLines.amount})::bigint`,
      lines: sql<number>`count(*)::int`,
      payout: sql<number>`sum(${betLines.amount} * ${betLines.odds})::bigint`,
    })
    .from(betLines)
    .where(and(inArray(betLines.drawId, drawIds), ne(betLines.status, "refunded")))
    .groupBy(betLines.drawId, betLines.number);
  return rows.map((r) => ({ ...r, staked: Number(r.staked), lines: Number(r.lines), payout: Number(r.payout) }));
}

/**
 * Demo only: the game's next draw without a result, and the draws of `alongside` games at the same
 * instant (the 1D draw that takes its number from a 2D draw), moved to `now` with betting closed.
 * Answers the game's moved draw, or undefined when it has none.
 */
export async function moveNextDrawTo(tx: Executor, type: LotteryType, alongside: LotteryType[], now: Date): Promise<DrawRow | undefined> {
  // The next draw's time is compared inside the database: a JavaScript date drops its microseconds.
  const nextDrawAt = tx
    .select({ drawAt: draws.drawAt })
    .from(draws)
    .where(and(eq(draws.type, type), isNull(draws.result), inArray(draws.status, ["open", "closed"])))
    .orderBy(asc(draws.drawAt))
    .limit(1);
  const moved = await tx
    .update(draws)
    .set({ drawAt: now, closesAt: sql`least(${draws.closesAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        inArray(draws.type, [type, ...alongside]),
        eq(draws.drawAt, sql`(${nextDrawAt})`),
        isNull(draws.result),
        inArray(draws.status, ["open", "closed"]),
      ),
    )
    .returning();
  return moved.find((d) => d.type === type);
}
