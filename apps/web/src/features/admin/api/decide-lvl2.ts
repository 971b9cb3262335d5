import {
  type AdminLvl2DecisionResponse,
  type AdminLvl2Upload,
  adminLvl2DecisionBodySchema,
  adminLvl2DecisionResponseSchema,
} from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "./query-keys.ts";

export interface Lvl2Decision {
  userId: number;
  uploadId: number;
  decision: "approve" | "reject";
  /** Required to reject (shown to the player). */
  reason?: string;
}

/**
 * POST /api/admin/users/{id}/lvl_2 {decision, reason?, upload_id}: upload_id pins the decision to the
 * image the operator looked at (a replaced or already decided upload answers 409 ALREADY_DECIDED).
 */
export async function decideLvl2({ userId, uploadId, decision, reason }: Lvl2Decision): Promise<AdminLvl2DecisionResponse> {
  const body = adminLvl2DecisionBodySchema.parse({ decision, upload_id: uploadId, ...(reason ? { reason } : {}) });
  const data = await api<unknown>(`admin/users/${userId}/lvl_2`, { method: "POST", body });
  return adminLvl2DecisionResponseSchema.parse(data);
}

export function useDecideLvl2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideLvl2,
    onSuccess: (_data, { uploadId }) =>
      queryClient.setQueryData<AdminLvl2Upload[]>(adminKeys.lvl2List("pending"), (rows) => rows?.filter((r) => r.id !== uploadId)),
    onSettled: () =>
      Promise.all(
        [adminKeys.lvl2(), adminKeys.players(), adminKeys.playerAll(), adminKeys.auditLog()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
