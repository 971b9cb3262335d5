import type { LotteryType, ResultsMonth } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

// Keys of their own (under "lottery", so a result arriving refreshes them too): sharing query-keys.ts
// with the game pages would split it into one more chunk of the 2D page's first load.
/** GET /api/lottery/results/{type}?month=YYYY-MM: the month's settled results (with feed values) and off days. */
export function useResultsMonth(type: LotteryType, month: string) {
  return useQuery({
    queryKey: ["lottery", "results-month", type, month] as const,
    queryFn: ({ signal }) => api<ResultsMonth>(`lottery/results/${type}`, { query: { month }, signal, anonymous: true }),
    placeholderData: (previous) => (previous?.type === type ? previous : undefined),
  });
}
