/** Cash-in or cash-out. */
export type CashKind = "in" | "out";

/** Query keys of the wallet. Everything a player owns sits under ["user", …], cleared at sign-out. */
export const walletKeys = {
  methods: (kind: CashKind) => ["payment-methods", kind] as const,
  chips: (kind: CashKind) => ["cash-amounts", kind] as const,
  historyAll: ["user", "wallet-history"] as const,
  history: (kind: string, start: string, end: string) => ["user", "wallet-history", kind, start, end] as const,
};
