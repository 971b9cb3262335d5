import { joinPaths, normalizePathname, parsePath } from "./pathnames.ts";
import type { Params, Path, RouteMatch, RouteObject } from "./types.ts";

// ── matching (React Router's rules: rank by score, then by definition order) ─

interface CompiledParam {
  paramName: string;
  isOptional?: boolean;
}

interface PathMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
}

function compilePath(path: string, caseSensitive: boolean, end: boolean): [RegExp, CompiledParam[]] {
  const params: CompiledParam[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:([\w-]+)(\?)?/g, (_: string, paramName: string, isOptional: string | undefined) => {
      params.push({ paramName, isOptional: isOptional != null });
      return isOptional ? "/?([^\\/]+)?" : "/([^\\/]+)";
    })}`;
  if (path.endsWith("*")) {
    params.push({ paramName: "*" });
    source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  } else if (end) {
    source += "\\/*$";
  } else if (path !== "" && path !== "/") {
    source += "(?:(?=\\/|$))";
  }
  return [new RegExp(source, caseSensitive ? undefined : "i"), params];
}

function matchPath(pattern: { path: string; caseSensitive: boolean; end: boolean }, pathname: string): PathMatch | null {
  const [matcher, compiledParams] = compilePath(pattern.path, pattern.caseSensitive, pattern.end);
  const match = pathname.match(matcher);
  if (!match) return null;
  const matchedPathname = match[0];
  let pathnameBase = matchedPathname.replace(/(.)\/+$/, "$1");
  const captureGroups = match.slice(1);
  const params: Params = {};
  compiledParams.forEach(({ paramName, isOptional }, index) => {
    const value = captureGroups[index];
    if (paramName === "*") {
      pathnameBase = matchedPathname.slice(0, matchedPathname.length - (value ?? "").length).replace(/(.)\/+$/, "$1");
    }
    params[paramName] = isOptional && !value ? undefined : (value ?? "").replace(/%2F/g, "/");
  });
  return { params, pathname: matchedPathname, pathnameBase };
}

interface RouteMeta {
  relativePath: string;
  caseSensitive: boolean;
  childrenIndex: number;
  route: RouteObject;
}

interface RouteBranch {
  path: string;
  score: number;
  routesMeta: RouteMeta[];
}

function flattenRoutes(routes: RouteObject[], branches: RouteBranch[] = [], parentsMeta: RouteMeta[] = [], parentPath = ""): RouteBranch[] {
  routes.forEach((route, index) => {
    const meta: RouteMeta = { relativePath: route.path ?? "", caseSensitive: route.caseSensitive === true, childrenIndex: index, route };
    if (meta.relativePath.startsWith("/")) meta.relativePath = meta.relativePath.slice(parentPath.length);
    const path = joinPaths([parentPath, meta.relativePath]);
    const routesMeta = [...parentsMeta, meta];
    if (route.children && route.children.length > 0) flattenRoutes(route.children, branches, routesMeta, path);
    if (route.path == null && !route.index) return;
    branches.push({ path, score: computeScore(path, route.index), routesMeta });
  });
  return branches;
}

const PARAM = /^:[\w-]+$/;

function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split("/");
  let score = segments.length;
  if (segments.includes("*")) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === "*") continue;
    score += PARAM.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? (a[a.length - 1] ?? 0) - (b[b.length - 1] ?? 0) : 0;
}

function matchRouteBranch(branch: RouteBranch, pathname: string): RouteMatch[] | null {
  const matchedParams: Params = {};
  let matchedPathname = "/";
  const matches: RouteMatch[] = [];
  for (let i = 0; i < branch.routesMeta.length; i++) {
    const meta = branch.routesMeta[i] as RouteMeta;
    const end = i === branch.routesMeta.length - 1;
    const remainingPathname = matchedPathname === "/" ? pathname : pathname.slice(matchedPathname.length) || "/";
    const match = matchPath({ path: meta.relativePath, caseSensitive: meta.caseSensitive, end }, remainingPathname);
    if (!match) return null;
    Object.assign(matchedParams, match.params);
    matches.push({
      params: matchedParams,
      pathname: joinPaths([matchedPathname, match.pathname]),
      pathnameBase: normalizePathname(joinPaths([matchedPathname, match.pathnameBase])),
      route: meta.route,
    });
    if (match.pathnameBase !== "/") matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
  }
  return matches;
}

function decodePath(value: string): string {
  try {
    return value
      .split("/")
      .map((v) => decodeURIComponent(v).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return value;
  }
}

const branchesCache = new WeakMap<RouteObject[], RouteBranch[]>();

/** The routes (outermost first) that show `location`, or null when none does. */
export function matchRoutes(routes: RouteObject[], location: string | Partial<Path>): RouteMatch[] | null {
  const pathname = (typeof location === "string" ? parsePath(location).pathname : location.pathname) ?? "/";
  let branches = branchesCache.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes).sort((a, b) =>
      a.score !== b.score
        ? b.score - a.score
        : compareIndexes(
            a.routesMeta.map((m) => m.childrenIndex),
            b.routesMeta.map((m) => m.childrenIndex),
          ),
    );
    branchesCache.set(routes, branches);
  }
  const decoded = decodePath(pathname);
  for (const branch of branches) {
    const matches = matchRouteBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}
