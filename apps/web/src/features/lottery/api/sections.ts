import type { LotteryType, SectionResponse } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { LOTTERY_API } from "../lib/games.ts";
import { noteServerTime } from "../lib/server-clock.ts";
import { lotteryKeys } from "./query-keys.ts";

/** GET /api/section (2D), section_1d, section_3d, section_crypton2d, section_crypton1d: open and upcoming draws. */
export async function fetchSections(type: LotteryType, signal?: AbortSignal): Promise<SectionResponse> {
  const res = await api<SectionResponse>(LOTTERY_API[type].section, { signal, anonymous: true });
  noteServerTime(res.server_time);
  return res;
}

export function useSections(type: LotteryType) {
  return useQuery({
    queryKey: lotteryKeys.sections(type),
    queryFn: ({ signal }) => fetchSections(type, signal),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}
