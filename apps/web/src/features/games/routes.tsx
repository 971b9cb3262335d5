import { lazyPage } from "../../lib/lazy-page.tsx";
import type { RouteObject } from "../../lib/router.tsx";

const GameReportPage = lazyPage(() => import("./pages/game-report-page.tsx").then((m) => m.GameReportPage));
const GameHistoryPage = lazyPage(() => import("./pages/game-history-page.tsx").then((m) => m.GameHistoryPage));

/** The player's game history and per-provider reports; mount them behind the login guard. */
export const gameReportRoutes: RouteObject[] = [
  { path: "game/history", element: <GameHistoryPage /> },
  { path: "game/report/:pCode", element: <GameReportPage /> },
];
