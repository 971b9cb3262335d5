import type { TransferResponse } from "@shwe/contracts";
import { api } from "../../../lib/api-client.ts";
import type { TransferDirection } from "../../session/stores/transfer-popup.ts";

/** POST /api/user/transfer_in (main → game) or transfer_out (game → main): both balances after the move. */
export function sendTransfer(direction: TransferDirection, amount: number, idempotencyKey: string): Promise<TransferResponse> {
  return api<TransferResponse>(`user/transfer_${direction}`, { method: "POST", body: { amount }, idempotencyKey });
}
