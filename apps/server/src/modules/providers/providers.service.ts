/**
 * The providers module as other modules see it: the one file they import (architecture.test.ts holds
 * it). Inside, the module is split by what it serves:
 *
 * - `wallet/`: the signed seamless wallet of the providers (balance, debit, credit, rollback; the
 *   `wallet_*` database functions), casino rounds and their settlement (turnover, points, referral
 *   accrual), the callback log;
 * - `launch/`: the adapter registry and game launch;
 * - `reports/`: the player's game reports and transaction history;
 * - `referral/`: the game referral share (a provider setting), the referral history and its claim.
 *
 * What another wallet protocol of the same game balance (the GSC+ seamless wallet, modules/gsc)
 * builds on: casino rounds locked under the player's users row, their settlement, the sharded casino
 * house accounts, the retry of busy transactions, the callback log and a player's part of the money
 * batcher's wallet lane. The caller owns the money transaction and, as the provider wallet does,
 * takes the player's users row (lockWalletUser) before the ledger accounts and any round.
 */
/** What a game provider implements to be launched (modules register their adapters in ctx.providers). */
export type { LaunchClient, LaunchRequest, LaunchResult, ProviderAdapter } from "./launch/provider-adapter.ts";
export { readReferralShareBasisPoints, writeReferralShare } from "./referral/provider-settings.repository.ts";
export { type CallbackRecord, deleteOldBadSignatureCallbacks, insertCallback } from "./wallet/provider-callbacks.repository.ts";
export {
  ensureAndLockRound,
  type LockedWalletUser,
  lockRoundById,
  lockWalletUser,
  type RoundPatch,
  updateRound,
} from "./wallet/provider-rounds.repository.ts";
export { settleRound } from "./wallet/settlement.ts";
export { clean } from "./wallet/wallet.service.ts";
export { walletLaneOf } from "./wallet/wallet-one-call.ts";
export { CASINO_HOUSE_SHARDS, casinoAccountOf, retryWhenBusy } from "./wallet/wallet-transaction.ts";
