import { type AdminCashRequest, adminCashRequestListSchema } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys, type CashKind, type DecisionStatus, QUEUE_REFRESH_MS } from "./query-keys.ts";

/** The most rows one list asks for (pending: oldest first, decided: newest first). */
export const CASH_LIST_LIMIT = 200;

/** GET /api/admin/cash-requests?kind=&status=&limit= */
export async function fetchCashRequests(kind: CashKind, status: DecisionStatus, signal?: AbortSignal): Promise<AdminCashRequest[]> {
  const data = await api<unknown>("admin/cash-requests", { query: { kind, status, limit: CASH_LIST_LIMIT }, signal });
  return adminCashRequestListSchema.parse(data).data;
}

export function useCashRequests(kind: CashKind, status: DecisionStatus) {
  return useQuery({
    queryKey: adminKeys.cashRequestList(kind, status),
    queryFn: ({ signal }) => fetchCashRequests(kind, status, signal),
    refetchInterval: status === "pending" ? QUEUE_REFRESH_MS : false,
    staleTime: 10_000,
  });
}
