import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { paths } from "../../../config/paths.ts";
import i18n from "../../../lib/i18n-core.ts";
import { sharedKeys } from "../../../lib/query-keys.ts";
import { CLOSE, type ResumePoint } from "../../../lib/realtime.ts";
import type { RealtimeConnection } from "../../../lib/realtime-socket.ts";
import { useNavigate } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { refreshProfile } from "../api/profile.ts";

/** After a refused token turned out to be fine after all, wait this long before trying the socket again. */
const REJECTED_RETRY_MS = 30_000;

/**
 * The live socket of a tab (mounted once, in the site shell): a visitor's socket carries public
 * events only (results, chat ticker, marquee, broadcasts); signing in or out replaces it. While
 * signed in it also carries the balances. Every balance message replaces the balances in the session; after
 * a reconnect the whole profile is fetched again so nothing in the header stays stale. A refused
 * token signs the player out the same way a 401 does; a blocked account is signed out with a notice.
 * A new socket (signed in or out) resumes where the tab's socket before it stopped: a result sent
 * while one replaced the other still arrives, once. The socket's code (lib/realtime-socket.ts) is
 * downloaded when the first socket opens, after the page has been taken over: it is not part of the
 * first visit's JS.
 */
export function useLiveBalance(): void {
  const token = useSession((s) => s.user?.token);
  // While the browser takes over the server's drawing the session reads as signed out; a socket
  // opened then would be dropped at once for the player's own (a console warning on every load).
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [generation, setGeneration] = useState(0);
  const resumeFrom = useRef<ResumePoint | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation opens a new socket by design
  useEffect(() => {
    if (typeof WebSocket === "undefined" || !hydrated) return;
    const sameSession = () => useSession.getState().user?.token === token;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;

    let connection: RealtimeConnection | undefined;
    const connect = ({ connectRealtime }: typeof import("../../../lib/realtime-socket.ts")) => {
      if (disposed) return;
      connection = connectRealtime({
        token,
        resumeFrom: resumeFrom.current,
        onBalance: (balances) => {
          if (sameSession()) useSession.getState().setUserData(balances);
        },
        onReconnected: () => {
          if (token) void refreshProfile();
        },
        onRejected: (code) => {
          if (!token || !sameSession()) return;
          if (code === CLOSE.blocked) {
            useSession.getState().logout();
            queryClient.removeQueries({ queryKey: sharedKeys.player });
            toast.error(i18n.t("common:errors.BLOCKED"), { toastId: "account-blocked" });
            navigate(paths.login, { replace: true });
            return;
          }
          // A profile call with the same token, sent now, answers 401 and the API client signs the
          // player out (one sent before the session ended would still answer 200); if it does not,
          // the socket is tried again later.
          void refreshProfile({ fresh: true }).then(() => {
            if (!disposed && sameSession()) retry = setTimeout(() => setGeneration((g) => g + 1), REJECTED_RETRY_MS);
          });
        },
      });
    };
    void import("../../../lib/realtime-socket.ts").then(connect, () => {
      // The chunk did not arrive (network down): tried again with a new generation, like a refused token.
      if (!disposed) retry = setTimeout(() => setGeneration((g) => g + 1), REJECTED_RETRY_MS);
    });

    const wake = () => {
      if (document.visibilityState === "visible") connection?.wake();
    };
    document.addEventListener("visibilitychange", wake);
    window.addEventListener("online", wake);
    return () => {
      disposed = true;
      clearTimeout(retry);
      document.removeEventListener("visibilitychange", wake);
      window.removeEventListener("online", wake);
      if (connection) {
        resumeFrom.current = connection.resumePoint();
        connection.close();
      }
    };
  }, [token, generation, hydrated]);
}
