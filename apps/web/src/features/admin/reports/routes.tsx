import type { RouteObject } from "../../../lib/router.tsx";
import { ReportsPage } from "./reports-page.tsx";

export const reportsConsoleRoutes: RouteObject[] = [{ path: "reports", element: <ReportsPage /> }];
