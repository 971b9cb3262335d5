import type { DrawStatus, LotteryType, Market } from "@shwe/contracts";
import type { QueryClient } from "@tanstack/react-query";

/** Query keys of the lottery console screens; under "admin" so a change of operator drops them with the rest. */
export const lotteryAdminKeys = {
  all: ["admin", "lottery"] as const,
  draws: () => ["admin", "lottery", "draws"] as const,
  drawList: (type: LotteryType, status: DrawStatus | "all") => ["admin", "lottery", "draws", type, status] as const,
  draw: (id: number) => ["admin", "lottery", "draw", id] as const,
  games: () => ["admin", "lottery", "games"] as const,
  numbers: (type: LotteryType) => ["admin", "lottery", "numbers", type] as const,
  market: (market: Market) => ["admin", "lottery", "market", market] as const,
};

/** After any lottery decision: draws, games and number rules may all have changed. */
export function invalidateLotteryViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: lotteryAdminKeys.all }),
    queryClient.invalidateQueries({ queryKey: ["admin", "audit-log"] }),
  ]);
}
