import type { Category, Provider } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { homeKeys } from "./query-keys.ts";

export interface CatalogueSection {
  category: Category;
  providers: Provider[];
}

/** GET /api/g/home: every category with its providers, in one request (docs/decisions/0004). */
export function useHomeCatalogue() {
  return useQuery({
    queryKey: homeKeys.catalogue,
    queryFn: ({ signal }) => api<{ success: true; data: CatalogueSection[] }>("g/home", { signal, anonymous: true }).then((r) => r.data),
    staleTime: 60_000,
  });
}
