import type { Game, Provider } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/** The catalogue changes rarely: a minute of reuse between pages is fine (the server caches as long). */
const CATALOGUE_STALE_MS = 60_000;

/** GET /api/g/providers?category=<code>: the providers of one category, in order. */
export function useCategoryProviders(category: string) {
  return useQuery({
    queryKey: catalogueKeys.categoryProviders(category),
    queryFn: ({ signal }) =>
      api<{ success: true; data: Provider[] }>("g/providers", { query: { category }, signal, anonymous: true }).then((r) => r.data),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** GET /api/g?category=<code>&provider=<id or code>: the games of a provider in a category. */
export function useProviderGames(category: string, provider: string) {
  return useQuery({
    queryKey: catalogueKeys.providerGames(category, provider),
    queryFn: ({ signal }) =>
      api<{ success: true; data: Game[] }>("g", { query: { category, provider }, signal, anonymous: true }).then((r) => r.data),
    staleTime: CATALOGUE_STALE_MS,
  });
}
