import type { RouteObject } from "../../../lib/router.tsx";
import { CashbackPage } from "./pages/cashback-page.tsx";

/** The console's weekly cashback screen, relative to /admin. */
export const cashbackConsoleRoutes: RouteObject[] = [{ path: "cashback", element: <CashbackPage /> }];
