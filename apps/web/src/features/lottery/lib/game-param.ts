import type { LotteryType } from "@shwe/contracts";
import { GAME_ORDER } from "./games.ts";

/** The game of a `?game=` parameter (any case), 2D when missing or unknown. */
export function gameOfParam(value: string | null): LotteryType {
  const upper = value?.toUpperCase();
  return GAME_ORDER.find((g) => g === upper) ?? "2D";
}
