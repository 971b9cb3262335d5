import type { RouteObject } from "../../../lib/router.tsx";
import { ReportsPage } from "./reports-page.tsx";

/** URLs of the console's reports (under /admin). */
export const reportsAdminPaths = { reports: "/admin/reports" } as const;

export const reportsConsoleRoutes: RouteObject[] = [{ path: "reports", element: <ReportsPage /> }];
