import {
  type PointClaimResponse,
  type PointHistory,
  type PointList,
  pointClaimResponseSchema,
  pointHistorySchema,
  pointListSchema,
  pointWarningSchema,
} from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useContentLanguage } from "../../../lib/content-language.ts";
import type { Language } from "../../../lib/i18n.ts";
import { pointKeys } from "./query-keys.ts";

/** GET /api/point/list?lng=: the active rewards (points → kyat, names in the page's language) and the earning rate. */
export function usePointList() {
  const lng = useContentLanguage();
  return useQuery({
    queryKey: pointKeys.list(lng),
    queryFn: async ({ signal }): Promise<PointList> =>
      pointListSchema.parse(await api<unknown>("point/list", { signal, anonymous: true, query: { lng } })),
    staleTime: 30_000,
  });
}

/** GET /api/point/warning?lng=: the operator's text for this page in the page's language (empty when there is none). */
export function usePointWarning() {
  const lng = useContentLanguage();
  return useQuery({
    queryKey: pointKeys.warning(lng),
    queryFn: async ({ signal }) =>
      pointWarningSchema.parse(await api<unknown>("point/warning", { signal, anonymous: true, query: { lng } })).text,
    staleTime: 60_000,
  });
}

/** POST /api/point/claim {point_id}: spends the reward's points, pays its kyat to main. */
export async function claimPointReward(pointId: number, idempotencyKey: string): Promise<PointClaimResponse> {
  return pointClaimResponseSchema.parse(await api<unknown>("point/claim", { method: "POST", body: { point_id: pointId }, idempotencyKey }));
}

/** GET /api/point/history?lng=: one page of the player's point movements, newest first, reward names in `lng`. */
export async function fetchPointHistory(cursor: string | undefined, lng: Language, signal?: AbortSignal): Promise<PointHistory> {
  return pointHistorySchema.parse(await api<unknown>("point/history", { query: { cursor, limit: 20, lng }, signal }));
}
