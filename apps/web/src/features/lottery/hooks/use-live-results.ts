import type { LuckyDailyItem } from "@shwe/contracts";
import { isLotteryType } from "@shwe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribeRealtime } from "../../../lib/realtime.ts";
import { lotteryKeys } from "../api/query-keys.ts";

/**
 * A result announced on the tab's live socket ({type: "result", lottery, draw_id, number, draw_at})
 * is written at once into today's numbers (the big number on the game page changes in place, with the
 * draw time the message carries: a draw may have been moved since the list was fetched), then
 * the lottery data of that game fetches again: draws, boards, lucky numbers, winners and the
 * player's slips. Visitors' sockets carry results too.
 */
export function useLiveResults(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeRealtime("result", (message) => {
        const type = message.lottery;
        if (!isLotteryType(type)) return;
        const { draw_id, number, draw_at } = message;
        if (typeof draw_id === "number" && typeof number === "string" && typeof draw_at === "string") {
          queryClient.setQueryData<LuckyDailyItem[]>(lotteryKeys.daily, (old) => {
            const item: LuckyDailyItem = { type, draw_id, draw_at, number, status: "settled" };
            if (!old) return [item];
            return old.some((d) => d.draw_id === draw_id)
              ? old.map((d) => (d.draw_id === draw_id ? { ...d, number, draw_at, status: "settled" } : d))
              : [...old, item];
          });
        }
        for (const queryKey of [
          lotteryKeys.sections(type),
          lotteryKeys.boards(type),
          lotteryKeys.daily,
          lotteryKeys.histories,
          lotteryKeys.winners(type),
          lotteryKeys.slipsAll,
        ]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }),
    [queryClient],
  );
}
