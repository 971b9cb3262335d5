import { type CheckPhoneBody, checkPhoneBodySchema, checkPhoneResponseSchema } from "@shwe/contracts";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";

export type CheckPhoneResponse = z.infer<typeof checkPhoneResponseSchema>;

/** Whether a phone already has an account (first step of registration). */
export async function checkPhone(body: CheckPhoneBody): Promise<CheckPhoneResponse> {
  const data = await api<unknown>("user/check_phone", { method: "POST", body: checkPhoneBodySchema.parse(body), anonymous: true });
  return checkPhoneResponseSchema.parse(data);
}

export function useCheckPhone() {
  return useMutation({ mutationFn: checkPhone });
}
