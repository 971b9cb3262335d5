import type { LotteryType } from "@shwe/contracts";
import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { betLines, betSlips, draws, lotteryGames, numberExposure, users } from "../../db/schema/index.ts";
import { afterPageKey, type PageRequest, pageTimeOf } from "../ledger/history-page.ts";
import type { DrawRow } from "./draws.repository.ts";

/** Reads of the public lottery pages and the player's slip history. */

/** Draws of a game still taking bets (by the engine clock), earliest first. */
export async function selectOpenDraws(db: Executor, type: LotteryType, now: Date, limit: number): Promise<DrawRow[]> {
  return db
    .select()
    .from(draws)
    .where(and(eq(draws.type, type), eq(draws.status, "open"), gt(draws.closesAt, now)))
    .orderBy(asc(draws.drawAt))
    .limit(limit);
}

/** What is staked on each number of a draw. */
export async function selectExposure(db: Executor, drawId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ number: numberExposure.number, staked: numberExposure.staked })
    .from(numberExposure)
    .where(eq(numberExposure.drawId, drawId));
  return new Map(rows.map((r) => [r.number, r.staked]));
}

/** Draws of enabled games with a draw time in [from, to), ordered by time then game order. */
export async function selectDrawsOfEnabledGames(db: Executor, from: Date, to: Date, type?: LotteryType): Promise<DrawRow[]> {
  const where = [gte(draws.drawAt, from), lt(draws.drawAt, to), eq(lotteryGames.enabled, true)];
  if (type) where.push(eq(draws.type, type));
  const rows = await db
    .select({ draw: draws })
    .from(draws)
    .innerJoin(lotteryGames, eq(lotteryGames.type, draws.type))
    .where(and(...where))
    .orderBy(asc(draws.drawAt), asc(lotteryGames.sort));
  return rows.map((r) => r.draw);
}

/** Settled draws of a game in [from, to), newest first (draw_at, id): one page and one more row, each with its page key's time. */
export async function selectSettledDraws(
  db: Executor,
  type: LotteryType,
  from: Date,
  to: Date,
  page: PageRequest,
): Promise<(DrawRow & { pageAt: string })[]> {
  const rows = await db
    .select({ draw: draws, pageAt: pageTimeOf(draws.drawAt) })
    .from(draws)
    .where(
      and(
        eq(draws.type, type),
        eq(draws.status, "settled"),
        gte(draws.drawAt, from),
        lt(draws.drawAt, to),
        afterPageKey(draws.drawAt, draws.id, page.after),
      ),
    )
    .orderBy(desc(draws.drawAt), desc(draws.id))
    .limit(page.limit + 1);
  return rows.map((r) => ({ ...r.draw, pageAt: r.pageAt }));
}

export async function selectLatestSettledDraw(db: Executor, type: LotteryType): Promise<DrawRow | undefined> {
  const rows = await db
    .select()
    .from(draws)
    .where(and(eq(draws.type, type), eq(draws.status, "settled")))
    .orderBy(desc(draws.drawAt))
    .limit(1);
  return rows[0];
}

/** The winners of a draw, one row per player: stakes on the winning number and what they won, highest win first. */
export async function selectWinners(db: Executor, drawId: number, limit: number) {
  const rows = await db
    .select({
      phone: users.phone,
      betAmount: sql<number>`sum(${betLines.amount})::bigint`,
      winAmount: sql<number>`sum(${betLines.winAmount})::bigint`,
    })
    .from(betLines)
    .innerJoin(users, eq(users.id, betLines.userId))
    .where(and(eq(betLines.drawId, drawId), eq(betLines.status, "won")))
    .groupBy(betLines.userId, users.phone)
    .orderBy(desc(sql`sum(${betLines.winAmount})`), asc(betLines.userId))
    .limit(limit);
  return rows.map((r) => ({ phone: r.phone, betAmount: Number(r.betAmount), winAmount: Number(r.winAmount) }));
}

/** A player's slips of a game placed in [from, to), newest first (created_at, id), with their draw: one page and one more row. */
export async function selectSlipsOf(db: Executor, userId: number, type: LotteryType, from: Date, to: Date, page: PageRequest) {
  return db
    .select({
      id: betSlips.id,
      drawId: betSlips.drawId,
      total: betSlips.total,
      createdAt: betSlips.createdAt,
      drawAt: draws.drawAt,
      drawStatus: draws.status,
      result: draws.result,
      pageAt: pageTimeOf(betSlips.createdAt),
    })
    .from(betSlips)
    .innerJoin(draws, eq(draws.id, betSlips.drawId))
    .where(
      and(
        eq(betSlips.userId, userId),
        eq(betSlips.type, type),
        gte(betSlips.createdAt, from),
        lt(betSlips.createdAt, to),
        afterPageKey(betSlips.createdAt, betSlips.id, page.after),
      ),
    )
    .orderBy(desc(betSlips.createdAt), desc(betSlips.id))
    .limit(page.limit + 1);
}

/** The lines of these slips, in slip order then number. */
export async function selectLinesOfSlips(db: Executor, slipIds: number[]) {
  if (slipIds.length === 0) return [];
  return db
    .select({
      slipId: betLines.slipId,
      number: betLines.number,
      amount: betLines.amount,
      odds: betLines.odds,
      status: betLines.status,
      winAmount: betLines.winAmount,
    })
    .from(betLines)
    .where(inArray(betLines.slipId, slipIds))
    .orderBy(asc(betLines.slipId), asc(betLines.number));
}
