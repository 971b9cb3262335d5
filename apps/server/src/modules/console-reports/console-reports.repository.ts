import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { yangonDayOf } from "../../db/yangon-day.ts";

type Num = number | string | null;
const n = (v: Num) => Number(v ?? 0);

export interface PnlRow {
  day: string;
  product: "lottery" | "casino";
  game: string;
  stakes: number;
  payouts: number;
  refunds: number;
}

/**
 * Profit and loss per Yangon day and game, from the players' side of the ledger: lottery journals
 * on the main balance (by the draw's game), casino journals on the game balance (by provider).
 */
export async function dailyPnl(db: Executor, from: Date, to: Date): Promise<PnlRow[]> {
  const lottery = rowsOf<{ day: string; game: string; stakes: Num; payouts: Num; refunds: Num }>(
    await db.execute(sql`
      select ${yangonDayOf(sql`j.created_at`)} as day, d.type as game,
             coalesce(-sum(e.amount) filter (where j.kind = 'lottery_bet'), 0) as stakes,
             coalesce(sum(e.amount) filter (where j.kind = 'lottery_win'), 0) as payouts,
             coalesce(sum(e.amount) filter (where j.kind = 'lottery_refund'), 0) as refunds
        from journals j
        join journal_entries e on e.journal_id = j.id
        join ledger_accounts a on a.id = e.account_id and a.user_id is not null and a.kind = 'main'
        join draws d on d.id = (j.meta->>'draw_id')::bigint
       where j.kind in ('lottery_bet', 'lottery_win', 'lottery_refund') and j.created_at >= ${from} and j.created_at < ${to}
       group by 1, 2`),
  );
  const casino = rowsOf<{ day: string; game: string; stakes: Num; payouts: Num }>(
    await db.execute(sql`
      select ${yangonDayOf(sql`j.created_at`)} as day, j.meta->>'provider' as game,
             coalesce(-sum(e.amount) filter (where j.kind in ('casino_bet', 'casino_bet_rollback')), 0) as stakes,
             coalesce(sum(e.amount) filter (where j.kind in ('casino_win', 'casino_bonus', 'casino_jackpot')), 0) as payouts
        from journals j
        join journal_entries e on e.journal_id = j.id
        join ledger_accounts a on a.id = e.account_id and a.user_id is not null and a.kind = 'game'
       where j.kind in ('casino_bet', 'casino_bet_rollback', 'casino_win', 'casino_bonus', 'casino_jackpot')
         and j.created_at >= ${from} and j.created_at < ${to}
       group by 1, 2`),
  );
  return [
    ...lottery.map((r) => ({
      day: r.day,
      product: "lottery" as const,
      game: r.game,
      stakes: n(r.stakes),
      payouts: n(r.payouts),
      refunds: n(r.refunds),
    })),
    ...casino.map((r) => ({
      day: r.day,
      product: "casino" as const,
      game: r.game ?? "",
      stakes: n(r.stakes),
      payouts: n(r.payouts),
      refunds: 0,
    })),
  ].sort((a, b) => a.day.localeCompare(b.day) || a.product.localeCompare(b.product) || a.game.localeCompare(b.game));
}

export interface DrawPnlRow {
  drawId: number;
  type: string;
  drawAt: Date;
  status: string;
  number: string | null;
  stakes: number;
  payouts: number;
  refunds: number;
}

/** Each draw held in the range (by draw time) with its stakes, wins paid and refunds from the ledger. */
export async function drawPnl(db: Executor, from: Date, to: Date): Promise<DrawPnlRow[]> {
  const rows = rowsOf<{
    id: Num;
    type: string;
    draw_at: Date | string;
    status: string;
    result: string | null;
    stakes: Num;
    payouts: Num;
    refunds: Num;
  }>(
    await db.execute(sql`
      with held as (select id, type, draw_at, status, result from draws where draw_at >= ${from} and draw_at < ${to}),
      money as (
        select (j.meta->>'draw_id')::bigint as draw_id,
               coalesce(-sum(e.amount) filter (where j.kind = 'lottery_bet'), 0) as stakes,
               coalesce(sum(e.amount) filter (where j.kind = 'lottery_win'), 0) as payouts,
               coalesce(sum(e.amount) filter (where j.kind = 'lottery_refund'), 0) as refunds
          from journals j
          join journal_entries e on e.journal_id = j.id
          join ledger_accounts a on a.id = e.account_id and a.user_id is not null and a.kind = 'main'
         where j.kind in ('lottery_bet', 'lottery_win', 'lottery_refund')
           and (j.meta->>'draw_id')::bigint in (select id from held)
         group by 1)
      select h.id, h.type, h.draw_at, h.status, h.result, m.stakes, m.payouts, m.refunds
        from held h left join money m on m.draw_id = h.id
       order by h.draw_at, h.type`),
  );
  return rows.map((r) => ({
    drawId: n(r.id),
    type: r.type,
    drawAt: new Date(r.draw_at),
    status: r.status,
    number: r.result,
    stakes: n(r.stakes),
    payouts: n(r.payouts),
    refunds: n(r.refunds),
  }));
}

export interface CashRow {
  day: string;
  paymentMethod: string;
  cashIn: number;
  cashInCount: number;
  cashOut: number;
  cashOutCount: number;
}

/** Money in and out through the payment methods per Yangon day, from the ledger (approved cash-ins, paid cash-outs). */
export async function cashByMethod(db: Executor, from: Date, to: Date): Promise<CashRow[]> {
  const rows = rowsOf<{ day: string; method: string; cash_in: Num; cash_in_count: Num; cash_out: Num; cash_out_count: Num }>(
    await db.execute(sql`
      select ${yangonDayOf(sql`j.created_at`)} as day, coalesce(m.name, 'method ' || c.payment_method_id) as method,
             coalesce(sum(e.amount) filter (where j.kind = 'cash_in' and a.kind = 'main'), 0) as cash_in,
             count(distinct j.id) filter (where j.kind = 'cash_in') as cash_in_count,
             coalesce(-sum(e.amount) filter (where j.kind = 'cash_out_paid' and a.kind = 'hold'), 0) as cash_out,
             count(distinct j.id) filter (where j.kind = 'cash_out_paid') as cash_out_count
        from journals j
        join cash_requests c on j.ref_type = 'cash_request' and c.id = j.ref_id::bigint
        left join payment_methods m on m.id = c.payment_method_id
        join journal_entries e on e.journal_id = j.id
        join ledger_accounts a on a.id = e.account_id and a.user_id is not null
       where j.kind in ('cash_in', 'cash_out_paid') and j.created_at >= ${from} and j.created_at < ${to}
       group by 1, 2
       order by 1, 2`),
  );
  return rows.map((r) => ({
    day: r.day,
    paymentMethod: r.method,
    cashIn: n(r.cash_in),
    cashInCount: n(r.cash_in_count),
    cashOut: n(r.cash_out),
    cashOutCount: n(r.cash_out_count),
  }));
}

/** What players' accounts hold now, by kind (main, game, point, …): players with a balance and the total. */
export async function outstandingBalances(db: Executor): Promise<{ balance: string; players: number; total: number }[]> {
  const rows = rowsOf<{ kind: string; players: Num; total: Num }>(
    await db.execute(sql`
      select a.kind, count(*) filter (where a.balance <> 0) as players, coalesce(sum(a.balance), 0) as total
        from ledger_accounts a join users u on u.id = a.user_id and u.role = 'player'
       group by a.kind order by a.kind`),
  );
  return rows.map((r) => ({ balance: r.kind, players: n(r.players), total: n(r.total) }));
}

export interface RoundCheck {
  provider: string;
  roundId: string;
  userId: number;
  status: string;
  createdAt: Date;
  callbackBets: number;
  callbackPayouts: number;
  roundBet: number;
  roundPayout: number;
  ledgerNet: number;
}

/**
 * The provider rounds started in the range that do not add up: the debits and credits the stored
 * callbacks applied, the round row, and the round's journals on the player's game balance must all
 * agree (bets = round bet, payouts = round payout, ledger = payout − bet). With the number of
 * rounds and stored callbacks in the range.
 */
export async function reconcileRounds(
  db: Executor,
  from: Date,
  to: Date,
): Promise<{ rounds: number; callbacks: number; mismatches: RoundCheck[] }> {
  const rows = rowsOf<{
    provider: string;
    round_id: string;
    user_id: Num;
    status: string;
    created_at: Date | string;
    callback_bets: Num;
    callback_payouts: Num;
    bet: Num;
    payout: Num;
    ledger_net: Num;
  }>(
    await db.execute(sql`
      select r.provider, r.round_id, r.user_id, r.status, r.created_at, r.bet, r.payout,
             coalesce((select sum(t.amount) from provider_transactions t
                        where t.round_ref = r.id and t.action = 'debit' and t.status = 'OK' and not t.placeholder
                          and t.journal_id is not null and t.rolled_back_by is null), 0) as callback_bets,
             coalesce((select sum(t.amount) from provider_transactions t
                        where t.round_ref = r.id and t.action = 'credit' and t.status = 'OK'), 0) as callback_payouts,
             coalesce((select sum(e.amount) from journals j
                        join journal_entries e on e.journal_id = j.id
                        join ledger_accounts a on a.id = e.account_id and a.user_id = r.user_id and a.kind = 'game'
                        where j.ref_type = 'provider_round' and j.ref_id = r.id::text), 0) as ledger_net
        from provider_rounds r
       where r.created_at >= ${from} and r.created_at < ${to}`),
  );
  const callbacks = rowsOf<{ n: Num }>(
    await db.execute(sql`select count(*) as n from provider_callbacks where received_at >= ${from} and received_at < ${to}`),
  )[0]?.n;
  const checks = rows.map((r) => ({
    provider: r.provider,
    roundId: r.round_id,
    userId: n(r.user_id),
    status: r.status,
    createdAt: new Date(r.created_at),
    callbackBets: n(r.callback_bets),
    callbackPayouts: n(r.callback_payouts),
    roundBet: n(r.bet),
    roundPayout: n(r.payout),
    ledgerNet: n(r.ledger_net),
  }));
  const mismatches = checks.filter(
    (c) => c.callbackBets !== c.roundBet || c.callbackPayouts !== c.roundPayout || c.ledgerNet !== c.roundPayout - c.roundBet,
  );
  return { rounds: checks.length, callbacks: n(callbacks ?? 0), mismatches };
}
