import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { betLines, betSlips, journals } from "../../db/schema/index.ts";

/** Line updates of settlement and void: each is conditional on the line still being pending. */

/** Players with pending lines on any of these draws. */
export async function selectBettorsOf(tx: Executor, drawIds: readonly number[]): Promise<number[]> {
  if (drawIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ userId: betLines.userId })
    .from(betLines)
    .where(and(inArray(betLines.drawId, [...drawIds]), eq(betLines.status, "pending")));
  return rows.map((r) => r.userId);
}

/** The next players (ascending id) with pending lines on a draw. */
export async function selectPendingUsers(tx: Executor, drawId: number, limit: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ userId: betLines.userId })
    .from(betLines)
    .where(and(eq(betLines.drawId, drawId), eq(betLines.status, "pending")))
    .orderBy(asc(betLines.userId))
    .limit(limit);
  return rows.map((r) => r.userId);
}

export interface WonLine {
  id: number;
  userId: number;
  amount: number;
  odds: number;
  win_amount: number;
}

export interface SettledLines {
  /** The lines that won, with the amount each pays. */
  won: WonLine[];
  /** Per player, the stakes of all the lines just settled (won and lost). */
  staked: Map<number, number>;
}

/**
 * Marks these players' pending lines of a draw won (their number is the result; win = stake × odds)
 * or lost, in one conditional statement: a line already settled is never touched again. Answers the
 * winning lines and each player's settled stakes (not every lost line).
 */
export async function settlePendingLinesOf(
  tx: Executor,
  drawId: number,
  userIds: readonly number[],
  result: string,
): Promise<SettledLines> {
  if (userIds.length === 0) return { won: [], staked: new Map() };
  const res = await tx.execute(sql`
    with s as (
      update bet_lines
         set status = case when number = ${result} then 'won' else 'lost' end,
             win_amount = case when number = ${result} then amount * odds else 0 end,
             settled_at = now()
       where draw_id = ${drawId} and user_id = any(${sql.param([...userIds])}::bigint[]) and status = 'pending'
       returning id, user_id, amount, odds, status, win_amount)
    select id, user_id, amount, odds, win_amount, null::bigint as staked from s where status = 'won'
    union all
    select null, user_id, null, null, null, sum(amount)::bigint from s group by user_id`);
  const won: WonLine[] = [];
  const staked = new Map<number, number>();
  for (const r of rowsOf<{
    id: number | null;
    user_id: number;
    amount: number | null;
    odds: number | null;
    win_amount: number | null;
    staked: number | null;
  }>(res)) {
    if (r.staked !== null) {
      staked.set(Number(r.user_id), Number(r.staked));
    } else {
      won.push({
        id: Number(r.id),
        userId: Number(r.user_id),
        amount: Number(r.amount),
        odds: Number(r.odds),
        win_amount: Number(r.win_amount),
      });
    }
  }
  return { won, staked };
}

/** Records the payout journal of each won line, in one statement. */
export async function setLineJournals(tx: Executor, lines: readonly { lineId: number; journalId: number }[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.execute(sql`
    update bet_lines l set settled_journal_id = v.journal_id
      from unnest(${sql.param(lines.map((l) => l.lineId))}::bigint[], ${sql.param(lines.map((l) => l.journalId))}::bigint[]) as v(id, journal_id)
     where l.id = v.id`);
}

export interface PendingSlip {
  slipId: number;
  userId: number;
  journalId: number | null;
}

/** Slips of a draw that still have pending lines with their stake journal, by player then slip (the lock order of refunds). */
export async function selectPendingSlips(tx: Executor, drawId: number): Promise<PendingSlip[]> {
  const rows = await tx
    .selectDistinct({ slipId: betSlips.id, userId: betSlips.userId, journalId: journals.id })
    .from(betSlips)
    .innerJoin(betLines, eq(betLines.slipId, betSlips.id))
    .leftJoin(journals, eq(journals.uniqueKey, sql`'bet:' || ${betSlips.id}::text`))
    .where(and(eq(betSlips.drawId, drawId), eq(betLines.status, "pending")))
    .orderBy(asc(betSlips.userId), asc(betSlips.id));
  return rows;
}

/** Marks a slip's pending lines refunded; answers how many changed. */
export async function refundLinesOfSlip(tx: Executor, slipId: number, journalId: number): Promise<number> {
  const rows = await tx
    .update(betLines)
    .set({ status: "refunded", winAmount: 0, settledJournalId: journalId, settledAt: sql`now()` })
    .where(and(eq(betLines.slipId, slipId), eq(betLines.status, "pending")))
    .returning({ id: betLines.id });
  return rows.length;
}
