import type { ReferralAccrual } from "@shwe/domain";
import { eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../../db/client.ts";
import { referralAccruals } from "../../../db/schema/index.ts";
import { afterPageKey, type PageRequest, pageTimeOf } from "../../ledger/history-page.ts";

/** The player's referees and the share each one's casino losses earned the player. */
export interface RefereeRow {
  id: number;
  phone: string;
  joined_at: Date | string;
  share_earned: number;
  /** The page key's time (history-page.ts). */
  page_at: string;
}

/** The player's referees, newest first (joined, id): one page and one more row. */
export async function listReferees(db: Executor, referrerId: number, page: PageRequest): Promise<RefereeRow[]> {
  const res = await db.execute(sql`
    select u.id, u.phone, u.created_at as joined_at, coalesce(s.total, 0)::bigint as share_earned,
           ${pageTimeOf(sql`u.created_at`)} as page_at
      from users u
      left join (select user_id, sum(referral_share) as total
                   from provider_rounds
                  where referrer_id = ${referrerId}
                  group by user_id) s on s.user_id = u.id
     where u.referred_by = ${referrerId}
       and ${afterPageKey(sql`u.created_at`, sql`u.id`, page.after)}
     order by u.created_at desc, u.id desc
     limit ${page.limit + 1}`);
  return rowsOf<RefereeRow>(res).map((r) => ({ ...r, id: Number(r.id), share_earned: Number(r.share_earned) }));
}

export async function referralTotals(db: Executor, referrerId: number): Promise<{ referCount: number; totalEarned: number }> {
  const res = await db.execute(sql`
    select (select count(*) from users where referred_by = ${referrerId})::int as refer_count,
           (select coalesce(sum(referral_share), 0) from provider_rounds where referrer_id = ${referrerId})::bigint as total_earned`);
  const row = rowsOf<{ refer_count: number; total_earned: number }>(res)[0];
  return { referCount: Number(row?.refer_count ?? 0), totalEarned: Number(row?.total_earned ?? 0) };
}

/**
 * Locks (creating it at zero) a referee's running net-loss row. Called in the settlement's
 * transaction, which already holds the referee's users row lock.
 */
export async function lockReferralAccrual(tx: Executor, refereeId: number, referrerId: number): Promise<ReferralAccrual> {
  await tx.insert(referralAccruals).values({ refereeId, referrerId }).onConflictDoNothing();
  const rows = await tx
    .select({ netLoss: referralAccruals.netLoss, paidLoss: referralAccruals.paidLoss, carry: referralAccruals.carry })
    .from(referralAccruals)
    .where(eq(referralAccruals.refereeId, refereeId))
    .for("update");
  const row = rows[0];
  if (!row) throw new Error(`referral accrual of ${refereeId} missing`);
  return { netLoss: Number(row.netLoss), paidLoss: Number(row.paidLoss), carry: Number(row.carry) };
}

export async function saveReferralAccrual(tx: Executor, refereeId: number, state: ReferralAccrual): Promise<void> {
  await tx
    .update(referralAccruals)
    .set({ netLoss: state.netLoss, paidLoss: state.paidLoss, carry: state.carry, updatedAt: new Date() })
    .where(eq(referralAccruals.refereeId, refereeId));
}
