import type { Profile } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { sharedKeys } from "../../../lib/query-keys.ts";
import { useSession } from "../../../lib/session-store.ts";

/**
 * GET /api/user/profile, merged into the session (balances, level, referral figures) only if the
 * same player is still signed in when the answer arrives.
 */
export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  const token = useSession.getState().user?.token;
  const profile = await api<Profile>("user/profile", { signal });
  const session = useSession.getState();
  if (token && session.user?.token === token) session.setUserData(profile);
  return profile;
}

/** The signed-in player's profile; runs only while signed in, and keeps the session store up to date. */
export function useProfile() {
  const signedIn = useSession((s) => Boolean(s.user?.token));
  return useQuery({
    queryKey: sharedKeys.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: signedIn,
    staleTime: 0,
  });
}

const REFRESH_TIMEOUT_MS = 15_000;
let inFlight: { token: string; done: Promise<void> } | null = null;

/**
 * Fetches the profile now and merges it into the session (balances after a tab comes back, a route
 * change or a money action). Does nothing for visitors; calls made while one is running for the same
 * player share it, and a call that hangs is given up after 15 s so later refreshes are not stuck.
 * A 401 is handled by the API client (session expired → login); other failures leave the session as it is.
 * `fresh`: the answer must come from a request sent after this call (a token just refused elsewhere
 * is checked by the server as it is now, not by a request that left before it was signed out).
 */
export function refreshProfile(opts?: { fresh?: boolean }): Promise<void> {
  const token = useSession.getState().user?.token;
  if (!token) return Promise.resolve();
  if (inFlight?.token === token) return opts?.fresh ? inFlight.done.then(() => refreshProfile()) : inFlight.done;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REFRESH_TIMEOUT_MS);
  const current = {
    token,
    done: fetchProfile(controller.signal)
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        if (inFlight === current) inFlight = null;
      }),
  };
  inFlight = current;
  return current.done;
}
