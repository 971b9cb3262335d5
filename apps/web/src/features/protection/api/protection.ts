import type { PlaySummary, Protection, RealityCheckBody, SelfExclusionBody, SetLimitBody } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { protectionKeys } from "./query-keys.ts";

export { useProtection } from "./protection-view.ts";

function useProtectionChange<B>(path: string, method: "PUT" | "POST") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<Protection>(path, { method, body }),
    onSuccess: (view) => queryClient.setQueryData(protectionKeys.view, view),
  });
}

/** PUT /api/user/limits: lower applies at once, a raise or removal after 24 hours. */
export const useSetLimit = () => useProtectionChange<SetLimitBody>("user/limits", "PUT");
/** POST /api/user/self-exclusion (password confirmed). */
export const useSelfExclude = () => useProtectionChange<SelfExclusionBody>("user/self-exclusion", "POST");
/** PUT /api/user/reality-check. */
export const useSetRealityCheck = () => useProtectionChange<RealityCheckBody>("user/reality-check", "PUT");

/** GET /api/user/play-summary: the net result of play since an instant. */
export function fetchPlaySummary(since: string, signal?: AbortSignal): Promise<PlaySummary> {
  return api<PlaySummary>("user/play-summary", { query: { since }, ...(signal ? { signal } : {}) });
}
