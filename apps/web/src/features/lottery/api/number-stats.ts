import type { LotteryType, NumberStats } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

// Keys of their own (under "lottery", so a result arriving refreshes them too): sharing query-keys.ts
// with the game pages would split it into one more chunk of the 2D page's first load.
/** GET /api/lottery/stats/{type}?days=30|90: hits and absence of every number, head and tail digit; hot and cold numbers. */
export function useNumberStats(type: LotteryType, days: 30 | 90) {
  return useQuery({
    queryKey: ["lottery", "stats", type, days] as const,
    queryFn: ({ signal }) => api<NumberStats>(`lottery/stats/${type}`, { query: { days }, signal, anonymous: true }),
  });
}
