import type { RouteObject } from "../../../lib/router.tsx";
import { SupportPage } from "./pages/support-page.tsx";

/** The console's support inbox (conversations, answers, canned answers), relative to /admin. */
export const supportConsoleRoutes: RouteObject[] = [{ path: "support", element: <SupportPage /> }];
