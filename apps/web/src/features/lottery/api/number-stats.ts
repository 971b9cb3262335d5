import type { LotteryType, NumberStats } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { lotteryKeys } from "./query-keys.ts";

/** GET /api/lottery/stats/{type}?days=30|90: hits and absence of every number, head and tail digit; hot and cold numbers. */
export function useNumberStats(type: LotteryType, days: 30 | 90) {
  return useQuery({
    queryKey: lotteryKeys.stats(type, days),
    queryFn: ({ signal }) => api<NumberStats>(`lottery/stats/${type}`, { query: { days }, signal, anonymous: true }),
  });
}
