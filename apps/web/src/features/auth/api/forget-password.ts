import type { forgetPasswordBodySchema, messageSchema } from "@shwe/contracts";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";
import { accountSchemas } from "./schemas.ts";

export type ForgetPasswordBody = z.infer<typeof forgetPasswordBodySchema>;
export type ForgetPasswordResponse = z.infer<typeof messageSchema>;

/** Sets a new password for a phone proven by a reset code. */
export async function forgetPassword(body: ForgetPasswordBody): Promise<ForgetPasswordResponse> {
  const { forgetPasswordBodySchema, messageSchema } = await accountSchemas();
  const data = await api<unknown>("user/forget_password", { method: "POST", body: forgetPasswordBodySchema.parse(body), anonymous: true });
  return messageSchema.parse(data);
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
