import type { Exclusion, LimitKind, LimitPeriod, StoredLimit } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";

/** A player's protection settings: their self-exclusion, their limits and the reality-check interval. */
export interface ProtectionState {
  exclusion: Exclusion;
  limits: Map<`${LimitKind}:${LimitPeriod}`, StoredLimit>;
  realityCheckMinutes: number | null;
}

type Row = {
  excluded_until: Date | string | null;
  excluded_forever: boolean;
  reality_check_minutes: number | null;
  limits:
    | {
        kind: LimitKind;
        period: LimitPeriod;
        amount: number | string | null;
        pending_amount: number | string | null;
        pending_at: string | null;
      }[]
    | null;
};

const dateOf = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));
const numberOf = (v: number | string | null): number | null => (v === null ? null : Number(v));

function stateOf(row: Row | undefined): ProtectionState | undefined {
  if (!row) return undefined;
  const limits = new Map<`${LimitKind}:${LimitPeriod}`, StoredLimit>();
  for (const l of row.limits ?? []) {
    limits.set(`${l.kind}:${l.period}`, {
      amount: numberOf(l.amount),
      pendingAmount: numberOf(l.pending_amount),
      pendingAt: dateOf(l.pending_at),
    });
  }
  return {
    exclusion: { until: dateOf(row.excluded_until), indefinite: row.excluded_forever },
    limits,
    realityCheckMinutes: row.reality_check_minutes,
  };
}

function selectState(userId: number, lock: boolean) {
  return sql`
    select u.excluded_until, u.excluded_forever, u.reality_check_minutes,
           (select json_agg(json_build_object('kind', l.kind, 'period', l.period, 'amount', l.amount,
                                              'pending_amount', l.pending_amount, 'pending_at', l.pending_at))
              from player_limits l where l.user_id = u.id) as limits
      from users u where u.id = ${userId}
      ${lock ? sql`for no key update of u` : sql``}`;
}

/**
 * The player's users row locked FOR NO KEY UPDATE (after draw and request rows, before ledger
 * accounts, as lockMoneyUser) with their protection settings, in one statement. Every change of a
 * limit or exclusion and every check of one against play takes this lock first, so two slips of
 * one player are checked one after the other, each seeing what the other committed.
 */
export async function lockProtection(tx: Executor, userId: number): Promise<ProtectionState | undefined> {
  return stateOf(rowsOf<Row>(await tx.execute(selectState(userId, true)))[0]);
}

export async function readProtection(db: Executor, userId: number): Promise<ProtectionState | undefined> {
  return stateOf(rowsOf<Row>(await db.execute(selectState(userId, false)))[0]);
}

export type PeriodStarts = Record<LimitPeriod, Date>;
export type Usage = Record<LimitPeriod, number>;

/** Journal kinds that are stakes on the main balance (less voided stakes refunded). */
export const STAKE_KINDS = ["lottery_bet", "lottery_refund", "transfer_in"] as const;
/** Journal kinds whose net on the main balance is the result of play. */
export const LOSS_KINDS = [...STAKE_KINDS, "lottery_win", "transfer_out"] as const;

/**
 * What counts against stake and loss limits in each period: stakes = −Σ main-balance entries of
 * STAKE_KINDS, loss = −Σ of LOSS_KINDS, since each period's start. One statement, by the
 * journals (user_id, kind, created_at) index.
 */
export async function playUsage(tx: Executor, userId: number, starts: PeriodStarts): Promise<{ stake: Usage; loss: Usage }> {
  const earliest = new Date(Math.min(starts.day.getTime(), starts.week.getTime(), starts.month.getTime()));
  const stakeKinds = sql.join(
    STAKE_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  const lossKinds = sql.join(
    LOSS_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  const res = await tx.execute(sql`
    select
      coalesce(-sum(e.amount) filter (where j.kind in (${stakeKinds}) and j.created_at >= ${starts.day}), 0) as stake_day,
      coalesce(-sum(e.amount) filter (where j.kind in (${stakeKinds}) and j.created_at >= ${starts.week}), 0) as stake_week,
      coalesce(-sum(e.amount) filter (where j.kind in (${stakeKinds}) and j.created_at >= ${starts.month}), 0) as stake_month,
      coalesce(-sum(e.amount) filter (where j.created_at >= ${starts.day}), 0) as loss_day,
      coalesce(-sum(e.amount) filter (where j.created_at >= ${starts.week}), 0) as loss_week,
      coalesce(-sum(e.amount) filter (where j.created_at >= ${starts.month}), 0) as loss_month
      from journals j
      join journal_entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id and a.user_id = ${userId} and a.kind = 'main'
     where j.user_id = ${userId} and j.kind in (${lossKinds}) and j.created_at >= ${earliest}`);
  const r = rowsOf<Record<string, number | string>>(res)[0] ?? {};
  const n = (k: string) => Math.max(0, Number(r[k] ?? 0));
  return {
    stake: { day: n("stake_day"), week: n("stake_week"), month: n("stake_month") },
    loss: { day: n("loss_day"), week: n("loss_week"), month: n("loss_month") },
  };
}

/** What counts against deposit limits: cash-in requests waiting or approved, made since each period's start. */
export async function depositUsage(tx: Executor, userId: number, starts: PeriodStarts): Promise<Usage> {
  const earliest = new Date(Math.min(starts.day.getTime(), starts.week.getTime(), starts.month.getTime()));
  const res = await tx.execute(sql`
    select
      coalesce(sum(c.amount) filter (where c.created_at >= ${starts.day}), 0) as day,
      coalesce(sum(c.amount) filter (where c.created_at >= ${starts.week}), 0) as week,
      coalesce(sum(c.amount) filter (where c.created_at >= ${starts.month}), 0) as month
      from cash_requests c
     where c.user_id = ${userId} and c.kind = 'in' and c.status in ('pending', 'approved') and c.created_at >= ${earliest}`);
  const r = rowsOf<Record<string, number | string>>(res)[0] ?? {};
  return { day: Number(r.day ?? 0), week: Number(r.week ?? 0), month: Number(r.month ?? 0) };
}

export async function saveLimit(tx: Executor, userId: number, kind: LimitKind, period: LimitPeriod, limit: StoredLimit): Promise<void> {
  await tx.execute(sql`
    insert into player_limits (user_id, kind, period, amount, pending_amount, pending_at, updated_at)
    values (${userId}, ${kind}, ${period}, ${limit.amount}, ${limit.pendingAmount}, ${limit.pendingAt}, now())
    on conflict (user_id, kind, period) do update
       set amount = excluded.amount, pending_amount = excluded.pending_amount, pending_at = excluded.pending_at, updated_at = now()`);
}

/** Drops a limit row that holds nothing any more (no limit in force, nothing waiting). */
export async function deleteLimit(tx: Executor, userId: number, kind: LimitKind, period: LimitPeriod): Promise<void> {
  await tx.execute(sql`delete from player_limits where user_id = ${userId} and kind = ${kind} and period = ${period}`);
}

export async function saveExclusion(tx: Executor, userId: number, ex: Exclusion): Promise<void> {
  await tx.execute(sql`update users set excluded_until = ${ex.until}, excluded_forever = ${ex.indefinite} where id = ${userId}`);
}

export async function saveRealityCheck(db: Executor, userId: number, minutes: number | null): Promise<void> {
  await db.execute(sql`update users set reality_check_minutes = ${minutes} where id = ${userId}`);
}

/**
 * The result of play on the main and game balances since an instant: net (wins − stakes, lottery
 * and casino) and what was staked (net of refunds and rolled-back bets).
 */
export async function playSummarySince(db: Executor, userId: number, since: Date): Promise<{ net: number; staked: number }> {
  const res = await db.execute(sql`
    select coalesce(sum(e.amount), 0) as net,
           coalesce(-sum(e.amount) filter (where j.kind in ('lottery_bet', 'lottery_refund', 'casino_bet', 'casino_bet_rollback')), 0) as staked
      from journals j
      join journal_entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id and a.user_id = ${userId} and a.kind in ('main', 'game')
     where j.user_id = ${userId} and j.created_at >= ${since}
       and (j.kind in ('lottery_bet', 'lottery_win', 'lottery_refund') or j.kind like 'casino\\_%')`);
  const r = rowsOf<{ net: number | string; staked: number | string }>(res)[0];
  return { net: Number(r?.net ?? 0), staked: Math.max(0, Number(r?.staked ?? 0)) };
}
