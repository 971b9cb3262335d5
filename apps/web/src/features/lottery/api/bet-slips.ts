import type { BetSlip, LotteryType } from "@shwe/contracts";
import { api } from "../../../lib/api-client.ts";
import { usePagedList } from "../../../lib/use-paged-list.ts";
import { LOTTERY_API } from "../lib/games.ts";
import { lotteryKeys } from "./query-keys.ts";

interface BetSlipPage {
  data: BetSlip[];
  next_cursor?: string | null;
}

/**
 * GET /api/user/bet_slip_history_{1d,2d,3d,c1d,c2d}?start_date&end_date[&cursor]: the player's slips,
 * newest first, a page at a time. A failed first call gives an empty list (spec §8).
 */
export function useBetSlips(type: LotteryType, start: string, end: string) {
  return usePagedList<BetSlipPage>({
    queryKey: lotteryKeys.slips(type, start, end),
    fetchPage: (cursor, signal) =>
      api<BetSlipPage>(LOTTERY_API[type].history, { query: { start_date: start, end_date: end, cursor }, signal }),
    staleTime: 0,
  });
}
