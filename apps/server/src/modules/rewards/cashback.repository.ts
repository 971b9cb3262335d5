import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { afterPageKey, type PageRequest, pageTimeOf } from "../ledger/history-page.ts";

/** SQL of the weekly cashback: processed weeks, each week's net losses, the credits, the history. */

export interface CashbackWeekRow {
  weekStart: string;
  percentBp: number;
  finished: boolean;
}

const dayOf = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** The latest processed (or started) week, and the weeks started but not finished (a run stopped half-way). */
export async function processedWeeks(db: Executor): Promise<{ latest: string | null; unfinished: string[] }> {
  const res = await db.execute(sql`
    select week_start::text as week_start, finished_at is not null as finished from cashback_weeks
     where finished_at is null or week_start = (select max(week_start) from cashback_weeks)
     order by week_start`);
  const rows = rowsOf<{ week_start: string; finished: boolean }>(res);
  const latest = rows.length === 0 ? null : dayOf(rows[rows.length - 1]?.week_start);
  return { latest, unfinished: rows.filter((r) => !r.finished).map((r) => dayOf(r.week_start)) };
}

/**
 * Takes a week up: the first caller fixes its percent, later callers (another run, another server
 * instance) read the percent already fixed.
 */
export async function openWeek(db: Executor, weekStart: string, percentBp: number): Promise<CashbackWeekRow> {
  await db.execute(sql`
    insert into cashback_weeks (week_start, percent_bp) values (${weekStart}::date, ${percentBp})
    on conflict (week_start) do nothing`);
  const res = await db.execute(sql`
    select percent_bp, finished_at is not null as finished from cashback_weeks where week_start = ${weekStart}::date`);
  const row = rowsOf<{ percent_bp: number; finished: boolean }>(res)[0];
  if (!row) throw new Error(`cashback week ${weekStart} vanished`);
  return { weekStart, percentBp: Number(row.percent_bp), finished: Boolean(row.finished) };
}

export interface WeekLoss {
  userId: number;
  staked: number;
  paid: number;
}

/**
 * Each player's settled stakes and payouts of the week, by settlement time in [startsAt, endsAt):
 * lottery lines won or lost (stake, win amount; refunded lines are left out) and casino rounds
 * settled (bet, payout). Only players (not operators), not blocked when the week is processed, with
 * a positive net loss, and not yet credited for this week; ascending id.
 */
export async function weekLosses(db: Executor, weekStart: string, startsAt: Date, endsAt: Date): Promise<WeekLoss[]> {
  const from = startsAt.toISOString();
  const to = endsAt.toISOString();
  const res = await db.execute(sql`
    select x.user_id, sum(x.staked)::bigint as staked, sum(x.paid)::bigint as paid
      from (select user_id, amount as staked, win_amount as paid from bet_lines
             where status in ('won', 'lost') and settled_at >= ${from}::timestamptz and settled_at < ${to}::timestamptz
            union all
            select user_id, bet, payout from provider_rounds
             where status = 'settled' and settled_at >= ${from}::timestamptz and settled_at < ${to}::timestamptz) x
      join users u on u.id = x.user_id
     where u.role = 'player' and not u.blocked
       and not exists (select 1 from cashback_credits c where c.user_id = x.user_id and c.week_start = ${weekStart}::date)
     group by x.user_id
    having sum(x.staked) - sum(x.paid) > 0
     order by x.user_id`);
  return rowsOf<{ user_id: number | string; staked: number | string; paid: number | string }>(res).map((r) => ({
    userId: Number(r.user_id),
    staked: Number(r.staked),
    paid: Number(r.paid),
  }));
}

/**
 * Claims the (player, week) credits (ascending player id). A credit another run has already
 * claimed — committed, or still in flight: the insert waits for it — is skipped. Answers the
 * players whose credit this transaction now owns.
 */
export async function claimCredits(
  tx: Executor,
  weekStart: string,
  credits: readonly { userId: number; netLoss: number; amount: number }[],
): Promise<Set<number>> {
  if (credits.length === 0) return new Set();
  const res = await tx.execute(sql`
    insert into cashback_credits (user_id, week_start, net_loss, amount)
    select v.user_id, ${weekStart}::date, v.net_loss, v.amount
      from unnest(${sql.param(credits.map((c) => c.userId))}::bigint[], ${sql.param(credits.map((c) => c.netLoss))}::bigint[],
                  ${sql.param(credits.map((c) => c.amount))}::bigint[]) with ordinality as v(user_id, net_loss, amount, ord)
     order by v.ord
    on conflict (user_id, week_start) do nothing
    returning user_id`);
  return new Set(rowsOf<{ user_id: number | string }>(res).map((r) => Number(r.user_id)));
}

/** Marks a week processed and records what it paid out (recounted, so a late second run keeps it right). */
export async function finishWeek(db: Executor, weekStart: string): Promise<{ players: number; total: number }> {
  const res = await db.execute(sql`
    update cashback_weeks w
       set finished_at = coalesce(w.finished_at, now()),
           players = c.players,
           total = c.total
      from (select count(*)::int as players, coalesce(sum(amount), 0)::bigint as total
              from cashback_credits where week_start = ${weekStart}::date) c
     where w.week_start = ${weekStart}::date
    returning w.players, w.total`);
  const row = rowsOf<{ players: number; total: number | string }>(res)[0];
  return { players: Number(row?.players ?? 0), total: Number(row?.total ?? 0) };
}

export interface WeekSummaryRow {
  week_start: string;
  percent_bp: number;
  players: number;
  total: number;
  started_at: Date | string;
  finished_at: Date | string | null;
}

/** The latest processed weeks, newest first, with what each has paid out so far. */
export async function listWeeks(db: Executor, limit: number): Promise<WeekSummaryRow[]> {
  const res = await db.execute(sql`
    select w.week_start::text as week_start, w.percent_bp, w.started_at, w.finished_at,
           (select count(*) from cashback_credits c where c.week_start = w.week_start)::int as players,
           (select coalesce(sum(amount), 0) from cashback_credits c where c.week_start = w.week_start)::bigint as total
      from cashback_weeks w
     order by w.week_start desc
     limit ${limit}`);
  return rowsOf<WeekSummaryRow>(res).map((r) => ({
    ...r,
    week_start: dayOf(r.week_start),
    percent_bp: Number(r.percent_bp),
    players: Number(r.players),
    total: Number(r.total),
  }));
}

export interface HistoryRow {
  id: number;
  kind: string;
  amount: number;
  balance_after: number;
  week_start: string | null;
  created_at: Date | string;
  page_at: string;
}

/** The player's cashback credits and claims (journals touching their claimable account), newest first. */
export async function listClaimHistory(db: Executor, userId: number, kinds: readonly string[], page: PageRequest): Promise<HistoryRow[]> {
  const res = await db.execute(sql`
    select j.id, j.kind, e.amount, e.balance_after, j.meta ->> 'week_start' as week_start, j.created_at,
           ${pageTimeOf(sql`j.created_at`)} as page_at
      from journals j
      join journal_entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id and a.user_id = ${userId} and a.kind = 'claimable'
     where j.user_id = ${userId} and j.kind = any(${sql.param([...kinds])}::text[])
       and ${afterPageKey(sql`j.created_at`, sql`j.id`, page.after)}
     order by j.created_at desc, j.id desc
     limit ${page.limit + 1}`);
  return rowsOf<HistoryRow>(res).map((r) => ({ ...r, id: Number(r.id), amount: Number(r.amount), balance_after: Number(r.balance_after) }));
}
