import type { LotteryType } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { homeKeys } from "./query-keys.ts";

export interface LotteryListItem {
  type: LotteryType;
  name: string;
  odds: number;
  next_draw_at: string | null;
}

/** GET /api/lottery/list: the lottery games with their odds and next draw time (public). */
export function useLotteryList() {
  return useQuery({
    queryKey: homeKeys.lotteryList,
    queryFn: ({ signal }) => api<LotteryListItem[]>("lottery/list", { signal, anonymous: true }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}
