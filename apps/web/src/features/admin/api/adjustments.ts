import { type Adjustment, adjustmentListSchema } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys, QUEUE_REFRESH_MS } from "./query-keys.ts";

/** The server lists at most this many adjustments. */
export const ADJUSTMENT_LIST_LIMIT = 200;

/** GET /api/admin/adjustments?status=pending: adjustments waiting for a second operator (oldest first). */
export async function fetchPendingAdjustments(signal?: AbortSignal): Promise<Adjustment[]> {
  const data = await api<unknown>("admin/adjustments", { query: { status: "pending" }, signal });
  return adjustmentListSchema.parse(data).data;
}

export function usePendingAdjustments() {
  return useQuery({
    queryKey: adminKeys.adjustmentList("pending"),
    queryFn: ({ signal }) => fetchPendingAdjustments(signal),
    refetchInterval: QUEUE_REFRESH_MS,
    staleTime: 10_000,
  });
}
