import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { gscReconcileMismatches } from "../../db/schema/index.ts";

/** One wager as our own records tell it: amounts in whole kyat, status open / settled / rolled_back. */
export interface OurWager {
  wager_code: string;
  member_account: string;
  product_code: number;
  bet: number;
  payout: number;
  status: string;
}

/** Our side of the comparison: the GSC+ wagers whose first movement fell in [start, end). */
export type OurWagerSource = (start: Date, end: Date) => Promise<OurWager[]>;

/**
 * Our GSC+ wagers from provider_rounds, which the GSC+ webhooks write (provider `GSC<product_code>`,
 * round_id = wager_code, bet, payout, status), by the round's creation time.
 */
export function providerRoundsWagerSource(db: Executor): OurWagerSource {
  return async (start, end) => {
    const res = await db.execute(sql`
      select r.round_id as wager_code, u.user_code as member_account, substr(r.provider, 4)::int as product_code,
             r.bet, r.payout, r.status
        from provider_rounds r join users u on u.id = r.user_id
       where r.provider ~ '^GSC[0-9]{1,9}$' and r.created_at >= ${start.toISOString()}::timestamptz and r.created_at < ${end.toISOString()}::timestamptz
       order by r.id`);
    return rowsOf<{
      wager_code: string;
      member_account: string;
      product_code: number | string;
      bet: number | string;
      payout: number | string;
      status: string;
    }>(res).map((r) => ({
      wager_code: r.wager_code,
      member_account: r.member_account,
      product_code: Number(r.product_code),
      bet: Number(r.bet),
      payout: Number(r.payout),
      status: r.status,
    }));
  };
}

/** Whether any GSC+ round (provider `GSC<product_code>`) was created in [start, end). */
export async function hasGscRounds(db: Executor, start: Date, end: Date): Promise<boolean> {
  const res = await db.execute(sql`
    select exists (select 1 from provider_rounds r
                    where r.provider ~ '^GSC[0-9]{1,9}$' and r.created_at >= ${start.toISOString()}::timestamptz
                      and r.created_at < ${end.toISOString()}::timestamptz) as found`);
  return rowsOf<{ found: boolean }>(res)[0]?.found === true;
}

export type MismatchInsert = typeof gscReconcileMismatches.$inferInsert;
export type MismatchRow = typeof gscReconcileMismatches.$inferSelect;

/** Replaces a day's mismatches (a run of a day again starts from a clean slate). */
export async function replaceMismatches(db: Executor, day: string, rows: MismatchInsert[]): Promise<void> {
  await db.delete(gscReconcileMismatches).where(eq(gscReconcileMismatches.day, day));
  for (let i = 0; i < rows.length; i += 500) await db.insert(gscReconcileMismatches).values(rows.slice(i, i + 500));
}

export async function selectMismatches(db: Executor, day: string, limit: number): Promise<MismatchRow[]> {
  return db
    .select()
    .from(gscReconcileMismatches)
    .where(and(eq(gscReconcileMismatches.day, day)))
    .orderBy(asc(gscReconcileMismatches.id))
    .limit(limit);
}
