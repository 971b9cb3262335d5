import { type ReactNode, useLayoutEffect } from "react";
import { paths } from "../config/paths.ts";
import { Navigate, Outlet, useLocation } from "../lib/router.tsx";
import { readStoredUser, restoreStoredUser, useSession } from "../lib/session-store.ts";

/** Where the login page sends the player back to after signing in. */
export interface LoginRedirectState {
  from: string;
}

/**
 * Login guard: renders its children (or the nested routes) for a player with a token, and sends a
 * visitor to /login (replacing the history entry) with `state.from` = the page they asked for.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const token = useSession((s) => s.user?.token);
  const location = useLocation();
  const stored = token ? undefined : readStoredUser()?.token;
  // A player stored by a build without the signed-in cookie, on a page opened before the start's idle
  // read of storage: the store takes the player before the page's requests go out.
  useLayoutEffect(() => {
    if (stored) restoreStoredUser();
  }, [stored]);
  if (!token && !stored) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return children ?? <Outlet />;
}
