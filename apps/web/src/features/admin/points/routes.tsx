import type { RouteObject } from "../../../lib/router.tsx";
import { PointsPage } from "./pages/points-page.tsx";

/** The console's points screen (rate, rewards, payouts), relative to /admin. */
export const pointsConsoleRoutes: RouteObject[] = [{ path: "points", element: <PointsPage /> }];
