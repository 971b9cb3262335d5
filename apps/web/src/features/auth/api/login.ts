import type { LoginBody, SessionResponse } from "@shwe/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { accountSchemas } from "./schemas.ts";

/** Signs in with phone and password. */
export async function login(body: LoginBody): Promise<SessionResponse> {
  const { loginBodySchema, sessionResponseSchema } = await accountSchemas();
  const data = await api<unknown>("user/login", { method: "POST", body: loginBodySchema.parse(body), anonymous: true });
  return sessionResponseSchema.parse(data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
