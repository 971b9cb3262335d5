import type { BoardResponse, LotteryType } from "@shwe/contracts";
import type { SlipRules } from "@shwe/domain";

/**
 * The slip rules of a draw as its board shows them, for the domain's checkSlip: the same limits the
 * server applies, with each number's stake so far worked back from what it can still take. The
 * server checks again inside the bet; this only spares the player a refused round trip.
 */
export function rulesFromBoard(type: LotteryType, board: BoardResponse): SlipRules {
  const { limits } = board;
  const hotCap = Math.min(limits.hot_cap, limits.number_cap);
  const blocked = new Set<string>();
  const hot = new Set<string>();
  const staked = new Map<string, number>();
  for (const n of board.numbers) {
    if (n.blocked) blocked.add(n.number);
    if (n.hot) hot.add(n.number);
    if (!n.blocked) staked.set(n.number, Math.max(0, (n.hot ? hotCap : limits.number_cap) - n.remaining));
  }
  return {
    type,
    minStake: limits.min_stake,
    maxStake: limits.max_stake,
    maxLines: limits.max_lines,
    numberCap: limits.number_cap,
    hotCap: limits.hot_cap,
    blocked,
    hot,
    staked,
  };
}
