import { type AdminUserDetail, adminUserDetailSchema } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "./query-keys.ts";

/** GET /api/admin/users/{id}: one account with balances, recent journals and cash requests. */
export async function fetchPlayerDetail(id: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  const data = await api<unknown>(`admin/users/${id}`, { signal });
  return adminUserDetailSchema.parse(data);
}

export function usePlayerDetail(id: number) {
  return useQuery({
    queryKey: adminKeys.player(id),
    queryFn: ({ signal }) => fetchPlayerDetail(id, signal),
    enabled: Number.isSafeInteger(id) && id > 0,
    staleTime: 5_000,
  });
}
