import type { LotteryType, Market } from "@shwe/contracts";

/**
 * The one source of the site's URLs (routes and their builders): the player site's, then the
 * operator console's (all under /admin), one object per console area. No other file defines URLs
 * (apps/web/src/one-way.test.ts fails on a `paths.ts` anywhere else).
 */

/** URLs of the player site. */
export const paths = {
  home: "/",
  login: "/login",
  register: "/register",
  forgetPassword: "/forgetpwd",
  profile: "/profile",
  cashIn: "/cashin",
  cashOut: "/cashout",
  walletHistory: "/wallet-history",
  betSlip: "/betslip",
  point: "/point",
  gameReport: (pCode: string) => `/game/report/${encodeURIComponent(pCode)}`,
  gameHistory: "/game/history",
  gameUnavailable: (provider: string) => `/game/unavailable?provider=${encodeURIComponent(provider)}`,
  oneD: "/one/lottery",
  twoD: "/two/lottery",
  threeD: "/three/lottery",
  crypto2D: "/crypto/lottery",
  crypto1D: "/crypto/one/lottery",
  winNumber: "/win-number",
  winnerList: "/winner-list",
  /** Past results by month of a game (?game=2d&month=YYYY-MM). */
  resultsCalendar: "/results-calendar",
  /** Number statistics of a game (?game=2d&days=30|90). */
  numberStats: "/number-stats",
  category: (cat: string) => `/${encodeURIComponent(cat)}`,
  provider: (cat: string, prov: string | number) => `/${encodeURIComponent(cat)}/${encodeURIComponent(String(prov))}`,
  admin: "/admin",
  /** Weekly cashback credits and claims of the claimable balance. */
  promotionHistory: "/promotion-history",
  /** How to install the app (the QR code of the download-app popup opens it). */
  install: "/install",
} as const;

// ── operator console (under /admin) ─────────────────────────────────────────

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
