import type { PaymentMethod } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { type CashKind, walletKeys } from "./query-keys.ts";

/** GET /api/payment-method/show-cashin | show-cashout: the wallets open for this direction (public). */
export function usePaymentMethods(kind: CashKind) {
  return useQuery({
    queryKey: walletKeys.methods(kind),
    queryFn: ({ signal }) => api<PaymentMethod[]>(`payment-method/show-cash${kind}`, { signal, anonymous: true }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/cashin-amount | cashout-amount: the preset amount chips (public). */
export function useAmountChips(kind: CashKind) {
  return useQuery({
    queryKey: walletKeys.chips(kind),
    queryFn: ({ signal }) => api<number[]>(`cash${kind}-amount`, { signal, anonymous: true }),
    staleTime: 5 * 60_000,
  });
}
