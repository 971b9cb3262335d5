import { accrueReferral, reduceTurnover } from "@shwe/domain";
import type { Executor } from "../../../db/client.ts";
import { postJournal } from "../../ledger/ledger.service.ts";
import { setTurnover } from "../../ledger/money-user.repository.ts";
import { earnCasinoRoundPoints } from "../../rewards/points.service.ts";
import { readReferralShareBasisPoints } from "../referral/provider-settings.repository.ts";
import { lockReferralAccrual, saveReferralAccrual } from "../referral/referral.repository.ts";
import type { LockedWalletUser, RoundPatch } from "./provider-rounds.repository.ts";

/**
 * The effects of play when a round ends (domain-rules §1, §6, §7), inside the credit's transaction,
 * under the round, users row and account locks:
 *   - its valid stake (the stake still in play, net of rolled-back bets) lowers the player's turnover
 *     (floor 0);
 *   - the player's referrer earns the share of the player's NET casino loss: the round's stake − payout
 *     is added to the referee's running net loss (referral_accruals), and only its rise above the
 *     highest net loss already paid on earns the share (accrueReferral in @shwe/domain: wins cancel
 *     losses first, never negative, nothing paid twice, fractions of a kyat carried); paid from
 *     house:referral into the referrer's referral account (game_refer_amt). The referee's users row
 *     lock, held here, serialises the referee's accrual row.
 *   - the player earns loyalty points for the valid stake at the points rate (rewards/points.service.ts).
 * It runs once per round: the round leaves the "open" state here.
 */
export interface SettleInput {
  roundRef: number;
  provider: string;
  user: LockedWalletUser;
  bet: number;
  payout: number;
  /** The points rate when the caller has read it already; otherwise it is read here. */
  kyatPerPoint?: number;
}

export const REFERRAL_HOUSE_ACCOUNT = "house:referral";

export async function settleRound(tx: Executor, input: SettleInput): Promise<RoundPatch> {
  const { user, bet, payout, roundRef } = input;
  if (bet > 0) {
    const next = reduceTurnover(user.turnover, bet);
    if (next !== user.turnover) await setTurnover(tx, user.id, next);
  }
  let referralShare = 0;
  let referrerId: number | null = null;
  if (user.referredBy !== null && user.referredBy !== user.id) {
    const accrual = await lockReferralAccrual(tx, user.id, user.referredBy);
    const step = accrueReferral(accrual, bet - payout, await readReferralShareBasisPoints(tx));
    await saveReferralAccrual(tx, user.id, step.state);
    referralShare = step.share;
    if (referralShare > 0) {
      referrerId = user.referredBy;
      await postJournal(tx, {
        kind: "referral_share",
        userId: referrerId,
        uniqueKey: `referral:provider_round:${roundRef}`,
        refType: "provider_round",
        refId: roundRef,
        meta: { referee_id: user.id, provider: input.provider, round_net: bet - payout, referee_net_loss: step.state.netLoss },
        entries: [
          { account: { userId: referrerId, kind: "referral" }, amount: referralShare },
          { account: { code: REFERRAL_HOUSE_ACCOUNT }, amount: -referralShare },
        ],
      });
    }
  }
  // Loyalty points for the valid stake, once per round (journal keyed by the round), after the referrer's share.
  await earnCasinoRoundPoints(tx, { userId: user.id, roundRef, provider: input.provider, stake: bet, kyatPerPoint: input.kyatPerPoint });
  return { status: "settled", validBet: bet, settled: true, referrerId, referralShare };
}
