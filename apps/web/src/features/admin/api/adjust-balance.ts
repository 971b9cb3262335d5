import { type AdjustResponse, adjustBodySchema, adjustResponseSchema } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, newIdempotencyKey } from "../../../lib/api-client.ts";
import { invalidateMoneyViews } from "./query-keys.ts";

export interface AdjustInput {
  userId: number;
  /** Signed, non-zero whole kyat on the main balance. */
  amount: number;
  reason: string;
}

/**
 * POST /api/admin/users/{id}/adjust {amount, reason} with a fresh Idempotency-Key per submit. The
 * answer's status is "applied" (balance changed) or "pending" (above the threshold: a different
 * operator must confirm; the balance is unchanged until then).
 */
export async function adjustBalance({ userId, amount, reason }: AdjustInput): Promise<AdjustResponse> {
  const data = await api<unknown>(`admin/users/${userId}/adjust`, {
    method: "POST",
    body: adjustBodySchema.parse({ amount, reason }),
    idempotencyKey: newIdempotencyKey(),
  });
  return adjustResponseSchema.parse(data);
}

export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: adjustBalance, onSettled: () => invalidateMoneyViews(queryClient) });
}
