import type { ProviderWalletAnswer } from "@shwe/contracts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { advanceRound, findRound, type HouseRoundRow, openRounds } from "./house.repository.ts";
import { type HouseWalletClient, WalletUnreachableError } from "./house-wallet.client.ts";

/**
 * The wallet legs of a house round and their recovery.
 *
 * debit (the bet) → credit (the payout, 0 for a lost round, kind "win"). Every call of a round keeps
 * its transaction id forever, so a retry is the same request and the wallet applies it at most once:
 * - a credit without an answer is sent again, with the same id and body, until the wallet answers;
 * - a debit without an answer is cancelled with a rollback naming it (the wallet also refuses that
 *   debit if it arrives after the rollback), so the player never loses a bet to a lost answer.
 */

export interface HouseLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface HouseDeps {
  db: Db;
  clock: Clock;
  wallet: HouseWalletClient;
  log: HouseLog;
}

/** A pending round untouched this long lost its debit answer (wallet calls time out after 10 s). */
export const PENDING_STALE_MS = 30_000;

export const walletUnavailable = (details?: Record<string, unknown>) =>
  new AppError(503, "WALLET_UNAVAILABLE", "The game could not reach your game wallet. No bet was taken; please try again.", details);

export const roundPending = (roundId: number) =>
  new AppError(503, "ROUND_PENDING", "Your round is saved and will be paid as soon as the game wallet answers. Please try again shortly.", {
    round_id: String(roundId),
  });

/** The error a player sees when the wallet refused the debit (nothing moved). */
export function refusalError(status: string, balance: number | null): AppError {
  switch (status) {
    case "INSUFFICIENT_FUNDS":
      return new AppError(422, "INSUFFICIENT_FUNDS", "Not enough game balance. Transfer from the main balance first.", {
        balance: balance ?? 0,
      });
    case "PLAYER_BLOCKED":
      return new AppError(403, "BLOCKED", "This account is blocked. Please contact customer service.");
    case "PROVIDER_DISABLED":
      return new AppError(422, "GAME_UNAVAILABLE", "This game is under maintenance. Please try again later.");
    case "UNKNOWN_PLAYER":
      return new AppError(422, "UNKNOWN_PLAYER", "Your game wallet was not found. Close the game and open it again.");
    default:
      return walletUnavailable({ status });
  }
}

const isOk = (a: ProviderWalletAnswer) => a.status === "OK";

/** Sends the round's debit. Returns the round as it then stands (debited, refused or rolled back / still pending). */
export async function debitRound(deps: HouseDeps, round: HouseRoundRow): Promise<HouseRoundRow> {
  let answer: ProviderWalletAnswer;
  try {
    answer = await deps.wallet.debit({
      player: round.userCode,
      transaction_id: round.debitTx,
      round_id: String(round.id),
      game_code: round.game,
      amount: round.bet,
    });
  } catch (error) {
    if (!(error instanceof WalletUnreachableError)) throw error;
    deps.log.warn({ round: round.id, err: error.cause }, "house debit got no answer: rolling it back");
    await advanceRound(deps.db, round.id, ["pending"], { walletStatus: "UNREACHABLE" }, deps.clock.now());
    return rollbackRound(deps, round);
  }
  const now = deps.clock.now();
  if (isOk(answer)) {
    return (
      (await advanceRound(
        deps.db,
        round.id,
        ["pending"],
        { status: "debited", walletStatus: "OK", balanceAfter: answer.balance ?? null },
        now,
      )) ?? (await reload(deps, round))
    );
  }
  if (answer.status !== "INSUFFICIENT_FUNDS" && answer.status !== "PLAYER_BLOCKED") {
    deps.log.error({ round: round.id, status: answer.status }, "house debit refused by the wallet");
  }
  return (
    (await advanceRound(
      deps.db,
      round.id,
      ["pending"],
      { status: "refused", walletStatus: answer.status, balanceAfter: answer.balance ?? null },
      now,
    )) ?? (await reload(deps, round))
  );
}

/** Sends (or sends again) the round's credit: payout, 0 for a lost round. */
export async function creditRound(deps: HouseDeps, round: HouseRoundRow): Promise<HouseRoundRow> {
  let answer: ProviderWalletAnswer;
  try {
    answer = await deps.wallet.credit({
      player: round.userCode,
      transaction_id: round.creditTx,
      round_id: String(round.id),
      game_code: round.game,
      amount: round.payout,
      kind: "win",
    });
  } catch (error) {
    if (!(error instanceof WalletUnreachableError)) throw error;
    deps.log.warn({ round: round.id, err: error.cause }, "house credit got no answer: it will be sent again");
    return (
      (await advanceRound(
        deps.db,
        round.id,
        ["debited"],
        { walletStatus: "UNREACHABLE", attempts: round.attempts + 1 },
        deps.clock.now(),
      )) ?? (await reload(deps, round))
    );
  }
  const now = deps.clock.now();
  // ALREADY_SETTLED: the wallet closed this round already (this credit arrived before); nothing more to pay.
  if (isOk(answer) || answer.status === "ALREADY_SETTLED") {
    return (
      (await advanceRound(
        deps.db,
        round.id,
        ["debited"],
        { status: "settled", walletStatus: answer.status, balanceAfter: answer.balance ?? round.balanceAfter, settledAt: now },
        now,
      )) ?? (await reload(deps, round))
    );
  }
  if (answer.status === "ALREADY_ROLLED_BACK") {
    deps.log.error({ round: round.id }, "house credit found its debit rolled back");
    return (
      (await advanceRound(deps.db, round.id, ["debited"], { status: "rolled_back", walletStatus: answer.status, settledAt: now }, now)) ??
      (await reload(deps, round))
    );
  }
  deps.log.error({ round: round.id, status: answer.status }, "house credit refused by the wallet: it will be sent again");
  return (
    (await advanceRound(deps.db, round.id, ["debited"], { walletStatus: answer.status, attempts: round.attempts + 1 }, now)) ??
    (await reload(deps, round))
  );
}

/** Cancels a debit whose answer never came. Stays pending (to be retried) when the rollback gets no answer either. */
export async function rollbackRound(deps: HouseDeps, round: HouseRoundRow): Promise<HouseRoundRow> {
  let answer: ProviderWalletAnswer;
  try {
    answer = await deps.wallet.rollback({
      player: round.userCode,
      transaction_id: round.rollbackTx,
      round_id: String(round.id),
      game_code: round.game,
      reference_transaction_id: round.debitTx,
    });
  } catch (error) {
    if (!(error instanceof WalletUnreachableError)) throw error;
    deps.log.warn({ round: round.id, err: error.cause }, "house rollback got no answer: it will be sent again");
    return (
      (await advanceRound(
        deps.db,
        round.id,
        ["pending"],
        { walletStatus: "UNREACHABLE", attempts: round.attempts + 1 },
        deps.clock.now(),
      )) ?? (await reload(deps, round))
    );
  }
  const now = deps.clock.now();
  // TRANSACTION_NOT_FOUND: the debit never arrived; the wallet now refuses it if it ever does.
  if (isOk(answer) || answer.status === "ALREADY_ROLLED_BACK" || answer.status === "TRANSACTION_NOT_FOUND") {
    return (
      (await advanceRound(
        deps.db,
        round.id,
        ["pending"],
        { status: "rolled_back", walletStatus: answer.status, balanceAfter: answer.balance ?? null, settledAt: now },
        now,
      )) ?? (await reload(deps, round))
    );
  }
  deps.log.error({ round: round.id, status: answer.status }, "house rollback refused by the wallet");
  return (
    (await advanceRound(deps.db, round.id, ["pending"], { walletStatus: answer.status, attempts: round.attempts + 1 }, now)) ??
    (await reload(deps, round))
  );
}

async function reload(deps: HouseDeps, round: HouseRoundRow): Promise<HouseRoundRow> {
  return (await findRound(deps.db, round.id)) ?? round;
}

/** Completes one waiting round: credit again (debited) or roll back (pending). */
export async function completeRound(deps: HouseDeps, round: HouseRoundRow): Promise<HouseRoundRow> {
  if (round.status === "debited") return creditRound(deps, round);
  if (round.status === "pending") return rollbackRound(deps, round);
  return round;
}

/**
 * Completes the rounds still waiting for the wallet (all players, or one). Returns how many are
 * still open afterwards.
 */
export async function completeOpenRounds(deps: HouseDeps, opts: { userCode?: string; limit?: number } = {}): Promise<number> {
  const staleBefore = new Date(deps.clock.now().getTime() - PENDING_STALE_MS);
  const rounds = await openRounds(deps.db, {
    staleBefore,
    limit: opts.limit ?? 100,
    ...(opts.userCode ? { userCode: opts.userCode } : {}),
  });
  let open = 0;
  for (const round of rounds) {
    const after = await completeRound(deps, round);
    if (after.status === "pending" || after.status === "debited") open++;
  }
  return open;
}
