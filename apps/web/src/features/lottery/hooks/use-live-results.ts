import { isLotteryType } from "@shwe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribeRealtime } from "../../../lib/realtime.ts";
import { lotteryKeys } from "../api/query-keys.ts";

/**
 * A result announced on the tab's live socket ({type: "result", lottery, draw_id, number}) makes the
 * lottery data of that game fetch again: draws, boards, lucky numbers, winners and the player's slips.
 * Visitors have no socket; their pages refetch on their own intervals.
 */
export function useLiveResults(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeRealtime("result", (message) => {
        const type = message.lottery;
        if (!isLotteryType(type)) return;
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
