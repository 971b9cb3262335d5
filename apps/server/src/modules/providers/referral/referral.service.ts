import type { ClaimGameReferResponse, MyReferralHistory } from "@shwe/contracts";
import { MESSAGES, maskPhone } from "@shwe/domain";
import type { AppContext } from "../../../app-context.ts";
import { AppError, notFound, refused } from "../../../lib/errors.ts";
import { finishPage, type PageQuery, pageRequestOf } from "../../ledger/history-page.ts";
import { isoOf } from "../../ledger/history-range.ts";
import { balanceAfter, lockPlayer, postJournal } from "../../ledger/ledger.service.ts";
import { type MoneyCallResult, runPlayerMoneyCall } from "../../ledger/money-call.ts";
import { readMoneySettings } from "../../ledger/money-settings.repository.ts";
import { lockMoneyUser } from "../../ledger/money-user.repository.ts";
import { getPlayerBalances } from "../../ledger/player-accounts.repository.ts";
import { isReferralHeld, referralHeld } from "../../rewards/referral-flags.service.ts";
import { listReferees, referralTotals } from "./referral.repository.ts";

export const NOTHING_TO_CLAIM = "Cannot claim less than 0 Game Referr Amount.";
/** The lvl2.required_actions entry that makes this claim need an account of level 2. */
export const REFERRAL_CLAIM_ACTION = "referral_claim";

/**
 * POST /api/user/claim_game_refer_amt: the whole referral balance (game_refer_amt) moves to the main
 * balance in one journal; nothing to claim → 422 NOTHING_TO_CLAIM; earnings held for a referral
 * farming review → 422 REFERRAL_HELD. Idempotency-Key accepted. The users row lock makes concurrent
 * claims take turns: the second finds 0 and is refused, so the amount moves once.
 */
export async function claimGameReferAmount(
  ctx: AppContext,
  userId: number,
  key: string | undefined,
): Promise<MoneyCallResult<ClaimGameReferResponse>> {
  const settings = await readMoneySettings(ctx.db);
  const requiresLevel2 = settings.lvl2RequiredActions.includes(REFERRAL_CLAIM_ACTION);
  return runPlayerMoneyCall(
    ctx.db,
    ctx.playerQueue,
    { userId, route: "POST /api/user/claim_game_refer_amt", key, body: {} },
    async (tx) => {
      const user = await lockMoneyUser(tx, userId);
      if (!user) throw notFound("Player not found.");
      if (requiresLevel2 && user.lvl2 !== 2) throw new AppError(403, "LEVEL_2_REQUIRED", MESSAGES.level2);
      const balances = await lockPlayer(tx, userId);
      const amount = balances.referral;
      if (amount <= 0) throw refused("NOTHING_TO_CLAIM", NOTHING_TO_CLAIM);
      if (await isReferralHeld(tx, userId)) throw referralHeld();
      const journal = await postJournal(tx, {
        kind: "referral_claim",
        userId,
        uniqueKey: key === undefined ? null : `idem:${userId}:${key}`,
        entries: [
          { account: { userId, kind: "referral" }, amount: -amount },
          { account: { userId, kind: "main" }, amount },
        ],
      });
      return {
        message: "Game referral amount claimed!",
        amount,
        balance: balanceAfter(journal, { userId, kind: "main" }),
        game_refer_amt: balanceAfter(journal, { userId, kind: "referral" }),
      };
    },
  );
}

/** GET /api/user/my_referral_his: the player's referees (newest first, phones masked) and what each earned. */
export async function myReferralHistory(ctx: AppContext, userId: number, query: PageQuery): Promise<MyReferralHistory> {
  const page = pageRequestOf(query);
  const [read, totals, balances] = await Promise.all([
    listReferees(ctx.db, userId, page),
    referralTotals(ctx.db, userId),
    getPlayerBalances(ctx.db, userId),
  ]);
  const { rows, next_cursor } = finishPage(read, page, (r) => ({ at: r.page_at, id: r.id }));
  return {
    data: rows.map((r) => ({ id: r.id, phone: maskPhone(r.phone), joined_at: isoOf(r.joined_at) ?? "", share_earned: r.share_earned })),
    next_cursor,
    refer_count: totals.referCount,
    total_earned: totals.totalEarned,
    game_refer_amt: balances.game_refer_amt,
  };
}
