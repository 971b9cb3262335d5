import type { LuckyDailyItem } from "@shwe/contracts";
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
