import { type ReactNode, useCallback, useContext, useMemo } from "react";
import { RouteContext, useRouterContext } from "./contexts.tsx";
import { matchRoutes } from "./matching.ts";
import { joinPaths, resolvePath } from "./pathnames.ts";
import type { Location, NavigateFunction, NavigateOptions, NavigationType, Params, Path, RouteObject, To } from "./types.ts";

// ── hooks ────────────────────────────────────────────────────────────────────

export function useLocation(): Location {
  return useRouterContext("useLocation").location;
}

export function useNavigationType(): NavigationType {
  return useRouterContext("useNavigationType").navigationType;
}

/** The path of the route this component is drawn in (relative links start from it). */
function useRouteBase(): string {
  const { matches } = useContext(RouteContext);
  return matches[matches.length - 1]?.pathnameBase ?? "/";
}

export function useResolvedPath(to: To): Path {
  const base = useRouteBase();
  useRouterContext("useResolvedPath");
  return useMemo(() => resolvePath(to, base), [to, base]);
}

export function useHref(to: To): string {
  const { history } = useRouterContext("useHref");
  const path = useResolvedPath(to);
  return history.createHref(path);
}

export function useNavigate(): NavigateFunction {
  const { history } = useRouterContext("useNavigate");
  const base = useRouteBase();
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === "number") {
        history.go(to);
        return;
      }
      const path = resolvePath(to, base);
      if (options.replace) history.replace(path, options.state);
      else history.push(path, options.state);
    },
    [history, base],
  ) as NavigateFunction;
}

export function useParams<T extends Params = Params>(): T {
  const { matches } = useContext(RouteContext);
  return (matches[matches.length - 1]?.params ?? {}) as T;
}

export function useOutlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

export function Outlet() {
  return <>{useOutlet()}</>;
}

/** The element of the routes that match the current location (relative to the route it is drawn in). */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { matches: parentMatches } = useContext(RouteContext);
  const location = useLocation();
  const parent = parentMatches[parentMatches.length - 1];
  const parentParams = parent?.params ?? {};
  const parentBase = parent?.pathnameBase ?? "/";
  const pathname = location.pathname || "/";
  let remaining = pathname;
  if (parentBase !== "/") {
    const parentSegments = parentBase.replace(/^\//, "").split("/");
    remaining = `/${pathname.replace(/^\//, "").split("/").slice(parentSegments.length).join("/")}`;
  }
  const matches = matchRoutes(routes, { pathname: remaining });
  if (!matches) return null;
  const rendered = matches.map((match) => ({
    ...match,
    params: { ...parentParams, ...match.params },
    pathname: joinPaths([parentBase, match.pathname]),
    pathnameBase: match.pathnameBase === "/" ? parentBase : joinPaths([parentBase, match.pathnameBase]),
  }));
  // Each match wraps the next one (its outlet): they nest, they are never siblings, so need no key.
  return rendered.reduceRight<ReactNode>(
    (outlet, match, index) => (
      // biome-ignore lint/correctness/useJsxKeyInIterable: nested, not a list (see above)
      <RouteContext.Provider value={{ outlet, matches: [...parentMatches, ...rendered.slice(0, index + 1)] }}>
        {match.route.element !== undefined ? match.route.element : outlet}
      </RouteContext.Provider>
    ),
    null,
  );
}

type SetSearchParams = (
  next:
    | URLSearchParams
    | string
    | Record<string, string>
    | ((previous: URLSearchParams) => URLSearchParams | string | Record<string, string>),
  options?: NavigateOptions,
) => void;

export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const location = useLocation();
  const navigate = useNavigate();
  const searchParams = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setSearchParams = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === "function" ? next(new URLSearchParams(searchParams)) : next;
      navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, searchParams],
  );
  return [searchParams, setSearchParams];
}
