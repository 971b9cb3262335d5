import type { HouseGame, HouseSessionInfo } from "@shwe/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { fetchRounds, fetchSessionInfo, HouseApiError } from "../api/house-client.ts";

const storageKey = (game: string) => `house-session:${game}`;

/**
 * The play session token: taken from the launch URL (?session=) once, kept for this tab in
 * sessionStorage so a reload keeps playing, and dropped from the address bar.
 */
export function readSessionToken(game: string, fromUrl: string | null): string | null {
  try {
    if (fromUrl) {
      sessionStorage.setItem(storageKey(game), fromUrl);
      return fromUrl;
    }
    return sessionStorage.getItem(storageKey(game));
  } catch {
    return fromUrl;
  }
}

export const houseKeys = {
  session: (token: string) => ["house", "session", token] as const,
  rounds: (token: string) => ["house", "rounds", token] as const,
};

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
