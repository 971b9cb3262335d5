import type { CashInBody, CashInResponse, CashOutBody, CashOutResponse } from "@shwe/contracts";
import { api } from "../../../lib/api-client.ts";

/** POST /api/cash-in: files the request after the player sent the money in the wallet app. */
export function sendCashIn(body: CashInBody, idempotencyKey: string): Promise<CashInResponse> {
  return api<CashInResponse>("cash-in", { method: "POST", body, idempotencyKey });
}

/** POST /api/cash-out: the amount moves from the main balance to hold at once; the answer carries the new main balance. */
export function sendCashOut(body: CashOutBody, idempotencyKey: string): Promise<CashOutResponse> {
  return api<CashOutResponse>("cash-out", { method: "POST", body, idempotencyKey });
}
