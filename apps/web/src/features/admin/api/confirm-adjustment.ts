import { type Adjustment, adjustmentDecisionResponseSchema } from "@shwe/contracts";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";
import { adminKeys, invalidateMoneyViews } from "./query-keys.ts";

export type AdjustmentDecision = z.infer<typeof adjustmentDecisionResponseSchema>;

/** POST /api/admin/adjustments/{id}/confirm: applies a pending adjustment (only an operator other than the one who asked). */
export async function confirmAdjustment(id: number): Promise<AdjustmentDecision> {
  const data = await api<unknown>(`admin/adjustments/${id}/confirm`, { method: "POST" });
  return adjustmentDecisionResponseSchema.parse(data);
}

/** Takes a decided adjustment out of the cached pending list at once. */
export function dropPendingAdjustment(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<Adjustment[]>(adminKeys.adjustmentList("pending"), (rows) => rows?.filter((r) => r.id !== id));
}

export function useConfirmAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAdjustment,
    onSuccess: (_data, id) => dropPendingAdjustment(queryClient, id),
    onSettled: () => invalidateMoneyViews(queryClient),
  });
}
