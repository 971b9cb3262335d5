import type { DrawStatus, LotteryType, Market, SupportTab } from "@shwe/contracts";
import type { QueryClient } from "@tanstack/react-query";

export type CashKind = "in" | "out";
export type DecisionStatus = "pending" | "approved" | "rejected";

/**
 * Query keys of the console, every one of them (no other file of the feature builds a key);
 * everything starts with "admin" so a change of operator can drop it all.
 */
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
  playerAccess: (id: number) => ["admin", "player", id, "access"] as const,
  playerPlay: (id: number) => ["admin", "player", id, "play"] as const,
  adjustments: () => ["admin", "adjustments"] as const,
  adjustmentList: (status: "pending" | "applied" | "rejected") => ["admin", "adjustments", status] as const,
  auditLog: () => ["admin", "audit-log"] as const,
  auditLogPage: <F extends object>(page: number, perPage: number, filters: F) => ["admin", "audit-log", page, perPage, filters] as const,
  ledgerAudit: () => ["admin", "ledger-audit"] as const,
  contentSettings: () => ["admin", "content-settings"] as const,
  cashback: () => ["admin", "content-settings", "cashback"] as const,
  banners: () => ["admin", "banners"] as const,
  paymentMethods: () => ["admin", "payment-methods"] as const,
  promoCodes: () => ["admin", "promo-codes"] as const,
  vitals: (days: number) => ["admin", "vitals", days] as const,
  report: (name: string, start: string, end: string) => ["admin", "reports", name, start, end] as const,
  liveConnections: () => ["admin", "live", "connections"] as const,
  points: () => ["admin", "points"] as const,
  pointPayouts: (start: string, end: string) => ["admin", "points", "payouts", start, end] as const,
  pocket: () => ["admin", "pocket"] as const,
  pocketCampaigns: () => ["admin", "pocket", "campaigns"] as const,
  pocketClaims: (campaignId: number | null) => ["admin", "pocket", "claims", campaignId] as const,
  referral: () => ["admin", "referral"] as const,
  referralFlags: (status: string) => ["admin", "referral", "flags", status] as const,
  referralSettings: () => ["admin", "referral", "settings"] as const,
  referralPayouts: (days: number) => ["admin", "referral", "payouts", days] as const,
  secondFactor: () => ["admin", "second-factor"] as const,
  operators: () => ["admin", "operators"] as const,
  consoleChanges: () => ["admin", "console-changes"] as const,
  consoleStatus: () => ["admin", "console-status"] as const,
};

/** The console's catalogue screen: categories, providers and each provider's games. */
export const catalogueAdminKeys = {
  categories: () => ["admin", "catalogue", "categories"] as const,
  providers: () => ["admin", "catalogue", "providers"] as const,
  games: (provider: number) => ["admin", "catalogue", "games", provider] as const,
};

/** The console's GSC+ screen: status, a day's reconciliation, the debts. */
export const gscKeys = {
  status: () => ["admin", "gsc", "status"] as const,
  reconciliation: (day: string) => ["admin", "gsc", "reconciliation", day] as const,
  debts: () => ["admin", "gsc", "debts"] as const,
};

/** The console's lottery screens; under "admin" so a change of operator drops them with the rest. */
export const lotteryAdminKeys = {
  all: ["admin", "lottery"] as const,
  draws: () => ["admin", "lottery", "draws"] as const,
  drawList: (type: LotteryType, status: DrawStatus | "all") => ["admin", "lottery", "draws", type, status] as const,
  draw: (id: number) => ["admin", "lottery", "draw", id] as const,
  games: () => ["admin", "lottery", "games"] as const,
  numbers: (type: LotteryType) => ["admin", "lottery", "numbers", type] as const,
  market: (market: Market) => ["admin", "lottery", "market", market] as const,
};

/** The support inbox: conversations by tab, one conversation, its player's context, canned answers, operators, figures. */
export const supportInboxKeys = {
  all: () => ["admin", "support"] as const,
  inboxAll: () => ["admin", "support", "inbox"] as const,
  inbox: (tab: SupportTab) => ["admin", "support", "inbox", tab] as const,
  threadAll: () => ["admin", "support", "thread"] as const,
  thread: (id: number) => ["admin", "support", "thread", id] as const,
  context: (id: number) => ["admin", "support", "context", id] as const,
  canned: () => ["admin", "support", "canned"] as const,
  operators: () => ["admin", "support", "operators"] as const,
  image: (url: string) => ["admin", "support", "image", url] as const,
  stats: () => ["admin", "support-stats"] as const,
};

/** An operator invitation is read before any sign-in, so it is not under "admin". */
export const invitationKey = (token: string) => ["console-invitation", token] as const;

/** After any money decision: the queues, the players and their balances, and the audit log may all have changed. */
export function invalidateMoneyViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [adminKeys.cashRequests(), adminKeys.adjustments(), adminKeys.players(), adminKeys.playerAll(), adminKeys.auditLog()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** After any lottery decision: draws, games and number rules may all have changed, and the audit log. */
export function invalidateLotteryViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: lotteryAdminKeys.all }),
    queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() }),
  ]);
}

/** How often the pending queues refresh by themselves while the console is open. */
export const QUEUE_REFRESH_MS = 30_000;
