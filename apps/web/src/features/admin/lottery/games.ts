import type { LotteryType, Market } from "@shwe/contracts";

/** The market each game's running number is read from (the live readings' settings page). */
export const MARKET_OF_GAME: Partial<Record<LotteryType, Market>> = { "2D": "set", "1D": "set", C2D: "crypto", C1D: "crypto" };

export const ADMIN_GAMES: readonly LotteryType[] = ["2D", "1D", "3D", "C2D", "C1D"];
