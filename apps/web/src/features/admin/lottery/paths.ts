import type { LotteryType } from "@shwe/contracts";

/** URLs of the console's lottery screens (under /admin). */
export const lotteryAdminPaths = {
  draws: "/admin/lottery",
  drawsOf: (type: LotteryType) => `/admin/lottery?type=${type}`,
  draw: (id: number) => `/admin/lottery/draws/${id}`,
  settings: (type: LotteryType) => `/admin/lottery/settings/${type}`,
} as const;

export const ADMIN_GAMES: readonly LotteryType[] = ["2D", "1D", "3D", "C2D", "C1D"];
