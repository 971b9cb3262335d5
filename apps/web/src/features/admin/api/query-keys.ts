import type { QueryClient } from "@tanstack/react-query";

export type CashKind = "in" | "out";
export type DecisionStatus = "pending" | "approved" | "rejected";

/** Query keys of the console; everything starts with "admin" so a change of operator can drop it all. */
export const adminKeys = {
  all: ["admin"] as const,
  cashRequests: () => ["admin", "cash-requests"] as const,
  cashRequestList: (kind: CashKind, status: DecisionStatus) => ["admin", "cash-requests", kind, status] as const,
  lvl2: () => ["admin", "lvl2"] as const,
  lvl2List: (status: DecisionStatus) => ["admin", "lvl2", status] as const,
  lvl2Image: (uploadId: number) => ["admin", "lvl2-image", uploadId] as const,
  players: () => ["admin", "players"] as const,
  playerSearch: (query: string) => ["admin", "players", query] as const,
  player: (id: number) => ["admin", "player", id] as const,
  playerAll: () => ["admin", "player"] as const,
  adjustments: () => ["admin", "adjustments"] as const,
  adjustmentList: (status: "pending" | "applied" | "rejected") => ["admin", "adjustments", status] as const,
  auditLog: () => ["admin", "audit-log"] as const,
  auditLogPage: (page: number, perPage: number) => ["admin", "audit-log", page, perPage] as const,
  ledgerAudit: () => ["admin", "ledger-audit"] as const,
  contentSettings: () => ["admin", "content-settings"] as const,
};

/** After any money decision: the queues, the players and their balances, and the audit log may all have changed. */
export function invalidateMoneyViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [adminKeys.cashRequests(), adminKeys.adjustments(), adminKeys.players(), adminKeys.playerAll(), adminKeys.auditLog()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** How often the pending queues refresh by themselves while the console is open. */
export const QUEUE_REFRESH_MS = 30_000;
