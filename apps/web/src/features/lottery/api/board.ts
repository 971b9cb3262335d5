import type { BoardResponse, LotteryType } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { LOTTERY_API } from "../lib/games.ts";
import { noteServerTime } from "../lib/server-clock.ts";
import { lotteryKeys } from "./query-keys.ts";

/**
 * The betting board of one draw: every number with what it can still take, hot and blocked.
 * POST /api/new_two_d, new_one_d, crypto_two_d, crypto_one_d {draw_id}; GET /api/three_d?draw_id=.
 */
export async function fetchBoard(type: LotteryType, drawId: number, signal?: AbortSignal): Promise<BoardResponse> {
  const path = LOTTERY_API[type].board;
  const res =
    type === "3D"
      ? await api<BoardResponse>(path, { query: { draw_id: drawId }, signal, anonymous: true })
      : await api<BoardResponse>(path, { method: "POST", body: { draw_id: drawId }, signal, anonymous: true });
  noteServerTime(res.server_time);
  return res;
}

/** The board, refreshed every 20 s while betting is open (other players fill the numbers). */
export function useBoard(type: LotteryType, drawId: number | undefined, live: boolean) {
  return useQuery({
    queryKey: lotteryKeys.board(type, drawId ?? 0),
    queryFn: ({ signal }) => fetchBoard(type, drawId ?? 0, signal),
    enabled: drawId !== undefined,
    staleTime: 10_000,
    refetchInterval: live ? 20_000 : false,
  });
}
