import { eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { adjustments } from "../../db/schema/index.ts";
import { yangonDayStart } from "../../db/yangon-day.ts";

export interface AdjustmentRow {
  id: number;
  userId: number;
  amount: number;
  reason: string;
  status: "pending" | "applied" | "rejected";
  requestedBy: number;
}

/**
 * What was adjusted today (absolute kyat, applied and pending, not rejected) for the player and by
 * the operator: since 00:00 of the Asia/Yangon day holding `now` (the server's clock). Read under
 * the player's users row lock and the operator's day lock.
 */
export async function adjustedToday(
  tx: Executor,
  userId: number,
  operatorId: number,
  now: Date,
): Promise<{ player: number; operator: number }> {
  const res = await tx.execute(sql`
    select coalesce(sum(abs(amount)) filter (where user_id = ${userId}), 0)::text as player,
           coalesce(sum(abs(amount)) filter (where requested_by = ${operatorId}), 0)::text as operator
      from adjustments
     where (user_id = ${userId} or requested_by = ${operatorId})
       and status in ('applied', 'pending')
       and created_at >= ${yangonDayStart(now)}`);
  const row = rowsOf<{ player: string; operator: string }>(res)[0];
  return { player: Number(row?.player ?? 0), operator: Number(row?.operator ?? 0) };
}

export async function insertAdjustment(
  tx: Executor,
  a: { userId: number; amount: number; reason: string; status: "pending" | "applied"; requestedBy: number },
): Promise<number> {
  const [row] = await tx
    .insert(adjustments)
    .values({ ...a, decidedAt: a.status === "applied" ? sql`now()` : null })
    .returning({ id: adjustments.id });
  if (!row) throw new Error("adjustment insert returned nothing");
  return row.id;
}

/** The adjustment row, locked: it is confirmed or rejected once, however many operators click. */
export async function lockAdjustment(tx: Executor, id: number): Promise<AdjustmentRow | undefined> {
  const rows = await tx
    .select({
      id: adjustments.id,
      userId: adjustments.userId,
      amount: adjustments.amount,
      reason: adjustments.reason,
      status: adjustments.status,
      requestedBy: adjustments.requestedBy,
    })
    .from(adjustments)
    .where(eq(adjustments.id, id))
    .for("update");
  return rows[0];
}

export async function setAdjustmentJournal(tx: Executor, id: number, journalId: number): Promise<void> {
  await tx.update(adjustments).set({ journalId }).where(eq(adjustments.id, id));
}

export async function decideAdjustment(
  tx: Executor,
  id: number,
  d: { status: "applied" | "rejected"; confirmedBy: number; journalId: number | null },
): Promise<void> {
  await tx
    .update(adjustments)
    .set({ status: d.status, confirmedBy: d.confirmedBy, journalId: d.journalId, decidedAt: sql`now()` })
    .where(eq(adjustments.id, id));
}

export interface AdjustmentListRow {
  id: number;
  user_id: number;
  phone: string;
  name: string;
  amount: number;
  reason: string;
  status: "pending" | "applied" | "rejected";
  requested_by: number;
  requested_by_name: string;
  confirmed_by: number | null;
  journal_id: number | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

export async function listAdjustments(db: Executor, status: string | undefined, limit: number): Promise<AdjustmentListRow[]> {
  const where = status ? sql`where a.status = ${status}` : sql``;
  const order = status === "pending" ? sql`a.id asc` : sql`a.id desc`;
  const res = await db.execute(sql`
    select a.id, a.user_id, u.phone, u.name, a.amount, a.reason, a.status, a.requested_by,
           coalesce(nullif(btrim(o.name), ''), o.phone, '#' || a.requested_by::text) as requested_by_name, a.confirmed_by,
           a.journal_id, a.created_at, a.decided_at
      from adjustments a join users u on u.id = a.user_id
      left join users o on o.id = a.requested_by
      ${where}
     order by ${order}
     limit ${limit}`);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rowsOf<AdjustmentListRow>(res).map((r) => ({
    ...r,
    id: Number(r.id),
    user_id: Number(r.user_id),
    amount: Number(r.amount),
    requested_by: Number(r.requested_by),
    confirmed_by: num(r.confirmed_by),
    journal_id: num(r.journal_id),
  }));
}
