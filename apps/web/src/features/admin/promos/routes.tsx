import { lazyPage } from "../../../lib/lazy-page.tsx";
import type { RouteObject } from "../../../lib/router.tsx";

const PromoCodesPage = lazyPage(() => import("./promo-codes-page.tsx").then((m) => m.PromoCodesPage));

/** The console's promo codes screen, relative to /admin. */
export const promosConsoleRoutes: RouteObject[] = [{ path: "promo-codes", element: <PromoCodesPage /> }];
