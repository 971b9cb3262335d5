import { type AdminCashRequest, cashDecisionResponseSchema, cashFirstApprovalResponseSchema } from "@shwe/contracts";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";
import { adminKeys, invalidateMoneyViews } from "./query-keys.ts";

const approveAnswerSchema = cashDecisionResponseSchema.or(cashFirstApprovalResponseSchema);
export type CashDecision = z.infer<typeof approveAnswerSchema>;

/**
 * POST /api/admin/cash-requests/{id}/approve (no body). A second decision answers 409 ALREADY_DECIDED.
 * Above the threshold the first approval answers 202 `awaiting_second_approval`: a different operator approves it too.
 */
export async function approveCashRequest(id: number): Promise<CashDecision> {
  const data = await api<unknown>(`admin/cash-requests/${id}/approve`, { method: "POST" });
  return approveAnswerSchema.parse(data);
}

/** Takes a decided request out of every cached pending list at once, before the lists reload. */
export function dropFromPending(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<AdminCashRequest[]>({ queryKey: adminKeys.cashRequests() }, (rows) =>
    rows?.filter((r) => r.id !== id || r.status !== "pending"),
  );
}

export function useApproveCashRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveCashRequest,
    onSuccess: (data, id) => {
      if (data.status !== "awaiting_second_approval") dropFromPending(queryClient, id);
    },
    // A refusal (409 ALREADY_DECIDED above all) also means the list is out of date.
    onSettled: () => invalidateMoneyViews(queryClient),
  });
}
