import type { Tx } from "../../../db/client.ts";
import { balanceAfter, lockPlayer, reverseJournal } from "../../ledger/ledger.service.ts";
import { lockRoundById, updateRound } from "./provider-rounds.repository.ts";
import { findTransaction, insertPlaceholderDebit, markRolledBack } from "./provider-transactions.repository.ts";
import { gameBalanceOf, type Outcome, type WalletCall, WalletRefusal } from "./wallet-transaction.ts";

/**
 * rollback: cancels the debit named by reference_transaction_id and refunds it (a reversing journal).
 * Lock order: the claimed rollback row → the debit's row → the round → the player's accounts.
 *   - a debit never seen: a placeholder is recorded under its id (the debit, if it arrives later, is
 *     refused with ALREADY_ROLLED_BACK) and the answer is TRANSACTION_NOT_FOUND;
 *   - a debit of another player, or an id that is not a debit: TRANSACTION_NOT_FOUND;
 *   - a debit already rolled back (by another rollback id): ALREADY_ROLLED_BACK;
 *   - a debit that was refused (nothing was taken): OK, nothing to refund;
 *   - a debit whose round ended: ALREADY_SETTLED;
 *   - an amount that differs from the debit's: INVALID_REQUEST.
 */
export async function applyRollback(tx: Tx, call: WalletCall): Promise<Outcome> {
  const { body, userId, provider } = call;
  const rollbackId = body.transaction_id ?? "";
  const debitId = body.reference_transaction_id ?? "";

  const placeholder = await insertPlaceholderDebit(tx, { provider, transactionId: debitId, userId, rolledBackBy: rollbackId });
  if (placeholder !== undefined) return { status: "TRANSACTION_NOT_FOUND", balance: await gameBalanceOf(tx, userId) };

  const debit = await findTransaction(tx, provider, debitId, { lock: true });
  if (debit?.action !== "debit" || debit.userId !== userId) throw new WalletRefusal("TRANSACTION_NOT_FOUND");
  if (debit.placeholder || debit.rolledBackBy !== null) throw new WalletRefusal("ALREADY_ROLLED_BACK");
  if (body.amount !== undefined && body.amount !== debit.amount) throw new WalletRefusal("INVALID_REQUEST");
  if (debit.status !== "OK" || debit.journalId === null || debit.roundRef === null) {
    await markRolledBack(tx, debit.id, rollbackId);
    return { status: "OK", balance: await gameBalanceOf(tx, userId) };
  }

  const round = await lockRoundById(tx, debit.roundRef);
  if (!round) throw new Error(`round ${debit.roundRef} vanished`);
  if (round.status === "settled") throw new WalletRefusal("ALREADY_SETTLED");

  const balances = await lockPlayer(tx, userId);
  const journal = await reverseJournal(tx, debit.journalId, {
    kind: "casino_bet_rollback",
    uniqueKey: `provider:${provider}:${rollbackId}`,
    meta: { provider, transaction_id: rollbackId, reference_transaction_id: debitId, round_id: round.roundId },
  });
  const after = balanceAfter(journal, { userId, kind: "game" });
  await markRolledBack(tx, debit.id, rollbackId);
  const bet = Math.max(0, round.bet - (debit.amount ?? 0));
  await updateRound(tx, round.id, {
    bet,
    balanceAfter: after,
    status: bet === 0 && round.payout === 0 ? "rolled_back" : round.status,
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
