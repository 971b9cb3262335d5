import type { LotteryType, WinnerList } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { lotteryKeys } from "./query-keys.ts";

const EMPTY: WinnerList = { section: null, draw_id: null, lucky_number: null, data: [] };

/**
 * GET /api/winner_users/{type}: the latest settled draw's winners. The request takes TanStack Query's
 * signal, so a request still running when the player picks another game is cancelled; a failure
 * shows an empty list (spec §4).
 */
export function fetchWinners(type: LotteryType, signal: AbortSignal): Promise<WinnerList> {
  return api<WinnerList>(`winner_users/${type}`, { signal, anonymous: true }).catch((error: unknown) => {
    if (signal.aborted) throw error;
    return EMPTY;
  });
}

export function useWinners(type: LotteryType) {
  return useQuery({
    queryKey: lotteryKeys.winners(type),
    queryFn: ({ signal }) => fetchWinners(type, signal),
    staleTime: 0,
  });
}
