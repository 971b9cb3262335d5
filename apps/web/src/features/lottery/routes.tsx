import { lazyPage } from "../../lib/lazy-page.tsx";
import type { RouteObject } from "../../lib/router.tsx";

// Each page is its own chunk; the five games share one.
const LotteryPage = lazyPage(() => import("./pages/lottery-page.tsx").then((m) => m.LotteryPage));
const WinNumberPage = lazyPage(() => import("./pages/win-number-page.tsx").then((m) => m.WinNumberPage));
const WinnerListPage = lazyPage(() => import("./pages/winner-list-page.tsx").then((m) => m.WinnerListPage));
const ResultsCalendarPage = lazyPage(() => import("./pages/results-calendar-page.tsx").then((m) => m.ResultsCalendarPage));
const NumberStatsPage = lazyPage(() => import("./pages/number-stats-page.tsx").then((m) => m.NumberStatsPage));
const BetSlipPage = lazyPage(() => import("./pages/bet-slip-page.tsx").then((m) => m.BetSlipPage));

/** Public lottery pages (spec §2). Each game has its own key, so moving between games starts a fresh slip. */
export const lotteryRoutes: RouteObject[] = [
  { path: "one/lottery", element: <LotteryPage key="1D" type="1D" /> },
  { path: "two/lottery", element: <LotteryPage key="2D" type="2D" /> },
  { path: "three/lottery", element: <LotteryPage key="3D" type="3D" /> },
  { path: "crypto/lottery", element: <LotteryPage key="C2D" type="C2D" /> },
  { path: "crypto/one/lottery", element: <LotteryPage key="C1D" type="C1D" /> },
  { path: "win-number", element: <WinNumberPage /> },
  { path: "winner-list", element: <WinnerListPage /> },
  { path: "results-calendar", element: <ResultsCalendarPage /> },
  { path: "number-stats", element: <NumberStatsPage /> },
];

/** Lottery pages behind the login guard. */
export const lotteryGuardedRoutes: RouteObject[] = [{ path: "betslip", element: <BetSlipPage /> }];
