import type { Tx } from "../../../db/client.ts";
import { balanceAfter, balancesOf, lockPlayers, postJournal } from "../../ledger/ledger.service.ts";
import { ensureAndLockRound, lockWalletUser, updateRound } from "./provider-rounds.repository.ts";
import { casinoAccountOf, type Outcome, type WalletCall, WalletRefusal } from "./wallet-transaction.ts";

/**
 * debit: a bet of `amount` on round `round_id`. Lock order: the claimed transaction row → the round →
 * the users row → the player's accounts → the house account. Refused when the round has already
 * ended (ALREADY_SETTLED), the player is blocked (PLAYER_BLOCKED) or the game balance is short
 * (INSUFFICIENT_FUNDS with the actual balance).
 */
export async function applyDebit(tx: Tx, call: WalletCall): Promise<Outcome> {
  const { body, userId, provider } = call;
  const amount = body.amount ?? 0;
  const roundId = body.round_id ?? "";
  const gameCode = body.game_code ?? null;
  const key = { provider, userId, roundId };

  const round = await ensureAndLockRound(tx, key, gameCode);
  if (!round) throw new Error(`round ${provider}/${roundId} vanished`);
  if (round.status === "settled") throw new WalletRefusal("ALREADY_SETTLED");

  const user = await lockWalletUser(tx, userId, call.now);
  if (!user) throw new WalletRefusal("UNKNOWN_PLAYER");
  // A self-excluded player's debits are refused as a blocked player's: play stops, results still end rounds.
  if (user.blocked || user.excluded) throw new WalletRefusal("PLAYER_BLOCKED");

  const locked = await lockPlayers(tx, [userId]);
  const balances = balancesOf(locked, userId);
  if (balances.game < amount) throw new WalletRefusal("INSUFFICIENT_FUNDS", balances.game);

  const journal = await postJournal(
    tx,
    {
      kind: "casino_bet",
      userId,
      uniqueKey: `provider:${provider}:${body.transaction_id}`,
      refType: "provider_round",
      refId: round.id,
      meta: { provider, transaction_id: body.transaction_id, round_id: roundId, game_code: gameCode },
      entries: [
        { account: { userId, kind: "game" }, amount: -amount },
        { account: { code: casinoAccountOf(provider, userId) }, amount },
      ],
    },
    { locked },
  );
  const after = balanceAfter(journal, { userId, kind: "game" });
  await updateRound(tx, round.id, {
    bet: round.bet + amount,
    beforeBalance: round.beforeBalance ?? balances.game,
    balanceAfter: after,
    status: "open",
    gameCode: round.gameCode ?? gameCode,
  });
  return {
    status: "OK",
    balance: after,
    journalId: journal.journalId,
    roundRef: round.id,
    balanceBefore: balances.game,
    balanceAfter: after,
  };
}
