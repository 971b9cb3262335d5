import type { QueryClient } from "@tanstack/react-query";
import { paths } from "../config/paths.ts";
import { refreshProfile } from "../features/session/api/profile.ts";
import { setUnauthorizedHandler } from "../lib/api-client.ts";
import { setHtmlLang } from "../lib/i18n.ts";
import i18n from "../lib/i18n-core.ts";
import { sharedKeys } from "../lib/query-keys.ts";
import { useSession } from "../lib/session-store.ts";
import { toast } from "../lib/toast.ts";

const SESSION_EXPIRED_TOAST = "session-expired";

interface RouterLike {
  state: { location: { pathname: string; search: string } };
  navigate: (to: string, opts?: { replace?: boolean; state?: unknown }) => unknown;
  subscribe: (fn: (state: { location: object }) => void) => () => void;
}

/**
 * A 401 on a call made with the player's token: 'Session Expired, Please Login Again!', the session
 * cleared, and the login page (which sends the player back to where they were). Answers that arrive
 * after the player already signed out are ignored.
 */
export function createUnauthorizedHandler(router: Pick<RouterLike, "state" | "navigate">, queryClient: QueryClient): () => void {
  return () => {
    if (!useSession.getState().user) return;
    // Kept for the login page too: a toast is lost when the page it was raised on is left at once.
    try {
      sessionStorage.setItem("session-expired", "1"); // features/auth/lib/session-expired.ts
    } catch {}
    useSession.getState().logout();
    queryClient.removeQueries({ queryKey: sharedKeys.player });
    toast.error(i18n.t("common:toast.sessionExpired"), { toastId: SESSION_EXPIRED_TOAST });
    const { pathname, search } = router.state.location;
    const from = pathname === paths.login ? undefined : { from: pathname + search };
    void router.navigate(paths.login, { replace: true, state: from });
  };
}

/**
 * Wires the session to the app: the 401 handler, balances refreshed when the tab becomes visible
 * again and the profile refreshed on each route change (signed-in players only). Returns the undo.
 */
export function installSessionEffects(router: RouterLike, queryClient: QueryClient): () => void {
  setUnauthorizedHandler(createUnauthorizedHandler(router, queryClient));

  const onVisible = () => {
    if (document.visibilityState === "visible") void refreshProfile();
  };
  document.addEventListener("visibilitychange", onVisible);

  let lastLocation = router.state.location;
  void refreshProfile();
  const unsubscribe = router.subscribe((state) => {
    if (state.location === lastLocation) return;
    lastLocation = state.location as RouterLike["state"]["location"];
    void refreshProfile();
  });

  return () => {
    setUnauthorizedHandler(undefined);
    document.removeEventListener("visibilitychange", onVisible);
    unsubscribe();
  };
}

/** Keeps <html lang> on the current language (screen readers, fonts, line breaking). */
export function installHtmlLang(): () => void {
  setHtmlLang(i18n.resolvedLanguage ?? i18n.language);
  i18n.on("languageChanged", setHtmlLang);
  return () => i18n.off("languageChanged", setHtmlLang);
}
