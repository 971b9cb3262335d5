import type { messageSchema, SendOtpBody } from "@shwe/contracts";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";
import { accountSchemas } from "./schemas.ts";

export type SendOtpResponse = z.infer<typeof messageSchema>;

/** Sends a one-time code by SMS for registration or a password reset. */
export async function sendOtp(body: SendOtpBody): Promise<SendOtpResponse> {
  const { sendOtpBodySchema, messageSchema } = await accountSchemas();
  const data = await api<unknown>("user/send_otp", { method: "POST", body: sendOtpBodySchema.parse(body), anonymous: true });
  return messageSchema.parse(data);
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
