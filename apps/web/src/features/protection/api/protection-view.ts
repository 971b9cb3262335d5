import type { Protection } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session-store.ts";
import { protectionKeys } from "./query-keys.ts";

/**
 * GET /api/user/protection: the player's limits with what counts so far, self-exclusion, reality
 * check. Kept apart from the changes (api/protection.ts) so the money screens that only read the
 * break do not carry them.
 */
export function useProtection(enabled = true) {
  const signedIn = useSession((s) => s.user !== null);
  return useQuery({
    queryKey: protectionKeys.view,
    queryFn: ({ signal }) => api<Protection>("user/protection", { signal }),
    enabled: enabled && signedIn,
    staleTime: 30_000,
  });
}
