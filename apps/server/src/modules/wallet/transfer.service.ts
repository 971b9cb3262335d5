import type { HistoryQuery } from "@shwe/contracts";
import { decideTransferIn, decideTransferOut } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import { notFound } from "../../lib/errors.ts";
import { finishPage, pageRequestOf } from "../ledger/history-page.ts";
import { isoOf, yangonDayRange } from "../ledger/history-range.ts";
import { balanceAfter, lockPlayer, postJournal } from "../ledger/ledger.service.ts";
import { type MoneyCallResult, refusalError, runPlayerMoneyCall } from "../ledger/money-call.ts";
import { readMoneySettings } from "../ledger/money-settings.repository.ts";
import { lockMoneyUser } from "../ledger/money-user.repository.ts";
import { checkPlay } from "../protection/protection.service.ts";
import { listTransfers, markTransferredIn } from "./wallet.repository.ts";

export type Direction = "in" | "out";

export interface TransferAnswer {
  balance: number;
  game_balance: number;
}

/**
 * Main → game ("in") or game → main ("out") for the signed-in player (domain-rules §4): users row,
 * then accounts, locked; the pure rule decides; one journal moves the amount.
 */
export async function transfer(
  ctx: AppContext,
  userId: number,
  direction: Direction,
  amount: number,
  key: string | undefined,
): Promise<MoneyCallResult<TransferAnswer>> {
  const settings = await readMoneySettings(ctx.db);
  return runPlayerMoneyCall(
    ctx.db,
    ctx.playerQueue,
    { userId, route: `POST /api/user/transfer_${direction}`, key, body: { amount } },
    async (tx) => {
      const user = await lockMoneyUser(tx, userId);
      if (!user) throw notFound("Player not found.");
      // Money into play is checked against self-exclusion and the stake and loss limits; money back
      // from the game balance never is (an excluded player may still bring it back and cash out).
      if (direction === "in") await checkPlay(tx, userId, amount, ctx.clock.now());
      const b = await lockPlayer(tx, userId);
      const state = { main: b.main, game: b.game, turnover: user.turnover, hasTransferredIn: user.hasTransferredIn };
      const decision = direction === "in" ? decideTransferIn(state, amount, settings.turnoverGameLimit) : decideTransferOut(state, amount);
      if (!decision.ok) throw refusalError(decision);
      const journal = await postJournal(tx, {
        kind: `transfer_${direction}`,
        userId,
        uniqueKey: key === undefined ? null : `idem:${userId}:${key}`,
        entries: decision.value.map((e) => ({ account: { userId, kind: e.account }, amount: e.amount })),
      });
      if (direction === "in" && !user.hasTransferredIn) await markTransferredIn(tx, userId);
      return {
        balance: balanceAfter(journal, { userId, kind: "main" }),
        game_balance: balanceAfter(journal, { userId, kind: "game" }),
      };
    },
  );
}

export async function transferHistory(ctx: AppContext, userId: number, direction: Direction, query: HistoryQuery) {
  const { from, to } = yangonDayRange(query.start_date, query.end_date, ctx.clock.now());
  const page = pageRequestOf(query);
  const read = await listTransfers(ctx.db, userId, `transfer_${direction}`, from, to, page);
  const { rows, next_cursor } = finishPage(read, page, (r) => ({ at: r.page_at, id: r.id }));
  return { data: rows.map(({ page_at: _at, ...r }) => ({ ...r, created_at: isoOf(r.created_at) ?? "" })), next_cursor };
}
