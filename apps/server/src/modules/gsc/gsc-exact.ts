import { KYAT } from "./gsc-amount.ts";

/**
 * The exact GSC+ balance of a player over the whole-kyat ledger (decisions 0015 and 0016).
 *
 * The ledger holds the game balance in whole kyat and never below 0 (invariant I4). Beside it, per
 * player, are a sub-kyat remainder r (0 ≤ r < 1 kyat) and a debt to the house d (≥ 0), both in
 * ten-thousandths of a kyat, never both non-zero. The exact balance the aggregator sees is
 *
 *     E = kyat × 10⁴ + r − d.
 *
 * Every movement δ (exact, signed) sets E' = E + δ and writes E' back in its one normal form:
 * E' ≥ 0 → kyat' = ⌊E'/10⁴⌋, r' = E' mod 10⁴, d' = 0; E' < 0 → kyat' = 0, r' = 0, d' = −E'.
 * Only kyat' − kyat moves through the ledger (between the game balance and the product's house
 * account), so no fraction of a kyat is ever made or lost: the house's exact position is its ledger
 * balance − Σr + Σd. A debt is repaid first by whatever comes next (a credit raises E toward 0 before
 * any kyat reaches the game balance), and a debit never spends below 0 unless the action may overdraw.
 */
export interface ExactState {
  /** The ledger's game balance, whole kyat, ≥ 0. */
  kyat: bigint;
  /** Sub-kyat remainder, 0 ≤ r < 10⁴. */
  remainder: bigint;
  /** Debt to the house, ≥ 0 (only with remainder 0). */
  debt: bigint;
}

export function exactBalance(s: ExactState): bigint {
  return s.kyat * KYAT + s.remainder - s.debt;
}

/** The normal form of an exact balance (whole kyat, remainder, debt). */
export function normalForm(exact: bigint): ExactState {
  if (exact < 0n) return { kyat: 0n, remainder: 0n, debt: -exact };
  return { kyat: exact / KYAT, remainder: exact % KYAT, debt: 0n };
}

export interface Movement {
  state: ExactState;
  /** Whole kyat the ledger moves into (+) or out of (−) the game balance. */
  kyatMoved: bigint;
}

/**
 * Applies δ. Undefined when E + δ < 0 and the action may not overdraw (the caller answers 1001).
 * A state that is not in normal form (kyat > 0 beside a debt: the player topped the game balance up
 * while owing) is normalised by the same step, so the debt is repaid from it first.
 */
export function applyMovement(s: ExactState, delta: bigint, mayOverdraw: boolean): Movement | undefined {
  const next = exactBalance(s) + delta;
  if (next < 0n && !mayOverdraw && delta < 0n) return undefined;
  const state = normalForm(next);
  return { state, kyatMoved: state.kyat - s.kyat };
}
