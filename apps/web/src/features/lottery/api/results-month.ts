import type { LotteryType, ResultsMonth } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { lotteryKeys } from "./query-keys.ts";

/** GET /api/lottery/results/{type}?month=YYYY-MM: the month's settled results (with feed values) and off days. */
export function useResultsMonth(type: LotteryType, month: string) {
  return useQuery({
    queryKey: lotteryKeys.resultsMonth(type, month),
    queryFn: ({ signal }) => api<ResultsMonth>(`lottery/results/${type}`, { query: { month }, signal, anonymous: true }),
    placeholderData: (previous) => (previous?.type === type ? previous : undefined),
  });
}
