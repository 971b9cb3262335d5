import { eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { afterPageKey, type PageRequest, pageTimeOf } from "../ledger/history-page.ts";

export async function markTransferredIn(tx: Executor, userId: number): Promise<void> {
  await tx.update(users).set({ hasTransferredIn: true }).where(eq(users.id, userId));
}

export interface TransferRow {
  id: number;
  amount: number;
  balance: number;
  game_balance: number;
  created_at: Date | string;
  /** The page key's time (history-page.ts). */
  page_at: string;
}

/**
 * The player's transfers of one direction in [from, to), newest first (created_at, id), with
 * balances right after each: one page and the first row of the next (limit + 1 rows).
 */
export async function listTransfers(
  db: Executor,
  userId: number,
  kind: "transfer_in" | "transfer_out",
  from: Date,
  to: Date,
  page: PageRequest,
): Promise<TransferRow[]> {
  const res = await db.execute(sql`
    select j.id,
           max(case when a.kind = 'game' then abs(e.amount) end) as amount,
           max(case when a.kind = 'main' then e.balance_after end) as balance,
           max(case when a.kind = 'game' then e.balance_after end) as game_balance,
           j.created_at, ${pageTimeOf(sql`j.created_at`)} as page_at
      from journals j
      join journal_entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id
     where j.user_id = ${userId} and j.kind = ${kind}
       and j.created_at >= ${from.toISOString()}::timestamptz and j.created_at < ${to.toISOString()}::timestamptz
       and ${afterPageKey(sql`j.created_at`, sql`j.id`, page.after)}
     group by j.id, j.created_at
     order by j.created_at desc, j.id desc
     limit ${page.limit + 1}`);
  return rowsOf<TransferRow>(res).map((r) => ({
    id: Number(r.id),
    amount: Number(r.amount),
    balance: Number(r.balance),
    game_balance: Number(r.game_balance),
    created_at: r.created_at,
    page_at: r.page_at,
  }));
}
