import type { GameReport, HistoryQuery, TransitionHistoryItem } from "@shwe/contracts";
import type { AppContext } from "../../../app-context.ts";
import { finishPage, pageRequestOf } from "../../ledger/history-page.ts";
import { isoOf, yangonDayRange } from "../../ledger/history-range.ts";
import { listRounds, summariseRounds } from "./reports.repository.ts";

export interface DateRange {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/**
 * The game report of one provider (spec §2 /game/report/{p_code}): the player's own rounds started in
 * the Asia/Yangon days asked for, newest first, one page at a time; win_lose = payout − bet.
 */
export async function gameReport(ctx: AppContext, userId: number, pCode: string, query: HistoryQuery): Promise<GameReport> {
  const { from, to } = yangonDayRange(query.start_date, query.end_date, ctx.clock.now());
  const page = pageRequestOf(query);
  const read = await listRounds(ctx.db, userId, pCode.trim().toUpperCase(), from, to, page);
  const { rows, next_cursor } = finishPage(read, page, (r) => ({ at: r.page_at, id: r.id }));
  return {
    next_cursor,
    data: rows.map((r) => ({
      id: r.id,
      wager_id: r.wager_id,
      p_code: r.p_code,
      before_balance: r.before_balance,
      balance: r.balance,
      slip_game: { name: r.game_name ?? r.game_code ?? r.provider_name ?? r.p_code, g_code: r.game_code },
      bet_amount: r.bet,
      valid_bet_amount: r.valid_bet,
      payout_amount: r.payout,
      win_lose: r.payout - r.bet,
      status: r.status,
      created_at: isoOf(r.created_at) ?? "",
      settled_at: isoOf(r.settled_at),
    })),
  };
}

/** The player's rounds summed per provider (spec §7 transition/history). */
export async function transitionHistory(ctx: AppContext, userId: number, range: DateRange): Promise<{ data: TransitionHistoryItem[] }> {
  const { from, to } = yangonDayRange(range.start_date, range.end_date, ctx.clock.now());
  const rows = await summariseRounds(ctx.db, userId, from, to);
  return { data: rows.map((r) => ({ ...r, win_lose: r.payout_amount - r.bet_amount })) };
}
