import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";

export interface PlayerWithBalances {
  id: number;
  phone: string;
  name: string;
  user_code: string;
  role: "player" | "operator" | "admin";
  lvl_2: number;
  blocked: boolean;
  has_transferred_in: boolean;
  turnover: number;
  created_at: Date | string;
  balance: number;
  game_balance: number;
  point: number;
  p_balance: number;
  game_refer_amt: number;
  hold: number;
}

const select = sql`
  select u.id, u.phone, u.name, u.user_code, u.role, u.lvl_2, u.blocked, u.has_transferred_in, u.turnover, u.created_at,
         coalesce(sum(a.balance) filter (where a.kind = 'main'), 0)::bigint as balance,
         coalesce(sum(a.balance) filter (where a.kind = 'game'), 0)::bigint as game_balance,
         coalesce(sum(a.balance) filter (where a.kind = 'point'), 0)::bigint as point,
         coalesce(sum(a.balance) filter (where a.kind = 'claimable'), 0)::bigint as p_balance,
         coalesce(sum(a.balance) filter (where a.kind = 'referral'), 0)::bigint as game_refer_amt,
         coalesce(sum(a.balance) filter (where a.kind = 'hold'), 0)::bigint as hold
    from users u
    left join ledger_accounts a on a.user_id = u.id`;

function normalise(r: PlayerWithBalances): PlayerWithBalances {
  return {
    ...r,
    id: Number(r.id),
    lvl_2: Number(r.lvl_2),
    turnover: Number(r.turnover),
    balance: Number(r.balance),
    game_balance: Number(r.game_balance),
    point: Number(r.point),
    p_balance: Number(r.p_balance),
    game_refer_amt: Number(r.game_refer_amt),
    hold: Number(r.hold),
  };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Accounts whose phone contains the digits, whose name contains the text, or whose user code or
 * referral code is the text; newest first. An exact phone (any accepted form) is matched as such.
 */
export async function searchPlayers(db: Executor, q: { phone: string | null; text: string }, limit: number): Promise<PlayerWithBalances[]> {
  const conds = [];
  if (q.phone) conds.push(sql`u.phone = ${q.phone}`);
  if (q.text !== "") {
    const like = `%${likeEscape(q.text)}%`;
    if (/^\d+$/.test(q.text)) conds.push(sql`u.phone like ${like}`);
    conds.push(sql`u.name ilike ${like}`);
    conds.push(sql`u.user_code = ${q.text.toUpperCase()}`);
    conds.push(sql`u.referral_code = ${q.text.toUpperCase()}`);
  }
  const where = conds.length > 0 ? sql`where ${sql.join(conds, sql` or `)}` : sql``;
  const res = await db.execute(sql`${select} ${where} group by u.id order by u.id desc limit ${limit}`);
  return rowsOf<PlayerWithBalances>(res).map(normalise);
}

export async function findPlayerWithBalances(db: Executor, userId: number): Promise<PlayerWithBalances | undefined> {
  const res = await db.execute(sql`${select} where u.id = ${userId} group by u.id`);
  const row = rowsOf<PlayerWithBalances>(res)[0];
  return row ? normalise(row) : undefined;
}

export interface PlayerJournalRow {
  id: number;
  kind: string;
  memo: string | null;
  reverses_id: number | null;
  created_at: Date | string;
  entries: { account: string; amount: number; balance_after: number }[];
}

/** The newest journals touching the player's accounts, with the player's own entries. */
export async function recentJournalsOf(db: Executor, userId: number, limit: number): Promise<PlayerJournalRow[]> {
  const res = await db.execute(sql`
    select j.id, j.kind, j.memo, j.reverses_id, j.created_at,
           json_agg(json_build_object('account', a.kind, 'amount', e.amount, 'balance_after', e.balance_after) order by e.id) as entries
      from journal_entries e
      join ledger_accounts a on a.id = e.account_id
      join journals j on j.id = e.journal_id
     where a.user_id = ${userId}
     group by j.id
     order by j.id desc
     limit ${limit}`);
  return rowsOf<PlayerJournalRow>(res).map((r) => ({
    ...r,
    id: Number(r.id),
    reverses_id: r.reverses_id === null ? null : Number(r.reverses_id),
    entries: (typeof r.entries === "string" ? JSON.parse(r.entries) : r.entries).map(
      (e: { account: string; amount: number | string; balance_after: number | string }) => ({
        account: e.account,
        amount: Number(e.amount),
        balance_after: Number(e.balance_after),
      }),
    ),
  }));
}
