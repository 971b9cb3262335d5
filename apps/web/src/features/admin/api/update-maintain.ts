import { type AdminContentSettings, maintainBodySchema, maintainSchema } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "./query-keys.ts";

export type MaintainFlag = "0" | "1";

/** PUT /api/admin/content/promo_maintain {is_maintain}: '1' closes claiming (maintenance), '0' opens it. */
export async function updateMaintain(isMaintain: MaintainFlag): Promise<MaintainFlag> {
  const data = await api<unknown>("admin/content/promo_maintain", {
    method: "PUT",
    body: maintainBodySchema.parse({ is_maintain: isMaintain }),
  });
  return maintainSchema.parse(data).is_maintain;
}

export function useUpdateMaintain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaintain,
    onSuccess: (is_maintain) =>
      queryClient.setQueryData<AdminContentSettings>(adminKeys.contentSettings(), (old) => (old ? { ...old, is_maintain } : old)),
    onSettled: () =>
      Promise.all([adminKeys.contentSettings(), adminKeys.auditLog()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
