import type { RouteObject } from "../../../lib/router.tsx";
import { DrawDetailPage } from "./pages/draw-detail-page.tsx";
import { DrawsPage } from "./pages/draws-page.tsx";
import { GameSettingsPage } from "./pages/game-settings-page.tsx";
import { MarketSettingsPage } from "./pages/market-settings-page.tsx";

/** The console's lottery screens, relative to /admin. */
export const lotteryConsoleRoutes: RouteObject[] = [
  { path: "lottery", element: <DrawsPage /> },
  { path: "lottery/draws/:id", element: <DrawDetailPage /> },
  { path: "lottery/settings/:type", element: <GameSettingsPage /> },
  { path: "lottery/market/:market", element: <MarketSettingsPage /> },
];
