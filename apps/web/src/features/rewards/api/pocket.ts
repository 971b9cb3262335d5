import type { PocketClaimResponse, PocketWinnerList } from "@shwe/contracts";
import { api } from "../../../lib/api-client.ts";

/** POST /api/pocket/money/claim: the server draws today's amount and pays it to main. Types only (header budget). */
export function claimPocketMoney(idempotencyKey: string): Promise<PocketClaimResponse> {
  return api<PocketClaimResponse>("pocket/money/claim", { method: "POST", body: {}, idempotencyKey });
}

/** GET /api/pocket/money/winner?date=: a day's winners, highest amount first (phones masked by the server). */
export function fetchPocketWinners(date: string, signal: AbortSignal): Promise<PocketWinnerList> {
  return api<PocketWinnerList>(`pocket/money/winner?date=${encodeURIComponent(date)}`, { signal, anonymous: true });
}
