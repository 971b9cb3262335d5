import type { LotteryType } from "@shwe/contracts";
import { commitSeed, DERIVED_FAIR_SOURCE, newSeed } from "@shwe/domain";
import type { Executor } from "../../db/client.ts";
import { lockWaitingFairDrawAtTimeOf, updateDraw } from "./draws.repository.ts";

/**
 * Seeds of fair draws, and the one seed a 1D / crypto 1D draw shares with the 2D / crypto 2D draw at
 * the same time (its number is the last digit of that draw's). The rules when one of the two gets a
 * new seed later (docs/operations.md, "Fair draws: 1D from 2D, and schedule changes") are here, for
 * the scheduler making a 2D draw again and for an operator turning a game fair.
 */

/** The secret seed of a fair draw and its published commitment. */
export interface FairSeed {
  seed: string;
  commitment: string;
}

export async function freshFairSeed(): Promise<FairSeed> {
  const seed = newSeed();
  return { seed, commitment: await commitSeed(seed) };
}

/**
 * A 2D / crypto 2D draw (`sourceId`, in this transaction) has just got a new fair seed: the fair 1D /
 * crypto 1D draw still waiting at its time takes it, with its commitment, when nobody bet on it (its
 * old commitment is dropped unrevealed: no stake depended on it), so its number is again the last
 * digit of the 2D number. A 1D draw with bets keeps the commitment its players bet on and is drawn
 * on its own id from that seed: giving the 2D draw its seed instead would tie the 1D number to the id
 * of a draw made after the bets, which moving days back and forth could choose. The 1D draw is
 * locked FOR UPDATE (no bet in flight) after the 2D draw, in the order results and voids take them.
 * Answers the 1D draws that kept their own commitment.
 */
export async function shareSeedWithDerivedDraws(
  tx: Executor,
  sourceType: LotteryType,
  sourceId: number,
  fair: FairSeed,
): Promise<number[]> {
  const kept: number[] = [];
  for (const [type, source] of Object.entries(DERIVED_FAIR_SOURCE) as [LotteryType, LotteryType][]) {
    if (source !== sourceType) continue;
    const derived = await lockWaitingFairDrawAtTimeOf(tx, type, sourceId);
    if (!derived || derived.fairCommitment === fair.commitment) continue;
    if (derived.hasBets) {
      kept.push(derived.id);
      continue;
    }
    await updateDraw(tx, derived.id, { fairSeedSecret: fair.seed, fairCommitment: fair.commitment, fairSeed: null });
  }
  return kept;
}
