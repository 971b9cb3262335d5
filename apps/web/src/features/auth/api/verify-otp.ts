import type { VerifyOtpBody, verifyOtpResponseSchema } from "@shwe/contracts";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";
import { accountSchemas } from "./schemas.ts";

export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/** Trades a correct one-time code for a short-lived proof (otp_token) used by the next step. */
export async function verifyOtp(body: VerifyOtpBody): Promise<VerifyOtpResponse> {
  const { verifyOtpBodySchema, verifyOtpResponseSchema } = await accountSchemas();
  const data = await api<unknown>("user/verify_otp", { method: "POST", body: verifyOtpBodySchema.parse(body), anonymous: true });
  return verifyOtpResponseSchema.parse(data);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
