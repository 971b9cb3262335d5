import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CATEGORY_CODES } from "./lib/category-codes.ts";

const CategoryPage = lazy(() => import("./pages/category-page.tsx").then((m) => ({ default: m.CategoryPage })));
const ProviderGamesPage = lazy(() => import("./pages/provider-games-page.tsx").then((m) => ({ default: m.ProviderGamesPage })));
const GameUnavailablePage = lazy(() => import("./pages/game-unavailable-page.tsx").then((m) => ({ default: m.GameUnavailablePage })));

/**
 * /{cat} and /{cat}/{prov} inside the site shell, for the nine category codes only: any other
 * single segment (a typo, /foo) stays the 404 page, and /one/lottery and friends keep their own routes.
 */
export const catalogueRoutes: RouteObject[] = CATEGORY_CODES.flatMap((code) => [
  { path: code, element: <CategoryPage category={code} /> },
  { path: `${code}/:provider`, element: <ProviderGamesPage category={code} /> },
]);

/** Pages shown inside the game overlay's frame: no site shell around them. */
export const gameFrameRoutes: RouteObject[] = [{ path: "game/unavailable", element: <GameUnavailablePage /> }];
