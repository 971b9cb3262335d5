import type { RouteObject } from "../../../lib/router.tsx";
import { CataloguePage } from "./catalogue-page.tsx";

/** URLs of the console's game catalogue (under /admin). */
export const catalogueAdminPaths = { catalogue: "/admin/catalogue" } as const;

export const catalogueConsoleRoutes: RouteObject[] = [{ path: "catalogue", element: <CataloguePage /> }];
