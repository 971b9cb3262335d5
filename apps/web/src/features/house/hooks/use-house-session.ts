import type { HouseGame, HouseSessionInfo } from "@shwe/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { fetchRounds, fetchSessionInfo, HouseApiError, openLaunch } from "../api/house-client.ts";
import { houseKeys } from "../api/query-keys.ts";

const storageKey = (game: string) => `house-session:${game}`;

/**
 * The play session token kept for this tab (sessionStorage), so a reload keeps playing. It never
 * appears in a URL: the launch URL only carries a one-time launch code.
 */
export function storedSessionToken(game: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(game));
  } catch {
    return null;
  }
}

export function keepSessionToken(game: string, token: string): void {
  try {
    sessionStorage.setItem(storageKey(game), token);
  } catch {
    // Private mode without storage: the game still plays, a reload asks to open it again.
  }
}

/**
 * Exchanges the launch code of the URL for the play session token, once per code (the query cache
 * shares one exchange between repeated renders; the server refuses a second one).
 */
export function useLaunchExchange(game: string, launchCode: string | null) {
  return useQuery({
    queryKey: houseKeys.launch(launchCode),
    // No abort signal: a launch code works once, so an exchange once sent is always let finish.
    queryFn: async () => {
      const opened = await openLaunch(launchCode ?? "");
      keepSessionToken(game, opened.session);
      return opened.session;
    },
    enabled: launchCode !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useSessionInfo(token: string) {
  return useQuery({
    queryKey: houseKeys.session(token),
    queryFn: ({ signal }) => fetchSessionInfo(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !(error instanceof HouseApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}

export function useRounds(token: string) {
  return useQuery({
    queryKey: houseKeys.rounds(token),
    queryFn: ({ signal }) => fetchRounds(token, 20, signal),
    retry: false,
  });
}

/** The figures a game keeps between rounds: the game balance and the next round's commitment. */
export interface GameFigures {
  balance: number;
  commitment: string;
}

export function useGameFigures(token: string, info: HouseSessionInfo) {
  const queryClient = useQueryClient();
  const [figures, setFigures] = useState<GameFigures>({ balance: info.balance, commitment: info.commitment });
  const afterRound = useCallback(
    (next: GameFigures) => {
      setFigures(next);
      void queryClient.invalidateQueries({ queryKey: houseKeys.rounds(token) });
    },
    [queryClient, token],
  );
  return { figures, setFigures, afterRound };
}

export function isHouseGame(game: string | undefined): game is HouseGame {
  return game === "house-slot" || game === "house-crash";
}
