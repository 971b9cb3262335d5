import { lazyPage } from "../../lib/lazy-page.tsx";
import type { RouteObject } from "../../lib/router.tsx";

const HouseGamePage = lazyPage(() => import("./pages/house-game-page.tsx").then((m) => m.HouseGamePage));

/** /house/:game — the built-in provider's games, shown in the game overlay's frame without the site shell. */
export const houseRoutes: RouteObject[] = [{ path: "house/:game", element: <HouseGamePage /> }];
