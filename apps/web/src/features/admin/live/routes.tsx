import type { RouteObject } from "../../../lib/router.tsx";
import { LivePage } from "./pages/live-page.tsx";

/** The console's live screen (ticker messages, broadcasts, marquee, open connections), relative to /admin. */
export const liveConsoleRoutes: RouteObject[] = [{ path: "live", element: <LivePage /> }];
