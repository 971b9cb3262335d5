import type { PromotionClaimResponse } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { rewardKeys } from "./query-keys.ts";

/** GET /api/weekly/promo_maintain: '0' shows the Claim button, '1' (maintenance, or unknown) hides it. */
export function usePromoMaintain(enabled: boolean) {
  return useQuery({
    queryKey: rewardKeys.promoMaintain,
    queryFn: ({ signal }) =>
      api<{ is_maintain: "0" | "1" }>("weekly/promo_maintain", { signal, anonymous: true }).then((r) => r.is_maintain),
    enabled,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

/** POST /api/promotion/claim: floor(p_balance) moves to the main balance; the server's message is shown. */
export function claimPromotion(idempotencyKey: string): Promise<PromotionClaimResponse> {
  // Types only here: the header stays free of the schema library (first-load budget).
  return api<PromotionClaimResponse>("promotion/claim", { method: "POST", body: {}, idempotencyKey });
}
