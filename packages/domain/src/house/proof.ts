import { commitSeed, isValidSeed } from "../lottery/fair-draw.ts";
import { crashRound } from "./crash.ts";
import { HOUSE_GAME_CODES, type HouseGameCode } from "./games.ts";
import { HouseRuleError } from "./round-words.ts";
import { slotRound } from "./slot.ts";

export function isHouseGameCode(code: unknown): code is HouseGameCode {
  return typeof code === "string" && (HOUSE_GAME_CODES as readonly string[]).includes(code);
}

/** What a finished round publishes; with it anyone can check the round. */
export type HouseRoundProof =
  | {
      readonly game: "house-slot";
      readonly roundId: number | string;
      readonly seed: string;
      readonly commitment: string;
      readonly bet: number;
      /** reels[reel][row] as shown. */
      readonly reels: readonly (readonly string[])[];
      readonly payout: number;
    }
  | {
      readonly game: "house-crash";
      readonly roundId: number | string;
      readonly seed: string;
      readonly commitment: string;
      /** Hundredths. */
      readonly crashPoint: number;
    };

export interface HouseRoundCheck {
  /** SHA-256 of the revealed seed equals the commitment shown before the round. */
  readonly commitment: boolean;
  /** The seed and round id give exactly the outcome that was shown (and paid). */
  readonly outcome: boolean;
}

/** Checks a finished round; never throws for a malformed proof (both checks are then false). */
export async function verifyHouseRound(proof: HouseRoundProof): Promise<HouseRoundCheck> {
  try {
    if (!isValidSeed(proof.seed)) return { commitment: false, outcome: false };
    const commitment = (await commitSeed(proof.seed)) === proof.commitment.toLowerCase();
    let outcome: boolean;
    if (proof.game === "house-slot") {
      const expected = await slotRound(proof.seed, proof.roundId, proof.bet);
      outcome = expected.payout === proof.payout && JSON.stringify(expected.reels) === JSON.stringify(proof.reels);
    } else {
      outcome = (await crashRound(proof.seed, proof.roundId)).crashPoint === proof.crashPoint;
    }
    return { commitment, outcome };
  } catch (error) {
    if (error instanceof HouseRuleError) return { commitment: false, outcome: false };
    throw error;
  }
}
