import { lazyPage } from "../../lib/lazy-page.tsx";
import type { RouteObject } from "../../lib/router.tsx";

const PointPage = lazyPage(() => import("./pages/point-page.tsx").then((m) => m.PointPage));

/** The points page (/point); mount it behind the login guard. */
export const pointRoutes: RouteObject[] = [{ path: "point", element: <PointPage /> }];
