import type { GameReport, TransitionHistoryItem } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { usePagedList } from "../../../lib/use-paged-list.ts";
import type { DateRange } from "../lib/date-range.ts";
import { gamesKeys } from "./query-keys.ts";

/**
 * GET /api/game/report/{p_code}?start_date&end_date[&cursor]: the player's rounds with one provider,
 * newest first, a page at a time.
 */
export function useGameReport(pCode: string, range: DateRange) {
  return usePagedList<GameReport>({
    queryKey: gamesKeys.report(pCode, range.start, range.end),
    fetchPage: (cursor, signal) =>
      api<GameReport>(`game/report/${encodeURIComponent(pCode)}`, {
        query: { start_date: range.start, end_date: range.end, cursor },
        signal,
      }),
    // While another period loads, the last one stays on screen (never another provider's rows).
    keepPreviousWhile: (previousKey) => previousKey[3] === pCode,
    staleTime: 0,
  });
}

/**
 * GET /api/transition/history?start_date&end_date: the player's rounds summed per provider. `enabled`
 * false reads nothing (the game report asks only when its rounds do not fit on one page).
 */
export function useGameHistory(range: DateRange, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: gamesKeys.history(range.start, range.end),
    queryFn: ({ signal }) =>
      api<{ data: TransitionHistoryItem[] }>("transition/history", {
        query: { start_date: range.start, end_date: range.end },
        signal,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
    staleTime: 0,
    enabled,
  });
}
