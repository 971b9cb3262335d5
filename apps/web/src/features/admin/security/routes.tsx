import type { RouteObject } from "../../../lib/router.tsx";
import { SecurityPage } from "./pages/security-page.tsx";

/** The operator's two-step sign-in and the admins' console accounts, relative to /admin. */
export const securityConsoleRoutes: RouteObject[] = [{ path: "security", element: <SecurityPage /> }];
