import { type AdminUser, adminUserListSchema, adminUserQuerySchema } from "@shwe/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "./query-keys.ts";

/** GET /api/admin/players?query= : accounts with balances by phone, name or user code (newest first; empty query = newest). */
export async function fetchPlayers(query: string, signal?: AbortSignal): Promise<AdminUser[]> {
  const q = adminUserQuerySchema.parse({ query: query.trim() || undefined });
  const data = await api<unknown>("admin/players", { query: { query: q.query }, signal });
  return adminUserListSchema.parse(data).data;
}

export function usePlayers(query: string) {
  return useQuery({
    queryKey: adminKeys.playerSearch(query.trim()),
    queryFn: ({ signal }) => fetchPlayers(query, signal),
    placeholderData: keepPreviousData,
  });
}
