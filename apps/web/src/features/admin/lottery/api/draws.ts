import {
  type AdminDraw,
  adminDrawListSchema,
  adminDrawSchema,
  type DrawStatus,
  drawConfirmBodySchema,
  drawDecisionSchema,
  drawResultBodySchema,
  drawVoidBodySchema,
  type LotteryType,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api-client.ts";
import { invalidateLotteryViews, lotteryAdminKeys } from "../../api/query-keys.ts";

/** How many draws a list asks for. */
export const DRAW_LIST_LIMIT = 60;

/** GET /api/admin/draws?type&status&limit: draws with stakes and exposure. */
export function useAdminDraws(type: LotteryType, status: DrawStatus | "all") {
  return useQuery({
    queryKey: lotteryAdminKeys.drawList(type, status),
    queryFn: async ({ signal }) => {
      const data = await api<unknown>("admin/draws", {
        query: { type, status: status === "all" ? undefined : status, limit: DRAW_LIST_LIMIT },
        signal,
      });
      return adminDrawListSchema.parse(data).data;
    },
    refetchInterval: 30_000,
  });
}

/** GET /api/admin/draws/{id}. */
export function useAdminDraw(id: number) {
  return useQuery({
    queryKey: lotteryAdminKeys.draw(id),
    queryFn: async ({ signal }) => adminDrawSchema.parse(await api<unknown>(`admin/draws/${id}`, { signal })),
    refetchInterval: 15_000,
  });
}

function useDrawDecision<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => drawDecisionSchema.parse(await send(input)),
    onSettled: () => invalidateLotteryViews(queryClient),
  });
}

/** POST /api/admin/draws/{id}/result {number}: a manual result, waiting for a second operator. */
export function useEnterResult(id: number) {
  return useDrawDecision((number: string) =>
    api<unknown>(`admin/draws/${id}/result`, { method: "POST", body: drawResultBodySchema.parse({ number }) }),
  );
}

/**
 * POST /api/admin/draws/{id}/confirm {number, entry}: a different operator types the number they
 * checked for the entry they reviewed; the draw settles. Another number answers 409 RESULT_MISMATCH,
 * a newer entry 409 RESULT_CHANGED.
 */
export function useConfirmResult(id: number) {
  return useDrawDecision((checked: { number: string; entry: number }) =>
    api<unknown>(`admin/draws/${id}/confirm`, { method: "POST", body: drawConfirmBodySchema.parse(checked) }),
  );
}

/** POST /api/admin/draws/{id}/void {reason}: every stake refunded. */
export function useVoidDraw(id: number) {
  return useDrawDecision((reason: string) =>
    api<unknown>(`admin/draws/${id}/void`, { method: "POST", body: drawVoidBodySchema.parse({ reason }) }),
  );
}

export type { AdminDraw };
