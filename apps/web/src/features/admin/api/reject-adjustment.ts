import { adjustmentDecisionResponseSchema, adjustmentRejectBodySchema } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { type AdjustmentDecision, dropPendingAdjustment } from "./confirm-adjustment.ts";
import { invalidateMoneyViews } from "./query-keys.ts";

/** POST /api/admin/adjustments/{id}/reject {reason?}: the pending adjustment is dropped; the balance never changed. */
export async function rejectAdjustment({ id, reason }: { id: number; reason?: string }): Promise<AdjustmentDecision> {
  const body = adjustmentRejectBodySchema.parse(reason?.trim() ? { reason: reason.trim() } : {});
  const data = await api<unknown>(`admin/adjustments/${id}/reject`, { method: "POST", body });
  return adjustmentDecisionResponseSchema.parse(data);
}

export function useRejectAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectAdjustment,
    onSuccess: (_data, { id }) => dropPendingAdjustment(queryClient, id),
    onSettled: () => invalidateMoneyViews(queryClient),
  });
}
