/**
 * The site's router: the part of React Router's API the app uses (route objects with nested
 * layouts, index and splat routes, :params; Link, NavLink, Navigate, Outlet; the location,
 * navigation and search-parameter hooks; browser, memory and static routers), with the same
 * matching and ranking rules, in a fraction of the size. See docs/decisions for why.
 */

export { Link, type LinkProps, Navigate, NavLink, type NavLinkProps, type NavLinkRenderProps } from "./router/components.tsx";
export { createBrowserHistory, createMemoryHistory, type History, type InitialEntry } from "./router/histories.ts";
export {
  Outlet,
  useHref,
  useLocation,
  useNavigate,
  useNavigationType,
  useOutlet,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from "./router/hooks.tsx";
export { matchRoutes } from "./router/matching.ts";
export { createPath, parsePath, resolvePath } from "./router/pathnames.ts";
export { BrowserRouter, createMemoryRouter, MemoryRouter, Router, RouterProvider, StaticRouter } from "./router/routers.tsx";
export type {
  Location,
  NavigateFunction,
  NavigateOptions,
  NavigationType,
  Params,
  Path,
  RouteMatch,
  RouteObject,
  To,
} from "./router/types.ts";
