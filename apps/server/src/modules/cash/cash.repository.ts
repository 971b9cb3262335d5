import { and, asc, eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { cashRequests, paymentMethods, promoCodes, users } from "../../db/schema/index.ts";
import { afterPageKey, type PageRequest, pageTimeOf } from "../ledger/history-page.ts";

export interface PaymentMethodRow {
  id: number;
  name: string;
  logo: string;
  accountName: string;
  accountNumber: string;
  qrImage: string | null;
  minAmount: number;
  maxAmount: number;
  cashinEnabled: boolean;
  cashoutEnabled: boolean;
}

const methodColumns = {
  id: paymentMethods.id,
  name: paymentMethods.name,
  logo: paymentMethods.logo,
  accountName: paymentMethods.accountName,
  accountNumber: paymentMethods.accountNumber,
  qrImage: paymentMethods.qrImage,
  minAmount: paymentMethods.minAmount,
  maxAmount: paymentMethods.maxAmount,
  cashinEnabled: paymentMethods.cashinEnabled,
  cashoutEnabled: paymentMethods.cashoutEnabled,
};

export async function listPaymentMethods(db: Executor, kind: "in" | "out"): Promise<PaymentMethodRow[]> {
  const enabled = kind === "in" ? paymentMethods.cashinEnabled : paymentMethods.cashoutEnabled;
  return db.select(methodColumns).from(paymentMethods).where(eq(enabled, true)).orderBy(asc(paymentMethods.sort), asc(paymentMethods.id));
}

export async function findPaymentMethod(db: Executor, id: number): Promise<PaymentMethodRow | undefined> {
  const rows = await db.select(methodColumns).from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
  return rows[0];
}

export interface PromoRow {
  id: number;
  code: string;
  percent: number;
  multiplier: number;
  active: boolean;
  maxBonus: number | null;
  maxUses: number | null;
  maxUsesPerPlayer: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
}

const promoColumns = {
  id: promoCodes.id,
  code: promoCodes.code,
  percent: promoCodes.percent,
  multiplier: promoCodes.turnoverMultiplier,
  active: promoCodes.active,
  maxBonus: promoCodes.maxBonus,
  maxUses: promoCodes.maxUses,
  maxUsesPerPlayer: promoCodes.maxUsesPerPlayer,
  startsAt: promoCodes.startsAt,
  endsAt: promoCodes.endsAt,
};

export async function findPromoByCode(db: Executor, code: string): Promise<PromoRow | undefined> {
  const rows = await db.select(promoColumns).from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  return rows[0];
}

/** The promo code row locked FOR UPDATE (approvals that may pay its bonus take turns on it). */
export async function lockPromoById(tx: Executor, id: number): Promise<PromoRow | undefined> {
  const rows = await tx.select(promoColumns).from(promoCodes).where(eq(promoCodes.id, id)).for("update");
  return rows[0];
}

/**
 * Uses of a promo code in all and by one player: approved cash-ins that were paid its bonus, plus
 * (withPending) the requests with the code still waiting; `exceptRequestId` leaves one request out.
 */
export async function countPromoUses(
  db: Executor,
  promoId: number,
  userId: number,
  opts: { withPending: boolean; exceptRequestId?: number },
): Promise<{ total: number; player: number }> {
  const counted = opts.withPending
    ? sql`(r.status = 'pending' or (r.status = 'approved' and r.promo_applied))`
    : sql`r.status = 'approved' and r.promo_applied`;
  const except = opts.exceptRequestId === undefined ? sql`` : sql` and r.id <> ${opts.exceptRequestId}`;
  const [row] = rowsOf<{ total: string | number; player: string | number }>(
    await db.execute(sql`
      select count(*) as total, count(*) filter (where r.user_id = ${userId}) as player
        from cash_requests r
       where r.promo_code_id = ${promoId} and r.kind = 'in' and ${counted}${except}`),
  );
  return { total: Number(row?.total ?? 0), player: Number(row?.player ?? 0) };
}

export async function hasPendingCashIn(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: cashRequests.id })
    .from(cashRequests)
    .where(and(eq(cashRequests.userId, userId), eq(cashRequests.kind, "in"), eq(cashRequests.status, "pending")))
    .limit(1);
  return rows.length > 0;
}

export interface NewCashRequest {
  userId: number;
  kind: "in" | "out";
  paymentMethodId: number;
  amount: number;
  lastSixDigits?: string | null;
  promoCodeId?: number | null;
  accountNumber?: string | null;
  holderName?: string | null;
}

/** Inserts a pending request; undefined when the player already has a pending cash-in (partial unique index). */
export async function insertCashRequest(tx: Executor, r: NewCashRequest): Promise<number | undefined> {
  const rows = await tx
    .insert(cashRequests)
    .values({
      userId: r.userId,
      kind: r.kind,
      paymentMethodId: r.paymentMethodId,
      amount: r.amount,
      lastSixDigits: r.lastSixDigits ?? null,
      promoCodeId: r.promoCodeId ?? null,
      accountNumber: r.accountNumber ?? null,
      holderName: r.holderName ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: cashRequests.id });
  return rows[0]?.id;
}

export async function findPasswordHash(db: Executor, userId: number): Promise<{ passwordHash: string; lvl2: number } | undefined> {
  const rows = await db.select({ passwordHash: users.passwordHash, lvl2: users.lvl2 }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

export interface PlayerCashRow {
  id: number;
  kind: "in" | "out";
  amount: number;
  payment_method_id: number;
  payment_method: string;
  last_six_digits: string | null;
  promo_code: string | null;
  bonus: number | string | null;
  account_number: string | null;
  holder_name: string | null;
  status: "pending" | "approved" | "rejected";
  reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
  /** The page key's time (history-page.ts). */
  page_at: string;
}

const playerCashSelect = sql`
  select r.id, r.kind, r.amount, r.payment_method_id, m.name as payment_method, r.last_six_digits,
         p.code as promo_code, coalesce((j.meta ->> 'bonus')::bigint, 0) as bonus,
         r.account_number, r.holder_name, r.status, r.reason, r.created_at, r.decided_at,
         ${pageTimeOf(sql`r.created_at`)} as page_at
    from cash_requests r
    join payment_methods m on m.id = r.payment_method_id
    left join promo_codes p on p.id = r.promo_code_id
    left join journals j on j.unique_key = 'cash_request:' || r.id::text`;

function normalise(rows: PlayerCashRow[]): PlayerCashRow[] {
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    amount: Number(r.amount),
    bonus: Number(r.bonus ?? 0),
    payment_method_id: Number(r.payment_method_id),
  }));
}

/** The player's own requests of one kind created in [from, to), newest first (created_at, id): one page and one more row. */
export async function listPlayerCashRequests(
  db: Executor,
  userId: number,
  kind: "in" | "out",
  from: Date,
  to: Date,
  page: PageRequest,
): Promise<PlayerCashRow[]> {
  const res = await db.execute(sql`${playerCashSelect}
   where r.user_id = ${userId} and r.kind = ${kind}
     and r.created_at >= ${from.toISOString()}::timestamptz and r.created_at < ${to.toISOString()}::timestamptz
     and ${afterPageKey(sql`r.created_at`, sql`r.id`, page.after)}
   order by r.created_at desc, r.id desc
   limit ${page.limit + 1}`);
  return normalise(rowsOf<PlayerCashRow>(res));
}

/** One request, only when it belongs to this player (the owner's id is part of the query). */
export async function findPlayerCashRequest(db: Executor, userId: number, id: number): Promise<PlayerCashRow | undefined> {
  const res = await db.execute(sql`${playerCashSelect} where r.id = ${id} and r.user_id = ${userId}`);
  return normalise(rowsOf<PlayerCashRow>(res))[0];
}
