import type { LotteryType, LuckyDailyItem, LuckyHistoryItem } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { lotteryKeys } from "./query-keys.ts";

/** GET /api/luckynumber_daily: today's draws of every game, number null until settled. */
export function useLuckyDaily() {
  return useQuery({
    queryKey: lotteryKeys.daily,
    queryFn: ({ signal }) => api<LuckyDailyItem[]>("luckynumber_daily", { signal, anonymous: true }),
    refetchInterval: 60_000,
  });
}

/** GET /api/luckynumber_history/{type}?start_date&end_date: settled draws, newest first (a failed call shows an empty list). */
export function useLuckyHistory(type: LotteryType, start: string, end: string) {
  return useQuery({
    queryKey: lotteryKeys.history(type, start, end),
    queryFn: ({ signal }) =>
      api<{ data: LuckyHistoryItem[] }>(`luckynumber_history/${type}`, {
        query: { start_date: start, end_date: end },
        signal,
        anonymous: true,
      })
        .then((r) => r.data)
        .catch((error: unknown) => {
          if (signal.aborted) throw error;
          return [] as LuckyHistoryItem[];
        }),
  });
}
