import { type AdminBlockResponse, adminBlockBodySchema, adminBlockResponseSchema } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "./query-keys.ts";

/** POST /api/admin/users/{id}/block {blocked, reason}: a blocked account cannot sign in and its tokens stop working. */
export async function blockPlayer({
  userId,
  blocked,
  reason,
}: {
  userId: number;
  blocked: boolean;
  reason: string;
}): Promise<AdminBlockResponse> {
  const data = await api<unknown>(`admin/users/${userId}/block`, { method: "POST", body: adminBlockBodySchema.parse({ blocked, reason }) });
  return adminBlockResponseSchema.parse(data);
}

export function useBlockPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockPlayer,
    onSettled: () =>
      Promise.all(
        [adminKeys.players(), adminKeys.playerAll(), adminKeys.auditLog()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
