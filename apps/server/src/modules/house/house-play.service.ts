import {
  CRASH_BETS,
  commitSeed,
  crashPayout,
  crashRound,
  type HouseGameCode,
  isCrashBet,
  isCrashCashOut,
  isSlotBet,
  multiplierToHundredths,
  newSeed,
  SLOT_BETS,
  slotRound,
} from "@shwe/domain";
import { badRequest, conflict, ReplayedRefusal } from "../../lib/errors.ts";
import {
  findRoundByRequestKey,
  type HouseRoundRow,
  type HouseSessionRow,
  insertRound,
  lockSession,
  nextRoundId,
  setNextSeed,
} from "./house.repository.ts";
import {
  completeOpenRounds,
  completeRound,
  creditRound,
  debitRound,
  type HouseDeps,
  PENDING_STALE_MS,
  refusalError,
  roundPending,
  walletUnavailable,
} from "./house-rounds.service.ts";
import { requireGame, sessionExpired } from "./house-session.service.ts";

/** Playing a round of a house game: the round is fixed first (committed seed, round id), then the wallet legs run. */

interface RoundPlan {
  game: HouseGameCode;
  bet: number;
  cashOut: number | null;
  /** The outcome and payout of round `roundId` with the committed seed. */
  decide(seed: string, roundId: number): Promise<{ outcome: object; payout: number }>;
}

export interface PlayedRound {
  round: HouseRoundRow;
  nextCommitment: string;
  /** The round an earlier request with the same Idempotency-Key made: answered with `Idempotent-Replayed: true`. */
  replayed: boolean;
}

export async function playSlot(deps: HouseDeps, session: HouseSessionRow, bet: number, requestKey?: string): Promise<PlayedRound> {
  requireGame(session, "house-slot");
  if (!isSlotBet(bet)) throw badRequest(`Choose one of the bet amounts: ${SLOT_BETS.join(", ")}.`, { bets: [...SLOT_BETS] });
  return play(
    deps,
    session,
    {
      game: "house-slot",
      bet,
      cashOut: null,
      async decide(seed, roundId) {
        const spin = await slotRound(seed, roundId, bet);
        return { outcome: { stops: spin.stops, reels: spin.reels, lines: spin.lines }, payout: spin.payout };
      },
    },
    requestKey,
  );
}

export async function playCrash(
  deps: HouseDeps,
  session: HouseSessionRow,
  bet: number,
  autoCashOut: number,
  requestKey?: string,
): Promise<PlayedRound> {
  requireGame(session, "house-crash");
  if (!isCrashBet(bet)) throw badRequest(`Choose one of the bet amounts: ${CRASH_BETS.join(", ")}.`, { bets: [...CRASH_BETS] });
  const cashOut = multiplierToHundredths(autoCashOut);
  if (cashOut === null || !isCrashCashOut(cashOut)) {
    throw badRequest("The auto cash-out is a multiplier from 1.01 to 100 with at most two decimals.", {
      fields: [{ field: "auto_cash_out", message: "must be 1.01–100 with at most two decimals" }],
    });
  }
  return play(
    deps,
    session,
    {
      game: "house-crash",
      bet,
      cashOut,
      async decide(seed, roundId) {
        const { crashPoint } = await crashRound(seed, roundId);
        return { outcome: { crash_point: crashPoint }, payout: crashPayout(bet, cashOut, crashPoint) };
      },
    },
    requestKey,
  );
}

async function play(deps: HouseDeps, session: HouseSessionRow, plan: RoundPlan, requestKey?: string): Promise<PlayedRound> {
  if (requestKey) {
    const earlier = await findRoundByRequestKey(deps.db, session.id, requestKey);
    if (earlier) return replay(deps, session, plan, earlier);
  }
  // A player's earlier round still waiting for the wallet is finished first (its credit sent again,
  // or its unanswered debit rolled back); while that is impossible, no new bet is taken.
  if ((await completeOpenRounds(deps, { userCode: session.userCode })) > 0) throw walletUnavailable();

  let round: HouseRoundRow;
  let nextCommitment: string;
  try {
    ({ round, nextCommitment } = await createRound(deps, session, plan, requestKey));
  } catch (error) {
    // The same Idempotency-Key raced in twice: answer with the round the other request made.
    const earlier = requestKey && isUniqueViolation(error) ? await findRoundByRequestKey(deps.db, session.id, requestKey) : undefined;
    if (earlier) return replay(deps, session, plan, earlier);
    throw error;
  }
  return { round: await runWalletLegs(deps, round), nextCommitment, replayed: false };
}

/** Inserts the round with the session's committed seed, and commits the session to a fresh seed for the next one. */
async function createRound(
  deps: HouseDeps,
  session: HouseSessionRow,
  plan: RoundPlan,
  requestKey?: string,
): Promise<{ round: HouseRoundRow; nextCommitment: string }> {
  const following = newSeed();
  const followingCommitment = await commitSeed(following);
  const round = await deps.db.transaction(async (tx) => {
    const locked = await lockSession(tx, session.id);
    if (!locked) throw sessionExpired();
    const id = await nextRoundId(tx);
    const { outcome, payout } = await plan.decide(locked.nextSeed, id);
    const now = deps.clock.now();
    const row = await insertRound(tx, {
      id,
      sessionId: session.id,
      userCode: session.userCode,
      game: plan.game,
      bet: plan.bet,
      cashOut: plan.cashOut,
      outcome,
      payout,
      seed: locked.nextSeed,
      commitment: locked.nextCommitment,
      status: "pending",
      debitTx: `${id}:debit`,
      creditTx: `${id}:credit`,
      rollbackTx: `${id}:rollback`,
      requestKey: requestKey ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await setNextSeed(tx, session.id, following, followingCommitment);
    return row;
  });
  return { round, nextCommitment: followingCommitment };
}

async function runWalletLegs(deps: HouseDeps, created: HouseRoundRow): Promise<HouseRoundRow> {
  let round = await debitRound(deps, created);
  if (round.status === "refused") throw refusalError(round.walletStatus ?? "", round.balanceAfter);
  if (round.status === "rolled_back" || round.status === "pending") throw walletUnavailable({ round_id: String(round.id) });
  // Debited: the payout is owed. A credit without an answer is sent once more at once, then by the recovery.
  round = await creditRound(deps, round);
  if (round.status === "debited") round = await creditRound(deps, round);
  if (round.status === "debited") throw roundPending(round.id);
  if (round.status === "rolled_back") throw walletUnavailable({ round_id: String(round.id) });
  return round;
}

/**
 * A play repeated with the same Idempotency-Key: the same round again (finished first if it was
 * waiting). Its outcome, paid or refused by the wallet, is a replay (api.md "Idempotency": sent with
 * `Idempotent-Replayed: true`); a round still in progress or waiting for the wallet is not an answer yet.
 */
async function replay(deps: HouseDeps, session: HouseSessionRow, plan: RoundPlan, earlier: HouseRoundRow): Promise<PlayedRound> {
  if (earlier.game !== plan.game || earlier.bet !== plan.bet || earlier.cashOut !== plan.cashOut) {
    throw conflict("IDEMPOTENCY_MISMATCH", "This request key was already used for a different play.");
  }
  const inFlight = earlier.status === "pending" && deps.clock.now().getTime() - earlier.updatedAt.getTime() < PENDING_STALE_MS;
  if (inFlight) throw conflict("ROUND_IN_PROGRESS", "This play is still in progress. Please wait a moment.");
  const round = earlier.status === "pending" || earlier.status === "debited" ? await completeRound(deps, earlier) : earlier;
  if (round.status === "refused") {
    const refusal = refusalError(round.walletStatus ?? "", round.balanceAfter);
    throw new ReplayedRefusal(refusal.status, refusal.code, refusal.message, refusal.details);
  }
  if (round.status === "debited") throw roundPending(round.id);
  if (round.status !== "settled") throw walletUnavailable({ round_id: String(round.id) });
  return { round, nextCommitment: session.nextCommitment, replayed: true };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
}
