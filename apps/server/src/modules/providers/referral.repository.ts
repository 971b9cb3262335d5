import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";

/** The player's referees and the share each one's casino losses earned the player. */
export interface RefereeRow {
  id: number;
  phone: string;
  joined_at: Date | string;
  share_earned: number;
}

const REFEREE_LIMIT = 500;

export async function listReferees(db: Executor, referrerId: number): Promise<RefereeRow[]> {
  const res = await db.execute(sql`
    select u.id, u.phone, u.created_at as joined_at, coalesce(s.total, 0)::bigint as share_earned
      from users u
      left join (select user_id, sum(referral_share) as total
                   from provider_rounds
                  where referrer_id = ${referrerId}
                  group by user_id) s on s.user_id = u.id
     where u.referred_by = ${referrerId}
     order by u.id desc
     limit ${REFEREE_LIMIT}`);
  return rowsOf<RefereeRow>(res).map((r) => ({ ...r, id: Number(r.id), share_earned: Number(r.share_earned) }));
}

export async function referralTotals(db: Executor, referrerId: number): Promise<{ referCount: number; totalEarned: number }> {
  const res = await db.execute(sql`
    select (select count(*) from users where referred_by = ${referrerId})::int as refer_count,
           (select coalesce(sum(referral_share), 0) from provider_rounds where referrer_id = ${referrerId})::bigint as total_earned`);
  const row = rowsOf<{ refer_count: number; total_earned: number }>(res)[0];
  return { referCount: Number(row?.refer_count ?? 0), totalEarned: Number(row?.total_earned ?? 0) };
}
