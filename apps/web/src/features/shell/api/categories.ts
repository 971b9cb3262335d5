import type { Category } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { shellKeys } from "./query-keys.ts";

/** GET /api/g/categories: the game categories, fetched once at start (spec §7). */
export function useCategories() {
  return useQuery({
    queryKey: shellKeys.categories,
    queryFn: ({ signal }) => api<{ success: true; data: Category[] }>("g/categories", { signal, anonymous: true }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
