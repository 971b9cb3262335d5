import type { Translations } from "@shwe/contracts";
import { asc, eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { pointClaims, pointRewards } from "../../db/schema/index.ts";
import { yangonDayOf } from "../../db/yangon-day.ts";
import { afterPageKey, type PageRequest, pageTimeOf } from "../ledger/history-page.ts";

/** Points rewards and claims (domain-rules §7). The only code that reads or writes their tables. */

export type RewardRow = typeof pointRewards.$inferSelect;

const rewardOrder = [asc(pointRewards.sort), asc(pointRewards.points), asc(pointRewards.id)];

export async function listActiveRewards(db: Executor): Promise<RewardRow[]> {
  return db
    .select()
    .from(pointRewards)
    .where(eq(pointRewards.active, true))
    .orderBy(...rewardOrder);
}

export async function listAllRewards(db: Executor): Promise<RewardRow[]> {
  return db
    .select()
    .from(pointRewards)
    .orderBy(...rewardOrder);
}

export async function findReward(db: Executor, id: number): Promise<RewardRow | undefined> {
  const rows = await db.select().from(pointRewards).where(eq(pointRewards.id, id)).limit(1);
  return rows[0];
}

/** The reward row locked for an operator's change (a claim reads it without waiting). */
export async function lockReward(tx: Executor, id: number): Promise<RewardRow | undefined> {
  const rows = await tx.select().from(pointRewards).where(eq(pointRewards.id, id)).limit(1).for("update");
  return rows[0];
}

export async function insertReward(
  tx: Executor,
  values: { name: string; nameTranslations: Translations; points: number; amount: number; active: boolean; sort: number },
): Promise<RewardRow> {
  const [row] = await tx.insert(pointRewards).values(values).returning();
  if (!row) throw new Error("point reward insert failed");
  return row;
}

export async function updateReward(
  tx: Executor,
  id: number,
  patch: Partial<{ name: string; nameTranslations: Translations; points: number; amount: number; active: boolean; sort: number }>,
): Promise<RewardRow | undefined> {
  const [row] = await tx
    .update(pointRewards)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(pointRewards.id, id))
    .returning();
  return row;
}

/** Demo rewards go in only while there are none (operators' changes are never overwritten). */
export async function insertRewardsIfNone(
  db: Executor,
  rows: readonly { name: string; points: number; amount: number; sort: number }[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table point_rewards in share row exclusive mode`);
    const existing = await tx.select({ id: pointRewards.id }).from(pointRewards).limit(1);
    if (existing.length > 0) return false;
    await tx.insert(pointRewards).values(rows.map((r) => ({ ...r, active: true })));
    return true;
  });
}

export async function insertClaim(
  tx: Executor,
  values: { userId: number; rewardId: number; points: number; amount: number; journalId: number },
): Promise<number> {
  const [row] = await tx.insert(pointClaims).values(values).returning({ id: pointClaims.id });
  if (!row) throw new Error("point claim insert failed");
  return row.id;
}

/** One movement of a player's point account, with the claim behind it if any. */
export interface PointMoveRow {
  id: number;
  journal_kind: string;
  points: number;
  point_after: number;
  amount: number | null;
  /** The Burmese name and the other languages written (claims only). */
  reward_name: string | null;
  reward_name_translations: unknown;
  created_at: Date | string;
  page_at: string;
}

/** The player's point movements, newest first (time, entry id): one page and one more row. */
export async function listPointMoves(db: Executor, userId: number, page: PageRequest): Promise<PointMoveRow[]> {
  const res = await db.execute(sql`
    select e.id, j.kind as journal_kind, e.amount as points, e.balance_after as point_after,
           c.amount, r.name as reward_name, r.name_translations as reward_name_translations, e.created_at, ${pageTimeOf(sql`e.created_at`)} as page_at
      from ledger_accounts a
      join journal_entries e on e.account_id = a.id
      join journals j on j.id = e.journal_id
      left join point_claims c on c.journal_id = j.id
      left join point_rewards r on r.id = c.reward_id
     where a.user_id = ${userId} and a.kind = 'point'
       and ${afterPageKey(sql`e.created_at`, sql`e.id`, page.after)}
     order by e.created_at desc, e.id desc
     limit ${page.limit + 1}`);
  return rowsOf<PointMoveRow>(res).map((r) => ({
    ...r,
    id: Number(r.id),
    points: Number(r.points),
    point_after: Number(r.point_after),
    amount: r.amount === null ? null : Number(r.amount),
    reward_name_translations:
      typeof r.reward_name_translations === "string" ? (JSON.parse(r.reward_name_translations) as unknown) : r.reward_name_translations,
  }));
}

export interface PayoutRow {
  day: string;
  reward_id: number;
  reward_name: string;
  claims: number;
  points: number;
  amount: number;
}

/** Claims per Asia/Yangon day and reward in [from, to), newest day first. */
export async function payoutsBetween(db: Executor, from: Date, to: Date): Promise<PayoutRow[]> {
  const res = await db.execute(sql`
    select ${yangonDayOf(sql`c.created_at`)} as day, c.reward_id, r.name as reward_name,
           count(*)::int as claims, sum(c.points)::bigint as points, sum(c.amount)::bigint as amount
      from point_claims c
      join point_rewards r on r.id = c.reward_id
     where c.created_at >= ${from.toISOString()}::timestamptz and c.created_at < ${to.toISOString()}::timestamptz
     group by 1, c.reward_id, r.name
     order by 1 desc, c.reward_id`);
  return rowsOf<PayoutRow>(res).map((r) => ({
    ...r,
    reward_id: Number(r.reward_id),
    claims: Number(r.claims),
    points: Number(r.points),
    amount: Number(r.amount),
  }));
}
