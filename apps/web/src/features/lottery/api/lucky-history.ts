import type { LotteryType, LuckyHistoryItem } from "@shwe/contracts";
import { api } from "../../../lib/api-client.ts";
import { usePagedList } from "../../../lib/use-paged-list.ts";
import { lotteryKeys } from "./query-keys.ts";

// Apart from today's numbers (lucky-numbers.ts), so that the game pages do not load the paging code.
interface LuckyHistoryPage {
  data: LuckyHistoryItem[];
  next_cursor?: string | null;
}

/**
 * GET /api/luckynumber_history/{type}?start_date&end_date[&cursor]: settled draws, newest first, a
 * page at a time (a failed first call shows an empty list).
 */
export function useLuckyHistory(type: LotteryType, start: string, end: string) {
  return usePagedList<LuckyHistoryPage>({
    queryKey: lotteryKeys.history(type, start, end),
    fetchPage: (cursor, signal) =>
      api<LuckyHistoryPage>(`luckynumber_history/${type}`, {
        query: { start_date: start, end_date: end, cursor },
        signal,
        anonymous: true,
      }),
  });
}
