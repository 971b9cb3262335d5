import { lazyPage } from "../../lib/lazy-page.tsx";
import type { RouteObject } from "../../lib/router.tsx";
import { CATEGORY_CODES } from "./lib/category-codes.ts";

const CategoryPage = lazyPage(() => import("./pages/category-page.tsx").then((m) => m.CategoryPage));
const ProviderGamesPage = lazyPage(() => import("./pages/provider-games-page.tsx").then((m) => m.ProviderGamesPage));
const GameUnavailablePage = lazyPage(() => import("./pages/game-unavailable-page.tsx").then((m) => m.GameUnavailablePage));

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
