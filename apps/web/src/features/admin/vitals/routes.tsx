import type { RouteObject } from "../../../lib/router.tsx";
import { VitalsPage } from "./vitals-page.tsx";

export const vitalsConsoleRoutes: RouteObject[] = [{ path: "speed", element: <VitalsPage /> }];
