import { type Decision, MESSAGES, refusal } from "../ledger/rules.ts";
import { commitSeed, digestWords, hmacSha256, isValidSeed, uniformFromWords } from "../lottery/fair-draw.ts";
import { POCKET_MAX_BUDGET } from "./pocket-caps.ts";

/**
 * Pocket money (domain-rules §7): one campaign per Asia/Yangon day with a budget, a minimum and a
 * maximum amount. An eligible player claims once per day; the server draws the amount, never the
 * client, and pays it to the main balance.
 *
 * The draw is verifiable afterwards. Each campaign has a secret seed (64 lowercase hex characters,
 * like a fair lottery draw) whose SHA-256 is its commitment. A claim's message is
 * `pocket:<campaign id>:<user id>` and its bounds are lower = the campaign minimum and upper =
 * min(maximum, budget left at the claim). HMAC-SHA256(seed, message) is read as eight big-endian
 * 32-bit words; the first word below the largest multiple of size = upper − lower + 1 within 2^32
 * gives amount = lower + word mod size (no modulo bias); if all eight are refused the message
 * becomes `<message>:1`, `:2`, … Anyone holding the seed, the message and the bounds can re-derive
 * the amount, e.g. `printf %s MESSAGE | openssl dgst -sha256 -hmac SEED`.
 */

export const POCKET_MESSAGES = {
  noCampaign: "There is no pocket money today.",
  alreadyClaimed: "You have already claimed today's pocket money. Come back tomorrow!",
  budgetSpent: "Today's pocket money has all been given out. Please try again tomorrow.",
} as const;

export interface PocketCampaignTerms {
  budget: number;
  spent: number;
  minAmount: number;
  maxAmount: number;
  /** The account level a player needs (1 or 2). */
  minLevel: number;
}

export interface PocketBounds {
  lower: number;
  upper: number;
}

/**
 * The bounds of the next claim: [min, min(max, budget − spent)], or null when what is left of the
 * budget is below the minimum (the budget is spent).
 */
export function pocketBounds(c: Pick<PocketCampaignTerms, "budget" | "spent" | "minAmount" | "maxAmount">): PocketBounds | null {
  const remaining = c.budget - c.spent;
  if (remaining < c.minAmount) return null;
  return { lower: c.minAmount, upper: Math.min(c.maxAmount, remaining) };
}

export interface PocketClaimState {
  /** Today's campaign, or null when there is none. */
  campaign: PocketCampaignTerms | null;
  /** The player's account level. */
  level: number;
  /** Whether the player already claimed today's campaign. */
  alreadyClaimed: boolean;
}

/**
 * Whether a claim may go ahead, and the bounds its amount is drawn in. Refusals, in this order:
 * 422 NO_CAMPAIGN, 403 LEVEL_2_REQUIRED, 422 ALREADY_CLAIMED, 422 BUDGET_SPENT.
 */
export function decidePocketClaim(state: PocketClaimState): Decision<PocketBounds> {
  const c = state.campaign;
  if (!c) return refusal(422, "NO_CAMPAIGN", POCKET_MESSAGES.noCampaign);
  if (state.level < c.minLevel) return refusal(403, "LEVEL_2_REQUIRED", MESSAGES.level2);
  if (state.alreadyClaimed) return refusal(422, "ALREADY_CLAIMED", POCKET_MESSAGES.alreadyClaimed);
  const bounds = pocketBounds(c);
  if (!bounds) return refusal(422, "BUDGET_SPENT", POCKET_MESSAGES.budgetSpent);
  return { ok: true, value: bounds };
}

/** The HMAC message of a claim. */
export function pocketMessage(campaignId: number, userId: number): string {
  if (!Number.isSafeInteger(campaignId) || campaignId < 1 || !Number.isSafeInteger(userId) || userId < 1) {
    throw new RangeError("campaign and user ids are positive integers");
  }
  return `pocket:${campaignId}:${userId}`;
}

function checkBounds(lower: number, upper: number): number {
  if (!Number.isSafeInteger(lower) || !Number.isSafeInteger(upper) || lower < 1 || upper < lower || upper > POCKET_MAX_BUDGET) {
    throw new RangeError(`[${lower}, ${upper}] is not a usable pocket range`);
  }
  const size = upper - lower + 1;
  if (size > 2 ** 32) throw new RangeError(`[${lower}, ${upper}] is wider than 2^32`);
  return size;
}

/** The amount one digest's words give within [lower, upper], or null when every word is refused. */
export function pocketAmountFromWords(words: readonly number[], lower: number, upper: number): number | null {
  const offset = uniformFromWords(words, checkBounds(lower, upper));
  return offset === null ? null : lower + offset;
}

/** The steps behind a pocket amount, for an operator or auditor re-deriving it. */
export interface PocketDerivation {
  amount: number;
  /** The HMAC message of the accepted round. */
  roundMessage: string;
  hmac: string;
}

/** Derives a claim's amount from the campaign seed, the claim's message and its bounds. */
export async function derivePocketAmount(seed: string, message: string, lower: number, upper: number): Promise<PocketDerivation> {
  if (!isValidSeed(seed)) throw new RangeError("A pocket seed is 64 lowercase hex characters");
  checkBounds(lower, upper);
  for (let round = 0; ; round++) {
    const roundMessage = round === 0 ? message : `${message}:${round}`;
    const hmac = await hmacSha256(seed, roundMessage);
    const amount = pocketAmountFromWords(digestWords(hmac), lower, upper);
    if (amount !== null) return { amount, roundMessage, hmac };
  }
}

export interface PocketProof {
  seed: string;
  commitment: string;
  message: string;
  lower: number;
  upper: number;
  amount: number;
}

/** True only when the seed matches the commitment and gives exactly this amount; never throws. */
export async function verifyPocketAmount(proof: PocketProof): Promise<boolean> {
  try {
    if (!isValidSeed(proof.seed)) return false;
    if ((await commitSeed(proof.seed)) !== proof.commitment.toLowerCase()) return false;
    return (await derivePocketAmount(proof.seed, proof.message, proof.lower, proof.upper)).amount === proof.amount;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}
