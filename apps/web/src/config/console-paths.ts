import type { LotteryType, Market } from "@shwe/contracts";

/**
 * URLs of the operator console (all under /admin), one object per console area: with
 * config/paths.ts the one source of the site's URLs.
 */

/** URLs of the operator console (all under /admin). */
export const adminPaths = {
  dashboard: "/admin",
  cashIn: "/admin/cash-in",
  cashOut: "/admin/cash-out",
  lvl2: "/admin/lvl2",
  players: "/admin/players",
  player: (id: number) => `/admin/players/${id}`,
  auditLog: "/admin/audit-log",
  content: "/admin/content",
} as const;

/** URLs of the console's lottery screens. */
export const lotteryAdminPaths = {
  draws: "/admin/lottery",
  drawsOf: (type: LotteryType) => `/admin/lottery?type=${type}`,
  draw: (id: number) => `/admin/lottery/draws/${id}`,
  settings: (type: LotteryType) => `/admin/lottery/settings/${type}`,
  market: (market: Market) => `/admin/lottery/market/${market}`,
} as const;

/** URL of the console's live screen. */
export const liveAdminPaths = { live: "/admin/live" } as const;

/** URL of the console's pocket money screen. */
export const pocketAdminPaths = { pocket: "/admin/pocket-money" } as const;

/** URL of the console's points screen. */
export const pointsAdminPaths = { points: "/admin/points" } as const;

/** URL of the console's referral screen. */
export const referralAdminPaths = { referral: "/admin/referral" } as const;

/** URLs of the console's reward screens. */
export const rewardsAdminPaths = { cashback: "/admin/cashback" } as const;

/** URLs of the console's support inbox. */
export const supportAdminPaths = { support: "/admin/support" } as const;

/** URL of the console's speed panel. */
export const vitalsAdminPaths = { vitals: "/admin/speed" } as const;

/** URLs of the console's payment methods. */
export const paymentsAdminPaths = { payments: "/admin/payment-methods" } as const;

/** URL of the console's promo codes. */
export const promosAdminPaths = { promos: "/admin/promo-codes" } as const;

/** URLs of the console's reports. */
export const reportsAdminPaths = { reports: "/admin/reports" } as const;

/** URLs of the console's game catalogue. */
export const catalogueAdminPaths = { catalogue: "/admin/catalogue" } as const;

/** URLs of the console's security screen. */
export const securityAdminPaths = { security: "/admin/security" } as const;
