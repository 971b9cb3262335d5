import { createContext, type ReactNode, useContext, useLayoutEffect } from "react";
import { paths } from "../config/paths.ts";
import { Navigate, Outlet, useLocation } from "../lib/router.tsx";
import { readStoredUser, restoreStoredUser, useSession } from "../lib/session-store.ts";

/** Where the login page sends the player back to after signing in. */
export interface LoginRedirectState {
  from: string;
}

/**
 * True while the server draws a page behind the login for a browser that says it is signed in (the
 * signed-in cookie): the guard then draws the page, which has no session there and so shows nothing
 * of the player's own. Never true in the browser.
 */
export const DrawingForSignedIn = createContext(false);

/**
 * Login guard: renders its children (or the nested routes) for a player with a token, and sends a
 * visitor to /login (replacing the history entry) with `state.from` = the page they asked for.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const token = useSession((s) => s.user?.token);
  const location = useLocation();
  const drawing = useContext(DrawingForSignedIn);
  const stored = token || drawing ? undefined : readStoredUser()?.token;
  // A player stored by a build without the signed-in cookie, on a page opened before the start's idle
  // read of storage: the store takes the player before the page's requests go out.
  useLayoutEffect(() => {
    if (stored) restoreStoredUser();
  }, [stored]);
  if (!token && !stored && !drawing) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return children ?? <Outlet />;
}
