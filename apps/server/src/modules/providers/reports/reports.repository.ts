import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../../db/client.ts";
import { afterPageKey, type PageRequest, pageTimeOf } from "../../ledger/history-page.ts";

/** The player's rounds (wagers) for the game reports; always filtered by the owner's id in SQL. */
export interface RoundReportRow {
  id: number;
  wager_id: string;
  p_code: string;
  before_balance: number;
  balance: number;
  game_code: string | null;
  game_name: string | null;
  provider_name: string | null;
  bet: number;
  valid_bet: number;
  payout: number;
  status: "open" | "settled" | "rolled_back";
  created_at: Date | string;
  settled_at: Date | string | null;
  /** The page key's time (history-page.ts). */
  page_at: string;
}

/** The player's rounds at one provider started in [from, to), newest first (created_at, id): one page and one more row. */
export async function listRounds(
  db: Executor,
  userId: number,
  provider: string,
  from: Date,
  to: Date,
  page: PageRequest,
): Promise<RoundReportRow[]> {
  const res = await db.execute(sql`
    select r.id, r.round_id as wager_id, r.provider as p_code,
           coalesce(r.before_balance, 0)::bigint as before_balance, coalesce(r.balance_after, 0)::bigint as balance,
           r.game_code, g.name as game_name, p.name as provider_name,
           r.bet, r.valid_bet, r.payout, r.status, r.created_at, r.settled_at, ${pageTimeOf(sql`r.created_at`)} as page_at
      from provider_rounds r
      left join providers p on upper(p.code) = r.provider
      left join games g on g.provider_id = p.id and g.code = r.game_code
     where r.user_id = ${userId} and r.provider = ${provider}
       and r.created_at >= ${from.toISOString()}::timestamptz and r.created_at < ${to.toISOString()}::timestamptz
       and ${afterPageKey(sql`r.created_at`, sql`r.id`, page.after)}
     order by r.created_at desc, r.id desc
     limit ${page.limit + 1}`);
  return rowsOf<RoundReportRow>(res).map((r) => ({
    ...r,
    id: Number(r.id),
    before_balance: Number(r.before_balance),
    balance: Number(r.balance),
    bet: Number(r.bet),
    valid_bet: Number(r.valid_bet),
    payout: Number(r.payout),
  }));
}

export interface ProviderSummaryRow {
  p_code: string;
  name: string;
  bets: number;
  bet_amount: number;
  valid_bet_amount: number;
  payout_amount: number;
}

export async function summariseRounds(db: Executor, userId: number, from: Date, to: Date): Promise<ProviderSummaryRow[]> {
  const res = await db.execute(sql`
    select r.provider as p_code, coalesce(max(p.name), r.provider) as name,
           count(*) filter (where r.status <> 'rolled_back')::int as bets,
           coalesce(sum(r.bet), 0)::bigint as bet_amount,
           coalesce(sum(r.valid_bet), 0)::bigint as valid_bet_amount,
           coalesce(sum(r.payout), 0)::bigint as payout_amount
      from provider_rounds r
      left join providers p on upper(p.code) = r.provider
     where r.user_id = ${userId}
       and r.created_at >= ${from.toISOString()}::timestamptz and r.created_at < ${to.toISOString()}::timestamptz
     group by r.provider
     order by r.provider`);
  return rowsOf<ProviderSummaryRow>(res).map((r) => ({
    p_code: r.p_code,
    name: r.name,
    bets: Number(r.bets),
    bet_amount: Number(r.bet_amount),
    valid_bet_amount: Number(r.valid_bet_amount),
    payout_amount: Number(r.payout_amount),
  }));
}
