import { useMemo } from "react";
import { ADJUSTMENT_LIST_LIMIT, usePendingAdjustments } from "../api/adjustments.ts";
import { CASH_LIST_LIMIT, useCashRequests } from "../api/cash-requests.ts";
import { LVL2_LIST_LIMIT, useLvl2Uploads } from "../api/lvl2-uploads.ts";

export interface PendingCount {
  /** Undefined while loading or when the list could not be loaded. */
  count: number | undefined;
  /** The list is cut at this many rows: a count equal to it means "at least". */
  limit: number;
  /** Sum of the pending amounts (cash queues only). */
  total?: number | undefined;
  /** The list could not be loaded. */
  failed: boolean;
}

/** "200+" when a list is cut at its limit. */
export function formatCount({ count, limit }: PendingCount): string {
  if (count === undefined) return "–";
  return count >= limit ? `${limit}+` : String(count);
}

/** What waits for an operator: the pending queues (they refresh every 30 s while the console is open). */
export function usePendingCounts() {
  const cashIn = useCashRequests("in", "pending");
  const cashOut = useCashRequests("out", "pending");
  const lvl2 = useLvl2Uploads("pending");
  const adjustments = usePendingAdjustments();
  return useMemo(
    () => ({
      cashIn: {
        count: cashIn.data?.length,
        limit: CASH_LIST_LIMIT,
        total: cashIn.data?.reduce((sum, r) => sum + r.amount, 0),
        failed: cashIn.isError,
      } satisfies PendingCount,
      cashOut: {
        count: cashOut.data?.length,
        limit: CASH_LIST_LIMIT,
        total: cashOut.data?.reduce((sum, r) => sum + r.amount, 0),
        failed: cashOut.isError,
      } satisfies PendingCount,
      lvl2: { count: lvl2.data?.length, limit: LVL2_LIST_LIMIT, failed: lvl2.isError } satisfies PendingCount,
      adjustments: { count: adjustments.data?.length, limit: ADJUSTMENT_LIST_LIMIT, failed: adjustments.isError } satisfies PendingCount,
    }),
    [cashIn.data, cashOut.data, lvl2.data, adjustments.data, cashIn.isError, cashOut.isError, lvl2.isError, adjustments.isError],
  );
}
