import { and, eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { cashRequests, outbox } from "../../db/schema/index.ts";
import { yangonDayStart } from "../../db/yangon-day.ts";

export interface LockedCashRequest {
  id: number;
  userId: number;
  kind: "in" | "out";
  paymentMethodId: number;
  amount: number;
  lastSixDigits: string | null;
  promoCodeId: number | null;
  status: "pending" | "approved" | "rejected";
  /** Set when the approval needs a second operator and one operator has signed it. */
  firstApprovedBy: number | null;
}

/** The request row, locked: two operators deciding at once are served one after the other. */
export async function lockCashRequest(tx: Executor, id: number): Promise<LockedCashRequest | undefined> {
  const rows = await tx
    .select({
      id: cashRequests.id,
      userId: cashRequests.userId,
      kind: cashRequests.kind,
      paymentMethodId: cashRequests.paymentMethodId,
      amount: cashRequests.amount,
      lastSixDigits: cashRequests.lastSixDigits,
      promoCodeId: cashRequests.promoCodeId,
      status: cashRequests.status,
      firstApprovedBy: cashRequests.firstApprovedBy,
    })
    .from(cashRequests)
    .where(eq(cashRequests.id, id))
    .for("update");
  return rows[0];
}

/**
 * Serialises approvals of the same wallet transaction (method, last six digits, amount) so that the
 * 7-day duplicate check cannot be passed by two requests at once.
 */
export async function lockDepositFingerprint(tx: Executor, methodId: number, lastSix: string, amount: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7301, hashtext(${`${methodId}:${lastSix}:${amount}`}))`);
}

export async function approvedDepositWithin(tx: Executor, r: LockedCashRequest, days: number): Promise<number | undefined> {
  const res = await tx.execute(sql`
    select id from cash_requests
     where kind = 'in' and status = 'approved' and id <> ${r.id}
       and payment_method_id = ${r.paymentMethodId} and last_six_digits = ${r.lastSixDigits} and amount = ${r.amount}
       and decided_at > now() - make_interval(days => ${days})
     limit 1`);
  const row = rowsOf<{ id: number | string }>(res)[0];
  return row ? Number(row.id) : undefined;
}

export async function markDecided(
  tx: Executor,
  id: number,
  status: "approved" | "rejected",
  operatorId: number,
  reason: string | null,
  promoApplied = false,
): Promise<void> {
  // An approval by one operator alone is its own first sign-off (it counts towards their running total).
  const firstSignOff =
    status === "approved"
      ? {
          firstApprovedBy: sql`coalesce(${cashRequests.firstApprovedBy}, ${operatorId})`,
          firstApprovedAt: sql`coalesce(${cashRequests.firstApprovedAt}, now())`,
        }
      : {};
  await tx
    .update(cashRequests)
    .set({ status, decidedBy: operatorId, decidedAt: sql`now()`, reason, promoApplied, ...firstSignOff })
    .where(and(eq(cashRequests.id, id), eq(cashRequests.status, "pending")));
}

/** Records the first of two operator sign-offs; the request stays pending until a different operator approves it. */
export async function markFirstApproval(tx: Executor, id: number, operatorId: number): Promise<void> {
  await tx
    .update(cashRequests)
    .set({ firstApprovedBy: operatorId, firstApprovedAt: sql`now()` })
    .where(and(eq(cashRequests.id, id), eq(cashRequests.status, "pending")));
}

/**
 * Cash requests of one kind signed off today (since 00:00 of the Asia/Yangon day holding `now`, the
 * server's clock), for maker-checker:
 * the player's approved or first-signed requests, and those the operator signed first (alone or as
 * the first of two). Rejected requests do not count. Read under the operator's day lock and the
 * player's users row lock.
 */
export async function approvedToday(
  tx: Executor,
  kind: "in" | "out",
  userId: number,
  operatorId: number,
  exceptId: number,
  now: Date,
): Promise<{ player: number; operator: number }> {
  const res = await tx.execute(sql`
    select coalesce(sum(amount) filter (where user_id = ${userId}), 0)::text as player,
           coalesce(sum(amount) filter (where first_approved_by = ${operatorId}), 0)::text as operator
      from cash_requests
     where kind = ${kind} and id <> ${exceptId} and status <> 'rejected'
       and (user_id = ${userId} or first_approved_by = ${operatorId})
       and coalesce(first_approved_at, decided_at) >= ${yangonDayStart(now)}`);
  const row = rowsOf<{ player: string; operator: string }>(res)[0];
  return { player: Number(row?.player ?? 0), operator: Number(row?.operator ?? 0) };
}

/** A durable record of the decision for the player's notifications (web push reads the outbox). */
export async function recordDecisionEvent(tx: Executor, userId: number, payload: Record<string, unknown>): Promise<void> {
  await tx.insert(outbox).values({ topic: "cash_request", userId, payload });
}

export interface AdminCashRow {
  id: number;
  kind: "in" | "out";
  user_id: number;
  phone: string;
  name: string;
  payment_method_id: number;
  payment_method: string;
  amount: number;
  last_six_digits: string | null;
  promo_code: string | null;
  account_number: string | null;
  holder_name: string | null;
  status: "pending" | "approved" | "rejected";
  reason: string | null;
  decided_by: number | null;
  decided_at: Date | string | null;
  first_approved_by: number | null;
  first_approved_at: Date | string | null;
  created_at: Date | string;
}

/** Requests by status and kind; the pending queue oldest first, decided requests newest first. */
export async function listCashRequests(
  db: Executor,
  filter: { status?: string | undefined; kind?: string | undefined; userId?: number; limit: number },
): Promise<AdminCashRow[]> {
  const conds = [sql`true`];
  if (filter.status) conds.push(sql`r.status = ${filter.status}`);
  if (filter.kind) conds.push(sql`r.kind = ${filter.kind}`);
  if (filter.userId !== undefined) conds.push(sql`r.user_id = ${filter.userId}`);
  const order = filter.status === "pending" ? sql`r.id asc` : sql`r.id desc`;
  const res = await db.execute(sql`
    select r.id, r.kind, r.user_id, u.phone, u.name, r.payment_method_id, m.name as payment_method, r.amount,
           r.last_six_digits, p.code as promo_code, r.account_number, r.holder_name, r.status, r.reason,
           r.decided_by, r.decided_at, r.first_approved_by, r.first_approved_at, r.created_at
      from cash_requests r
      join users u on u.id = r.user_id
      join payment_methods m on m.id = r.payment_method_id
      left join promo_codes p on p.id = r.promo_code_id
     where ${sql.join(conds, sql` and `)}
     order by ${order}
     limit ${filter.limit}`);
  return rowsOf<AdminCashRow>(res).map((r) => ({
    ...r,
    id: Number(r.id),
    user_id: Number(r.user_id),
    payment_method_id: Number(r.payment_method_id),
    amount: Number(r.amount),
    decided_by: r.decided_by === null ? null : Number(r.decided_by),
    first_approved_by: r.first_approved_by === null ? null : Number(r.first_approved_by),
  }));
}
