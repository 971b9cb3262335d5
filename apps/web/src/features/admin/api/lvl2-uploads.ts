import { type AdminLvl2Upload, adminLvl2ListResponseSchema } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys, type DecisionStatus, QUEUE_REFRESH_MS } from "./query-keys.ts";

/** The most uploads one list asks for (the server's own cap). */
export const LVL2_LIST_LIMIT = 200;

/** GET /api/admin/lvl2?status=&limit= (pending: the review queue, oldest first). */
export async function fetchLvl2Uploads(status: DecisionStatus, signal?: AbortSignal): Promise<AdminLvl2Upload[]> {
  const data = await api<unknown>("admin/lvl2", { query: { status, limit: LVL2_LIST_LIMIT }, signal });
  return adminLvl2ListResponseSchema.parse(data).data;
}

export function useLvl2Uploads(status: DecisionStatus) {
  return useQuery({
    queryKey: adminKeys.lvl2List(status),
    queryFn: ({ signal }) => fetchLvl2Uploads(status, signal),
    refetchInterval: status === "pending" ? QUEUE_REFRESH_MS : false,
    staleTime: 10_000,
  });
}
