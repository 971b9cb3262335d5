import type { Category, Provider } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/** GET /api/g/home: every category with its providers; used here to name a provider from its code. */
export function useProviderByCode(code: string) {
  return useQuery({
    queryKey: catalogueKeys.providerDirectory,
    queryFn: ({ signal }) =>
      api<{ success: true; data: { category: Category; providers: Provider[] }[] }>("g/home", { signal, anonymous: true }).then((r) =>
        r.data.flatMap((section) => section.providers),
      ),
    staleTime: 60_000,
    enabled: code !== "",
    select: (providers) => providers.find((p) => p.p_code.toLowerCase() === code.toLowerCase()) ?? null,
  });
}
