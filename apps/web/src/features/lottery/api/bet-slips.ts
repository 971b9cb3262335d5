import type { BetSlip, LotteryType } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { LOTTERY_API } from "../lib/games.ts";
import { lotteryKeys } from "./query-keys.ts";

/** GET /api/user/bet_slip_history_{1d,2d,3d,c1d,c2d}?start_date&end_date: the player's slips, newest first. */
export function useBetSlips(type: LotteryType, start: string, end: string) {
  return useQuery({
    queryKey: lotteryKeys.slips(type, start, end),
    queryFn: ({ signal }) =>
      api<{ data: BetSlip[] }>(LOTTERY_API[type].history, { query: { start_date: start, end_date: end }, signal })
        .then((r) => r.data)
        .catch((error: unknown) => {
          // Spec §8: a failed history call gives an empty list.
          if (signal.aborted) throw error;
          return [] as BetSlip[];
        }),
    staleTime: 0,
  });
}
