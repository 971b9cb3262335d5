import { type SQL, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { PLAYER_ACCOUNT_KINDS } from "./player-accounts.repository.ts";

/**
 * The ledger auditor: the invariants I1–I8 of reliability.md as SQL queries over the whole
 * database. Run after every money integration test, by `npm run audit:ledger` and by operators
 * (GET /api/admin/ledger/audit). Each query answers the offending rows (at most LIMIT per check).
 */
export interface Violation {
  invariant: string;
  detail: string;
}

export interface AuditReport {
  ok: boolean;
  violations: Violation[];
  skipped: Violation[];
}

const LIMIT = 20;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

type Check = (db: Executor, out: Violation[], skipped: Violation[]) => Promise<void>;

/** I1: every journal has at least two entries and they sum to zero. */
const i1: Check = async (db, out) => {
  const bad = await rows<{ id: number; n: number; total: number }>(
    db,
    sql`select j.id, count(e.id)::int as n, coalesce(sum(e.amount), 0)::bigint as total
          from journals j left join journal_entries e on e.journal_id = j.id
         group by j.id
        having count(e.id) < 2 or coalesce(sum(e.amount), 0) <> 0
         order by j.id limit ${LIMIT}`,
  );
  for (const r of bad) out.push({ invariant: "I1", detail: `journal ${r.id} has ${r.n} entries summing to ${r.total}` });
  const zero = await rows<{ id: number }>(db, sql`select id from journal_entries where amount = 0 limit ${LIMIT}`);
  for (const r of zero) out.push({ invariant: "I1", detail: `entry ${r.id} has amount 0` });
};

/** I2: the balances of all accounts (players, house, external) sum to zero. */
const i2: Check = async (db, out) => {
  const [r] = await rows<{ total: number | string }>(db, sql`select coalesce(sum(balance), 0)::bigint as total from ledger_accounts`);
  const total = Number(r?.total ?? 0);
  if (total !== 0) out.push({ invariant: "I2", detail: `all account balances sum to ${total}, not 0` });
};

/** I3: each account's balance equals the sum of its entries, and every balance_after is the running sum. */
const i3: Check = async (db, out) => {
  const bad = await rows<{ id: number; label: string; balance: number; total: number }>(
    db,
    sql`select a.id, coalesce(a.code, a.user_id::text || ':' || a.kind) as label, a.balance, coalesce(s.total, 0)::bigint as total
          from ledger_accounts a
          left join (select account_id, sum(amount) as total from journal_entries group by account_id) s on s.account_id = a.id
         where a.balance <> coalesce(s.total, 0)
         order by a.id limit ${LIMIT}`,
  );
  for (const r of bad)
    out.push({ invariant: "I3", detail: `account ${r.id} (${r.label}) balance ${r.balance} ≠ sum of entries ${r.total}` });
  const chain = await rows<{ id: number; account_id: number; balance_after: number; running: number }>(
    db,
    sql`select id, account_id, balance_after, running::bigint as running
          from (select e.id, e.account_id, e.balance_after,
                       sum(e.amount) over (partition by e.account_id order by e.id) as running
                  from journal_entries e) x
         where running <> balance_after
         order by id limit ${LIMIT}`,
  );
  for (const r of chain) {
    out.push({
      invariant: "I3",
      detail: `entry ${r.id} on account ${r.account_id}: balance_after ${r.balance_after} ≠ running sum ${r.running}`,
    });
  }
};

/** I4: no player balance is negative (and the CHECK constraint that forbids it is in place); turnover ≥ 0. */
const i4: Check = async (db, out) => {
  const neg = await rows<{ id: number; user_id: number; kind: string; balance: number }>(
    db,
    sql`select id, user_id, kind, balance from ledger_accounts where user_id is not null and balance < 0 order by id limit ${LIMIT}`,
  );
  for (const r of neg) out.push({ invariant: "I4", detail: `player ${r.user_id} ${r.kind} balance is ${r.balance}` });
  const kinds = await rows<{ id: number; kind: string }>(
    db,
    sql`select id, kind from ledger_accounts
         where user_id is not null and kind not in (${sql.join(
           PLAYER_ACCOUNT_KINDS.map((k) => sql`${k}`),
           sql`, `,
         )}) limit ${LIMIT}`,
  );
  for (const r of kinds) out.push({ invariant: "I4", detail: `player account ${r.id} has unknown kind ${r.kind}` });
  const turnover = await rows<{ id: number; turnover: number }>(db, sql`select id, turnover from users where turnover < 0 limit ${LIMIT}`);
  for (const r of turnover) out.push({ invariant: "I4", detail: `user ${r.id} turnover is ${r.turnover}` });
  const [c] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_constraint where conname = 'ledger_accounts_player_nonneg' and convalidated`,
  );
  if (Number(c?.n ?? 0) !== 1) out.push({ invariant: "I4", detail: "the CHECK constraint ledger_accounts_player_nonneg is missing" });
};

/** I5: each unique key, idempotency key and reversal is used by at most one journal; a reversal mirrors its original. */
const i5: Check = async (db, out) => {
  const keys = await rows<{ unique_key: string; n: number }>(
    db,
    sql`select unique_key, count(*)::int as n from journals where unique_key is not null group by unique_key having count(*) > 1 limit ${LIMIT}`,
  );
  for (const r of keys) out.push({ invariant: "I5", detail: `unique key ${r.unique_key} is used by ${r.n} journals` });
  const idem = await rows<{ user_id: number; k: string; n: number }>(
    db,
    sql`select user_id, meta ->> 'idempotency_key' as k, count(*)::int as n from journals
         where meta ->> 'idempotency_key' is not null
         group by user_id, meta ->> 'idempotency_key' having count(*) > 1 limit ${LIMIT}`,
  );
  for (const r of idem) out.push({ invariant: "I5", detail: `idempotency key ${r.k} of user ${r.user_id} is used by ${r.n} journals` });
  const twice = await rows<{ reverses_id: number; n: number }>(
    db,
    sql`select reverses_id, count(*)::int as n from journals where reverses_id is not null group by reverses_id having count(*) > 1 limit ${LIMIT}`,
  );
  for (const r of twice) out.push({ invariant: "I5", detail: `journal ${r.reverses_id} is reversed ${r.n} times` });
  const mirror = await rows<{ id: number; reverses_id: number }>(
    db,
    sql`select r.id, r.reverses_id from journals r
         where r.reverses_id is not null and exists (
           (select account_id, -amount from journal_entries where journal_id = r.reverses_id
            except select account_id, amount from journal_entries where journal_id = r.id)
           union all
           (select account_id, amount from journal_entries where journal_id = r.id
            except select account_id, -amount from journal_entries where journal_id = r.reverses_id))
         limit ${LIMIT}`,
  );
  for (const r of mirror) out.push({ invariant: "I5", detail: `journal ${r.id} does not mirror the journal ${r.reverses_id} it reverses` });
};

/**
 * I6: every bet line ends in exactly one state and its money matches it. A line of a settled draw is
 * won (its number is the result) or lost; a line of a void draw is refunded; a won line pays
 * stake × odds through exactly one journal keyed `settle:<line>` crediting that to the player's main
 * balance; lost, refunded and pending lines have no payout journal; a refunded line's slip has its
 * refund journal; every slip's stake journal `bet:<slip>` debits its total, which is the sum of its lines.
 */
const i6: Check = async (db, out) => {
  const state = await rows<{ id: number; status: string; draw_status: string; problem: string }>(
    db,
    sql`select l.id, l.status, d.status as draw_status,
               case
                 when l.status not in ('pending', 'won', 'lost', 'refunded') then 'has an unknown status'
                 when d.status = 'settled' and l.status not in ('won', 'lost') then 'is not won or lost on a settled draw'
                 when d.status = 'void' and l.status <> 'refunded' then 'is not refunded on a void draw'
                 when d.status in ('open', 'closed') and l.status <> 'pending' then 'is decided before its draw has a result'
                 when l.status = 'won' and l.number is distinct from d.result then 'is won but its number is not the result'
                 when l.status = 'lost' and l.number = d.result then 'is lost but its number is the result'
               end as problem
          from bet_lines l join draws d on d.id = l.draw_id
         where l.status not in ('pending', 'won', 'lost', 'refunded')
            or (d.status = 'settled' and l.status not in ('won', 'lost'))
            or (d.status = 'void' and l.status <> 'refunded')
            or (d.status in ('open', 'closed') and l.status <> 'pending')
            or (l.status = 'won' and l.number is distinct from d.result)
            or (l.status = 'lost' and l.number = d.result)
         order by l.id limit ${LIMIT}`,
  );
  for (const r of state) out.push({ invariant: "I6", detail: `bet line ${r.id} (${r.status}, draw ${r.draw_status}) ${r.problem}` });

  const pay = await rows<{ id: number; status: string; win_amount: number; due: number }>(
    db,
    sql`select id, status, win_amount, (case when status = 'won' then amount * odds else 0 end)::bigint as due
          from bet_lines
         where win_amount <> (case when status = 'won' then amount * odds else 0 end)
         order by id limit ${LIMIT}`,
  );
  for (const r of pay) out.push({ invariant: "I6", detail: `bet line ${r.id} (${r.status}) pays ${r.win_amount}, should pay ${r.due}` });

  const paid = await rows<{ id: number; status: string; win_amount: number; journals: number; credited: number }>(
    db,
    sql`select l.id, l.status, l.win_amount, count(distinct j.id)::int as journals,
               coalesce(sum(e.amount) filter (where a.user_id = l.user_id and a.kind = 'main'), 0)::bigint as credited
          from bet_lines l
          left join journals j on j.unique_key = 'settle:' || l.id::text
          left join journal_entries e on e.journal_id = j.id
          left join ledger_accounts a on a.id = e.account_id
         group by l.id
        having (l.status = 'won' and (count(distinct j.id) <> 1 or coalesce(sum(e.amount) filter (where a.user_id = l.user_id and a.kind = 'main'), 0) <> l.win_amount
                                     or min(j.id) is distinct from min(l.settled_journal_id)))
            or (l.status <> 'won' and count(distinct j.id) <> 0)
         order by l.id limit ${LIMIT}`,
  );
  for (const r of paid) {
    out.push({
      invariant: "I6",
      detail: `bet line ${r.id} (${r.status}, win ${r.win_amount}) has ${r.journals} payout journals crediting ${r.credited}`,
    });
  }

  const slips = await rows<{
    id: number;
    total: number;
    lines: number;
    debited: number;
    stake_journals: number;
    refunds: number;
    refunded: number;
  }>(
    db,
    sql`select s.id, s.total,
               (select coalesce(sum(l.amount), 0) from bet_lines l where l.slip_id = s.id)::bigint as lines,
               (select count(*) from journals j where j.unique_key = 'bet:' || s.id::text)::int as stake_journals,
               (select coalesce(sum(e.amount), 0) from journals j join journal_entries e on e.journal_id = j.id
                  join ledger_accounts a on a.id = e.account_id
                 where j.unique_key = 'bet:' || s.id::text and a.user_id = s.user_id and a.kind = 'main')::bigint as debited,
               (select count(*) from journals j where j.unique_key = 'refund:' || s.id::text)::int as refunds,
               (select count(*) from bet_lines l where l.slip_id = s.id and l.status = 'refunded')::int as refunded
          from bet_slips s
         where s.total <> (select coalesce(sum(l.amount), 0) from bet_lines l where l.slip_id = s.id)
            or (select count(*) from journals j where j.unique_key = 'bet:' || s.id::text) <> 1
            or (select coalesce(sum(e.amount), 0) from journals j join journal_entries e on e.journal_id = j.id
                  join ledger_accounts a on a.id = e.account_id
                 where j.unique_key = 'bet:' || s.id::text and a.user_id = s.user_id and a.kind = 'main') <> -s.total
            or (select count(*) from journals j where j.unique_key = 'refund:' || s.id::text)
               <> (case when exists (select 1 from bet_lines l where l.slip_id = s.id and l.status = 'refunded') then 1 else 0 end)
         order by s.id limit ${LIMIT}`,
  );
  for (const r of slips) {
    out.push({
      invariant: "I6",
      detail: `bet slip ${r.id}: total ${r.total}, lines ${r.lines}, ${r.stake_journals} stake journals debiting ${r.debited}, ${r.refunds} refund journals for ${r.refunded} refunded lines`,
    });
  }
};

/**
 * I7: approved cash-in ⇒ one cash_in journal crediting the amount; cash-out ⇒ one hold journal of the
 * amount, and approved ⇒ one payout journal, rejected ⇒ the hold returned, pending ⇒ neither; each
 * player's hold equals the sum of their pending cash-outs. Applied adjustments have their journal.
 */
const i7: Check = async (db, out) => {
  const bad = await rows<{ id: number; kind: string; status: string; problem: string }>(
    db,
    sql`with j as (
          select r.id,
                 count(distinct jj.id) filter (where jj.kind = 'cash_in') as cash_in,
                 count(distinct jj.id) filter (where jj.kind = 'cash_out_hold') as hold,
                 count(distinct jj.id) filter (where jj.kind = 'cash_out_paid') as paid,
                 count(distinct jj.id) filter (where jj.kind = 'cash_out_returned') as returned,
                 coalesce(sum(e.amount) filter (where jj.kind = 'cash_in' and a.user_id = r.user_id and a.kind = 'main'), 0) as credited,
                 coalesce(sum(e.amount) filter (where jj.kind = 'cash_out_hold' and a.user_id = r.user_id and a.kind = 'hold'), 0) as held,
                 coalesce(sum(e.amount) filter (where jj.kind = 'cash_out_paid' and a.user_id = r.user_id and a.kind = 'hold'), 0) as paid_out,
                 coalesce(sum(e.amount) filter (where jj.kind = 'cash_out_returned' and a.user_id = r.user_id and a.kind = 'main'), 0) as given_back
            from cash_requests r
            left join journals jj on jj.ref_type = 'cash_request' and jj.ref_id = r.id::text
            left join journal_entries e on e.journal_id = jj.id
            left join ledger_accounts a on a.id = e.account_id
           group by r.id)
        select r.id, r.kind, r.status,
               case
                 when r.kind = 'in' and r.status = 'approved' and (count_in.cash_in <> 1 or count_in.credited <> r.amount) then 'approved cash-in without exactly one credit of its amount'
                 when r.kind = 'in' and r.status <> 'approved' and count_in.cash_in <> 0 then 'cash-in credited but not approved'
                 when r.kind = 'out' and (count_in.hold <> 1 or count_in.held <> r.amount) then 'cash-out without exactly one hold of its amount'
                 when r.kind = 'out' and r.status = 'approved' and (count_in.paid <> 1 or count_in.returned <> 0 or count_in.paid_out <> -r.amount) then 'approved cash-out not paid out exactly once'
                 when r.kind = 'out' and r.status = 'rejected' and (count_in.returned <> 1 or count_in.paid <> 0 or count_in.given_back <> r.amount) then 'rejected cash-out whose hold was not returned exactly once'
                 when r.kind = 'out' and r.status = 'pending' and (count_in.paid <> 0 or count_in.returned <> 0) then 'pending cash-out already paid or returned'
               end as problem
          from cash_requests r join j as count_in on count_in.id = r.id
         where (r.kind = 'in' and r.status = 'approved' and (count_in.cash_in <> 1 or count_in.credited <> r.amount))
            or (r.kind = 'in' and r.status <> 'approved' and count_in.cash_in <> 0)
            or (r.kind = 'out' and (count_in.hold <> 1 or count_in.held <> r.amount))
            or (r.kind = 'out' and r.status = 'approved' and (count_in.paid <> 1 or count_in.returned <> 0 or count_in.paid_out <> -r.amount))
            or (r.kind = 'out' and r.status = 'rejected' and (count_in.returned <> 1 or count_in.paid <> 0 or count_in.given_back <> r.amount))
            or (r.kind = 'out' and r.status = 'pending' and (count_in.paid <> 0 or count_in.returned <> 0))
         order by r.id limit ${LIMIT}`,
  );
  for (const r of bad) out.push({ invariant: "I7", detail: `cash request ${r.id} (${r.kind}, ${r.status}): ${r.problem}` });
  const holds = await rows<{ user_id: number; balance: number; pending: number }>(
    db,
    sql`select a.user_id, a.balance, coalesce(p.total, 0)::bigint as pending
          from ledger_accounts a
          left join (select user_id, sum(amount) as total from cash_requests where kind = 'out' and status = 'pending' group by user_id) p
            on p.user_id = a.user_id
         where a.kind = 'hold' and a.user_id is not null and a.balance <> coalesce(p.total, 0)
         limit ${LIMIT}`,
  );
  for (const r of holds)
    out.push({ invariant: "I7", detail: `player ${r.user_id} holds ${r.balance} but has ${r.pending} in pending cash-outs` });
  const adj = await rows<{ id: number; status: string }>(
    db,
    sql`select a.id, a.status from adjustments a
          left join journals j on j.id = a.journal_id
         where (a.status = 'applied' and (j.id is null or j.ref_type <> 'adjustment' or j.ref_id <> a.id::text))
            or (a.status <> 'applied' and a.journal_id is not null)
         limit ${LIMIT}`,
  );
  for (const r of adj) out.push({ invariant: "I7", detail: `adjustment ${r.id} (${r.status}) does not match its journal` });
};

/** I8: journals, entries and the audit log are insert-only: their refusing triggers are installed and enabled. */
const i8: Check = async (db, out) => {
  const expected = [
    "journals_append_only",
    "journal_entries_append_only",
    "audit_log_append_only",
    "journals_no_truncate",
    "journal_entries_no_truncate",
  ];
  const found = await rows<{ tgname: string }>(db, sql`select tgname from pg_trigger where not tgisinternal and tgenabled <> 'D'`);
  const names = new Set(found.map((f) => f.tgname));
  for (const name of expected) if (!names.has(name)) out.push({ invariant: "I8", detail: `trigger ${name} is missing or disabled` });
};

export async function auditLedger(db: Executor): Promise<AuditReport> {
  const violations: Violation[] = [];
  const skipped: Violation[] = [];
  for (const check of [i1, i2, i3, i4, i5, i6, i7, i8]) await check(db, violations, skipped);
  return { ok: violations.length === 0, violations, skipped };
}
