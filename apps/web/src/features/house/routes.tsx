import { lazy } from "react";
import type { RouteObject } from "react-router";

const HouseGamePage = lazy(() => import("./pages/house-game-page.tsx").then((m) => ({ default: m.HouseGamePage })));

/** /house/:game — the built-in provider's games, shown in the game overlay's frame without the site shell. */
export const houseRoutes: RouteObject[] = [{ path: "house/:game", element: <HouseGamePage /> }];
