import type { LOTTERY_PATHS, LotteryType } from "@shwe/contracts";
import { LOTTERY_GAMES } from "@shwe/domain";

/** The order games are offered in tabs and menus: Thai games first, then crypto. */
export const GAME_ORDER: readonly LotteryType[] = ["2D", "1D", "3D", "C2D", "C1D"];

/** Translation key suffix of a game's names (lottery:games.<key>.name). */
export function gameKey(type: LotteryType): string {
  return type.toLowerCase();
}

/** How many cells a board page shows: all of 1D and 2D, one hundred of 3D at a time. */
export function pageSize(type: LotteryType): number {
  return Math.min(LOTTERY_GAMES[type].size, 100);
}

/** 3D boards are paged by hundreds: the page a number sits on ("457" → 4). */
export function pageOf(type: LotteryType, number: string): number {
  return LOTTERY_GAMES[type].size > 100 ? Math.floor(Number.parseInt(number, 10) / 100) : 0;
}

/**
 * The API paths of each game, exactly the contract's LOTTERY_PATHS (the type check below fails if
 * they ever differ). Kept here so the lottery pages load without the contract's runtime schemas.
 */
export const LOTTERY_API = {
  "1D": { section: "section_1d", board: "new_one_d", bet: "user/betting_1d", history: "user/bet_slip_history_1d" },
  "2D": { section: "section", board: "new_two_d", bet: "user/betting", history: "user/bet_slip_history_2d" },
  "3D": { section: "section_3d", board: "three_d", bet: "user/betting_3d", history: "user/bet_slip_history_3d" },
  C1D: { section: "section_crypton1d", board: "crypto_one_d", bet: "user/betting_c1d", history: "user/bet_slip_history_c1d" },
  C2D: { section: "section_crypton2d", board: "crypto_two_d", bet: "user/betting_c2d", history: "user/bet_slip_history_c2d" },
} as const satisfies typeof LOTTERY_PATHS;
