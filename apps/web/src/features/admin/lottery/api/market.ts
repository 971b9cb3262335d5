import {
  type Market,
  type MarketSettings,
  type MarketSettingsResponse,
  marketSettingsResponseSchema,
  marketSettingsSchema,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api-client.ts";
import { adminKeys, lotteryAdminKeys } from "../../api/query-keys.ts";

/** How often the console reads the market's status and last reading again while the page is open. */
const REFRESH_MS = 10_000;

/** GET /api/admin/market/{market}: on or off, interval, trading sessions (Yangon time), the status and last reading. */
export function useMarketSettings(market: Market) {
  return useQuery({
    queryKey: lotteryAdminKeys.market(market),
    queryFn: async ({ signal }) => marketSettingsResponseSchema.parse(await api<unknown>(`admin/market/${market}`, { signal })),
    refetchInterval: REFRESH_MS,
  });
}

/** PUT /api/admin/market/{market}: an admin's; the answer replaces the page's view, and the change is audited. */
export function useUpdateMarketSettings(market: Market) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: MarketSettings): Promise<MarketSettingsResponse> =>
      marketSettingsResponseSchema.parse(
        await api<unknown>(`admin/market/${market}`, { method: "PUT", body: marketSettingsSchema.parse(settings) }),
      ),
    onSuccess: (view) => queryClient.setQueryData(lotteryAdminKeys.market(market), view),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lotteryAdminKeys.market(market) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() }),
      ]),
  });
}
