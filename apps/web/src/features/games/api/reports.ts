import type { GameReport, TransitionHistoryItem } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import type { DateRange } from "../lib/date-range.ts";

/** GET /api/game/report/{p_code}?start_date&end_date: the player's rounds with one provider, newest first. */
export function useGameReport(pCode: string, range: DateRange) {
  return useQuery({
    queryKey: ["user", "games", "report", pCode, range.start, range.end] as const,
    queryFn: ({ signal }) =>
      api<GameReport>(`game/report/${encodeURIComponent(pCode)}`, {
        query: { start_date: range.start, end_date: range.end },
        signal,
      }).then((r) => r.data),
    // While another period loads, the last one stays on screen (never another provider's rows).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === pCode ? previous : undefined),
    staleTime: 0,
  });
}

/** GET /api/transition/history?start_date&end_date: the player's rounds summed per provider. */
export function useGameHistory(range: DateRange) {
  return useQuery({
    queryKey: ["user", "games", "history", range.start, range.end] as const,
    queryFn: ({ signal }) =>
      api<{ data: TransitionHistoryItem[] }>("transition/history", {
        query: { start_date: range.start, end_date: range.end },
        signal,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}
