import type { RouteObject } from "../../../lib/router.tsx";
import { CataloguePage } from "./catalogue-page.tsx";

export const catalogueConsoleRoutes: RouteObject[] = [{ path: "catalogue", element: <CataloguePage /> }];
