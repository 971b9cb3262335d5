import type { CheckPhoneBody, checkPhoneResponseSchema } from "@shwe/contracts";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";
import { accountSchemas } from "./schemas.ts";

export type CheckPhoneResponse = z.infer<typeof checkPhoneResponseSchema>;

/** Whether a phone already has an account (first step of registration). */
export async function checkPhone(body: CheckPhoneBody): Promise<CheckPhoneResponse> {
  const { checkPhoneBodySchema, checkPhoneResponseSchema } = await accountSchemas();
  const data = await api<unknown>("user/check_phone", { method: "POST", body: checkPhoneBodySchema.parse(body), anonymous: true });
  return checkPhoneResponseSchema.parse(data);
}

export function useCheckPhone() {
  return useMutation({ mutationFn: checkPhone });
}
