import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { paths } from "../../../config/paths.ts";
import { api } from "../../../lib/api-client.ts";
import { sharedKeys } from "../../../lib/query-keys.ts";
import { useNavigate } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";

/**
 * Signs the player out: revokes the token on the server (a failure there changes nothing for the
 * player), clears the stored user and every per-user query, then goes home.
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    if (useSession.getState().user?.token) void api("user/logout", { method: "POST" }).catch(() => undefined);
    useSession.getState().logout();
    queryClient.removeQueries({ queryKey: sharedKeys.player });
    navigate(paths.home);
  }, [navigate, queryClient]);
}
