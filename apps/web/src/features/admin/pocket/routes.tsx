import { lazyPage } from "../../../lib/lazy-page.tsx";
import type { RouteObject } from "../../../lib/router.tsx";

const PocketPage = lazyPage(() => import("./pages/pocket-page.tsx").then((m) => m.PocketPage));

/** The console's pocket money screen, relative to /admin. */
export const pocketConsoleRoutes: RouteObject[] = [{ path: "pocket-money", element: <PocketPage /> }];
