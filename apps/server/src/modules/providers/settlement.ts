import { reduceTurnover } from "@shwe/domain";
import type { Executor } from "../../db/client.ts";
import { postJournal } from "../ledger/ledger.service.ts";
import { setTurnover } from "../ledger/money-user.repository.ts";
import type { LockedWalletUser, RoundPatch } from "./provider-rounds.repository.ts";
import { readReferralShareBasisPoints, referralShareOf } from "./provider-settings.repository.ts";

/**
 * The effects of play when a round ends (domain-rules §1, §6, §7), inside the credit's transaction,
 * under the round, users row and account locks:
 *   - its valid stake (the stake still in play, net of rolled-back bets) lowers the player's turnover
 *     (floor 0);
 *   - the player's referrer earns floor(share × net loss) of the round (loss = stake − payout), paid
 *     from house:referral into the referrer's referral account (game_refer_amt).
 * It runs once per round: the round leaves the "open" state here.
 */
export interface SettleInput {
  roundRef: number;
  provider: string;
  user: LockedWalletUser;
  bet: number;
  payout: number;
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
    referralShare = referralShareOf(bet - payout, await readReferralShareBasisPoints(tx));
    if (referralShare > 0) {
      referrerId = user.referredBy;
      await postJournal(tx, {
        kind: "referral_share",
        userId: referrerId,
        uniqueKey: `referral:provider_round:${roundRef}`,
        refType: "provider_round",
        refId: roundRef,
        meta: { referee_id: user.id, provider: input.provider, net_loss: bet - payout },
        entries: [
          { account: { userId: referrerId, kind: "referral" }, amount: referralShare },
          { account: { code: REFERRAL_HOUSE_ACCOUNT }, amount: -referralShare },
        ],
      });
    }
  }
  return { status: "settled", validBet: bet, settled: true, referrerId, referralShare };
}
