import type { Tx } from "../../db/client.ts";
import { balanceAfter, balancesOf, lockPlayers, postJournal } from "../ledger/ledger.service.ts";
import { ensureAndLockRound, lockRound, lockWalletUser, type RoundPatch, updateRound } from "./provider-rounds.repository.ts";
import { settleRound } from "./settlement.ts";
import { casinoAccountOf, type Outcome, type WalletCall, WalletRefusal } from "./wallet-transaction.ts";

/**
 * credit: the result of round `round_id` (kind win, bonus or jackpot; amount ≥ 0). The first credit
 * of an open round ends it — a credit of 0 ends a lost round — and applies the effects of play
 * (settlement.ts). Accepted for blocked players and after the session ended. A win needs a round
 * with a bet (TRANSACTION_NOT_FOUND otherwise) and is refused once the round ended
 * (ALREADY_SETTLED) or was rolled back (ALREADY_ROLLED_BACK); a bonus or jackpot may arrive without
 * a bet (the round is created already settled) or after the round ended (added to its payout).
 * The round row lock makes a result and a rollback of the same round take turns: exactly one wins.
 */
export async function applyCredit(tx: Tx, call: WalletCall): Promise<Outcome> {
  const { body, userId, provider } = call;
  const amount = body.amount ?? 0;
  const kind = body.kind ?? "win";
  const roundId = body.round_id ?? "";
  const gameCode = body.game_code ?? null;
  const key = { provider, userId, roundId };

  let round = await lockRound(tx, key);
  if (!round) {
    if (kind === "win") throw new WalletRefusal("TRANSACTION_NOT_FOUND");
    round = await ensureAndLockRound(tx, key, gameCode);
    if (!round) throw new Error(`round ${provider}/${roundId} vanished`);
  }
  if (round.status === "rolled_back") throw new WalletRefusal("ALREADY_ROLLED_BACK");
  const settling = round.status === "open";
  if (!settling && kind === "win") throw new WalletRefusal("ALREADY_SETTLED");

  const user = await lockWalletUser(tx, userId);
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
  if (settling) patch = { ...patch, ...(await settleRound(tx, { roundRef: round.id, provider, user, bet: round.bet, payout })) };
  await updateRound(tx, round.id, patch);
  return { status: "OK", balance: after, journalId, roundRef: round.id, balanceBefore: balances.game, balanceAfter: after };
}
