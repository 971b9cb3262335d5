import type { Market, MarketNow } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { lotteryKeys } from "./query-keys.ts";

/** While the live socket brings the readings, the answer is asked again only now and then (status changes). */
export const MARKET_REFRESH_MS = 60_000;
/** Without the live socket, the readings are polled this often. */
export const MARKET_POLL_MS = 10_000;

/** GET /api/market/{market}: status, latest reading with its running numbers, the day's numbers. */
export function useMarketNow(market: Market, polling: boolean) {
  return useQuery({
    queryKey: lotteryKeys.market(market),
    queryFn: ({ signal }) => api<MarketNow>(`market/${market}`, { signal, anonymous: true }),
    refetchInterval: polling ? MARKET_POLL_MS : MARKET_REFRESH_MS,
  });
}
