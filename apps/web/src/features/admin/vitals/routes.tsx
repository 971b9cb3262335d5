import type { RouteObject } from "../../../lib/router.tsx";
import { VitalsPage } from "./vitals-page.tsx";

/** URL of the console's speed panel (under /admin). */
export const vitalsAdminPaths = { vitals: "/admin/speed" } as const;

export const vitalsConsoleRoutes: RouteObject[] = [{ path: "speed", element: <VitalsPage /> }];
