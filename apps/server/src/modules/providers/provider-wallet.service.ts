/**
 * The provider wallet's building blocks for another wallet protocol of the same game balance (the
 * GSC+ seamless wallet, modules/gsc): casino rounds locked under the player's users row, their
 * settlement (turnover, points, referral accrual), the sharded casino house accounts, the retry of
 * busy transactions, the callback log and a player's part of the money batcher's wallet lane. The caller owns the money transaction and, as the provider
 * wallet does, takes the player's users row (lockWalletUser) before the ledger accounts and any round.
 */
export { type CallbackRecord, insertCallback } from "./provider-callbacks.repository.ts";
export {
  ensureAndLockRound,
  type LockedWalletUser,
  lockRoundById,
  lockWalletUser,
  type RoundPatch,
  updateRound,
} from "./provider-rounds.repository.ts";
export { settleRound } from "./settlement.ts";
export { walletLaneOf } from "./wallet-one-call.ts";
export { CASINO_HOUSE_SHARDS, casinoAccountOf, retryWhenBusy } from "./wallet-transaction.ts";
