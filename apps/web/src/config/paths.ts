/**
 * The one source of the site's URLs (routes and their builders), with config/console-paths.ts for
 * the operator console's (kept apart so the player's first visit does not carry them). No other
 * file defines URLs (apps/server/src/architecture.test.ts, "one way each").
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
