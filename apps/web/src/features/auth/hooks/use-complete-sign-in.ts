import type { SessionResponse } from "@shwe/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation, useNavigate } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { redirectTarget } from "../lib/validation.ts";

/**
 * Stores a fresh session (the profile plus its token) and returns the player to the page the login
 * guard remembered, replacing the account page in the history.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return useCallback(
    (res: SessionResponse) => {
      const { logout, setUserData } = useSession.getState();
      // Start from a clean slate so nothing of an earlier account lingers in the stored user.
      logout();
      setUserData({ ...res.user, token: res.token, expires_at: res.expires_at });
      void queryClient.invalidateQueries();
      navigate(redirectTarget(location.state), { replace: true });
    },
    [navigate, location.state, queryClient],
  );
}
