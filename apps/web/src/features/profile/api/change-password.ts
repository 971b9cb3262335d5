import { messageSchema, newPasswordBodySchema } from "@shwe/contracts";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";

export type ChangePasswordBody = z.infer<typeof newPasswordBodySchema>;

/** POST /api/user/new_password: the current password and the new one (other sessions are signed out). */
export async function changePassword(body: ChangePasswordBody): Promise<z.infer<typeof messageSchema>> {
  const data = await api<unknown>("user/new_password", { method: "POST", body: newPasswordBodySchema.parse(body) });
  return messageSchema.parse(data);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
