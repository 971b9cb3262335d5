import { cashDecisionResponseSchema, rejectBodySchema } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { type CashDecision, dropFromPending } from "./approve-cash-request.ts";
import { invalidateMoneyViews } from "./query-keys.ts";

/** POST /api/admin/cash-requests/{id}/reject {reason}; a cash-out's held amount returns to the player's main balance. */
export async function rejectCashRequest({ id, reason }: { id: number; reason: string }): Promise<CashDecision> {
  const data = await api<unknown>(`admin/cash-requests/${id}/reject`, { method: "POST", body: rejectBodySchema.parse({ reason }) });
  return cashDecisionResponseSchema.parse(data);
}

export function useRejectCashRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectCashRequest,
    onSuccess: (_data, { id }) => dropFromPending(queryClient, id),
    onSettled: () => invalidateMoneyViews(queryClient),
  });
}
