import type { Tx } from "../../../db/client.ts";
import { balanceAfter, balancesOf, lockPlayers, postJournal } from "../../ledger/ledger.service.ts";
import {
  ensureAndLockRound,
  lockRoundForCredit,
  lockWalletUser,
  type RoundPatch,
  type RoundRow,
  updateRound,
} from "./provider-rounds.repository.ts";
import { settleRound } from "./settlement.ts";
import { casinoAccountOf, type Outcome, type WalletCall, WalletRefusal } from "./wallet-transaction.ts";

/** How a provider's credits are checked (its catalogue row, operator setting free_round_credits). */
export interface CreditRules {
  /** Credits without a debit in their round are accepted: free rounds the provider gives away. */
  freeRoundCredits: boolean;
  /** The points rate, read with the wallet parties (one statement fewer in the settling transaction). */
  kyatPerPoint: number;
}

/**
 * credit: the result of round `round_id` (kind win, bonus or jackpot; amount ≥ 0). Every credit, of
 * any kind, needs a round of this player at this provider with an applied debit that was not rolled
 * back (TRANSACTION_NOT_FOUND otherwise, nothing changes): a signed credit alone never creates money.
 * Only a provider with free-round credits switched on may credit without a debit (the round is
 * created already settled, stake 0). The first credit of an open round ends it — a credit of 0 ends
 * a lost round — and applies the effects of play (settlement.ts). Accepted for blocked players and
 * after the session ended. A win is refused once the round ended (ALREADY_SETTLED); any credit once
 * its bets were all rolled back (ALREADY_ROLLED_BACK); a bonus or jackpot after the round ended is
 * added to its payout. The round row lock makes a result and a rollback of the same round take
 * turns: exactly one wins.
 */
export async function applyCredit(tx: Tx, call: WalletCall, rules: CreditRules): Promise<Outcome> {
  const { body, userId, provider } = call;
  const amount = body.amount ?? 0;
  const kind = body.kind ?? "win";
  const roundId = body.round_id ?? "";
  const gameCode = body.game_code ?? null;
  const key = { provider, userId, roundId };

  const found = await lockRoundForCredit(tx, key);
  let round: RoundRow | undefined = found;
  if (!round) {
    if (!rules.freeRoundCredits) throw new WalletRefusal("TRANSACTION_NOT_FOUND");
    round = await ensureAndLockRound(tx, key, gameCode);
    if (!round) throw new Error(`round ${provider}/${roundId} vanished`);
  }
  if (round.status === "rolled_back") throw new WalletRefusal("ALREADY_ROLLED_BACK");
  if (!rules.freeRoundCredits && !found?.hasAppliedDebit) throw new WalletRefusal("TRANSACTION_NOT_FOUND");
  const settling = round.status === "open";
  if (!settling && kind === "win") throw new WalletRefusal("ALREADY_SETTLED");

  const user = await lockWalletUser(tx, userId, call.now);
  if (!user) throw new WalletRefusal("UNKNOWN_PLAYER");
  const locked = await lockPlayers(tx, [userId]);
  const balances = balancesOf(locked, userId);

  let after = balances.game;
  let journalId: number | null = null;
  if (amount > 0) {
    const journal = await postJournal(
      tx,
      {
        kind: `casino_${kind}`,
        userId,
        uniqueKey: `provider:${provider}:${body.transaction_id}`,
        refType: "provider_round",
        refId: round.id,
        meta: { provider, transaction_id: body.transaction_id, round_id: roundId, game_code: round.gameCode ?? gameCode },
        entries: [
          { account: { userId, kind: "game" }, amount },
          { account: { code: casinoAccountOf(provider, userId) }, amount: -amount },
        ],
      },
      { locked },
    );
    after = balanceAfter(journal, { userId, kind: "game" });
    journalId = journal.journalId;
  }

  const payout = round.payout + amount;
  let patch: RoundPatch = {
    payout,
    balanceAfter: after,
    beforeBalance: round.beforeBalance ?? balances.game,
    gameCode: round.gameCode ?? gameCode,
  };
  if (settling)
    patch = {
      ...patch,
      ...(await settleRound(tx, { roundRef: round.id, provider, user, bet: round.bet, payout, kyatPerPoint: rules.kyatPerPoint })),
    };
  await updateRound(tx, round.id, patch);
  return { status: "OK", balance: after, journalId, roundRef: round.id, balanceBefore: balances.game, balanceAfter: after };
}
