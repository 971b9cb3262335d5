import { lazy } from "react";
import type { RouteObject } from "react-router";

const GameReportPage = lazy(() => import("./pages/game-report-page.tsx").then((m) => ({ default: m.GameReportPage })));
const GameHistoryPage = lazy(() => import("./pages/game-history-page.tsx").then((m) => ({ default: m.GameHistoryPage })));

/** The player's game history and per-provider reports; mount them behind the login guard. */
export const gameReportRoutes: RouteObject[] = [
  { path: "game/history", element: <GameHistoryPage /> },
  { path: "game/report/:pCode", element: <GameReportPage /> },
];
