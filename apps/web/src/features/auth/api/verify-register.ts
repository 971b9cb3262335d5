import type { RegisterBody, SessionResponse } from "@shwe/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { deviceId } from "../lib/device-id.ts";
import { accountSchemas } from "./schemas.ts";

/** Creates the account from a verified phone and signs the new player in (with this browser's device id). */
export async function verifyRegister(body: RegisterBody): Promise<SessionResponse> {
  const { registerBodySchema, sessionResponseSchema } = await accountSchemas();
  const data = await api<unknown>("user/verify_register", {
    method: "POST",
    body: registerBodySchema.parse(body),
    anonymous: true,
    headers: { "X-Device-Id": deviceId() },
  });
  return sessionResponseSchema.parse(data);
}

export function useVerifyRegister() {
  return useMutation({ mutationFn: verifyRegister });
}
