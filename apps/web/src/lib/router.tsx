import {
  type AnchorHTMLAttributes,
  type CSSProperties,
  createContext,
  type MouseEvent,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";

/**
 * The site's router: the part of React Router's API the app uses (route objects with nested
 * layouts, index and splat routes, :params; Link, NavLink, Navigate, Outlet; the location,
 * navigation and search-parameter hooks; browser, memory and static routers), with the same
 * matching and ranking rules, in a fraction of the size. See docs/decisions for why.
 */

export type NavigationType = "POP" | "PUSH" | "REPLACE";
export type Params = Record<string, string | undefined>;

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Unique per history entry ("default" for the first page of a tab). */
  key: string;
}

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export type To = string | Partial<Path>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

export interface RouteObject {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

export interface RouteMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
  route: RouteObject;
}

// ── paths ────────────────────────────────────────────────────────────────────

const joinPaths = (paths: string[]) => paths.join("/").replace(/\/\/+/g, "/");
const normalizePathname = (pathname: string) => pathname.replace(/\/+$/, "").replace(/^\/*/, "/");
const normalizeSearch = (search: string) => (!search || search === "?" ? "" : search.startsWith("?") ? search : `?${search}`);
const normalizeHash = (hash: string) => (!hash || hash === "#" ? "" : hash.startsWith("#") ? hash : `#${hash}`);

export function createPath({ pathname = "/", search = "", hash = "" }: Partial<Path>): string {
  return pathname + normalizeSearch(search) + normalizeHash(hash);
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hashIndex = rest.indexOf("#");
  if (hashIndex >= 0) {
    parsed.hash = rest.slice(hashIndex);
    rest = rest.slice(0, hashIndex);
  }
  const searchIndex = rest.indexOf("?");
  if (searchIndex >= 0) {
    parsed.search = rest.slice(searchIndex);
    rest = rest.slice(0, searchIndex);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

function resolvePathname(relativePath: string, fromPathname: string): string {
  const segments = fromPathname.replace(/\/+$/, "").split("/");
  for (const segment of relativePath.split("/")) {
    if (segment === "..") {
      if (segments.length > 1) segments.pop();
    } else if (segment !== ".") {
      segments.push(segment);
    }
  }
  return segments.length > 1 ? segments.join("/") : "/";
}

/** `to` as an absolute path: relative paths start from `fromPathname` (the current route's path). */
export function resolvePath(to: To, fromPathname = "/"): Path {
  const { pathname: toPathname, search = "", hash = "" } = typeof to === "string" ? parsePath(to) : to;
  const pathname = toPathname ? (toPathname.startsWith("/") ? toPathname : resolvePathname(toPathname, fromPathname)) : fromPathname;
  return { pathname, search: normalizeSearch(search), hash: normalizeHash(hash) };
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

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

// ── histories ────────────────────────────────────────────────────────────────

export interface History {
  readonly location: Location;
  readonly action: NavigationType;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  listen(listener: (update: { action: NavigationType; location: Location }) => void): () => void;
  createHref(to: To): string;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

function makeLocation(current: Path | Location | undefined, to: To, state: unknown, key: string): Location {
  const path = typeof to === "string" ? parsePath(to) : to;
  return {
    pathname: path.pathname ?? current?.pathname ?? "/",
    search: normalizeSearch(path.search ?? ""),
    hash: normalizeHash(path.hash ?? ""),
    state,
    key,
  };
}

function createListeners() {
  const listeners = new Set<(update: { action: NavigationType; location: Location }) => void>();
  return {
    add(listener: (update: { action: NavigationType; location: Location }) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(update: { action: NavigationType; location: Location }) {
      for (const listener of [...listeners]) listener(update);
    },
  };
}

interface HistoryEntryState {
  usr: unknown;
  key: string;
  idx: number;
}

/** The tab's history (pushState, popstate); each entry carries its key and state in history.state. */
export function createBrowserHistory(): History {
  const listeners = createListeners();
  let action: NavigationType = "POP";
  const entryState = () => (window.history.state ?? null) as HistoryEntryState | null;
  if (entryState()?.idx == null) window.history.replaceState({ ...entryState(), idx: 0 }, "");
  let index = entryState()?.idx ?? 0;
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const s = entryState();
    return { pathname, search, hash, state: s?.usr ?? null, key: s?.key ?? "default" };
  };
  let location = read();
  window.addEventListener("popstate", () => {
    const next = entryState()?.idx ?? 0;
    action = "POP";
    index = next;
    location = read();
    listeners.notify({ action, location });
  });
  const change = (kind: "PUSH" | "REPLACE", to: To, state: unknown) => {
    const next = makeLocation(location, to, state ?? null, createKey());
    const url = createPath(next);
    const entry: HistoryEntryState = { usr: next.state, key: next.key, idx: kind === "PUSH" ? index + 1 : index };
    try {
      if (kind === "PUSH") window.history.pushState(entry, "", url);
      else window.history.replaceState(entry, "", url);
    } catch {
      // The state could not be stored (too big, or not clonable): load the page instead.
      window.location.assign(url);
      return;
    }
    index = entry.idx;
    action = kind;
    location = read();
    listeners.notify({ action, location });
  };
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push: (to, state) => change("PUSH", to, state),
    replace: (to, state) => change("REPLACE", to, state),
    go: (delta) => window.history.go(delta),
    listen: listeners.add,
    createHref: (to) => (typeof to === "string" ? to : createPath(to)),
  };
}

/** A starting entry of a memory history: a path, or a location with its state. */
export type InitialEntry = string | Partial<Location>;

/** A history kept in memory (tests): entries and an index into them. */
export function createMemoryHistory({
  initialEntries = ["/"],
  initialIndex,
}: {
  initialEntries?: InitialEntry[];
  initialIndex?: number;
} = {}): History {
  const listeners = createListeners();
  const entries = initialEntries.map((entry, i) => {
    const key = i === 0 ? "default" : createKey();
    if (typeof entry === "string") return makeLocation(undefined, entry, null, key);
    const { pathname, search, hash, state = null, key: given } = entry;
    return makeLocation(undefined, { pathname, search, hash }, state, given ?? key);
  });
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  let action: NavigationType = "POP";
  const current = () => entries[index] as Location;
  return {
    get location() {
      return current();
    },
    get action() {
      return action;
    },
    push(to, state) {
      entries.splice(index + 1, entries.length, makeLocation(current(), to, state ?? null, createKey()));
      index += 1;
      action = "PUSH";
      listeners.notify({ action, location: current() });
    },
    replace(to, state) {
      entries[index] = makeLocation(current(), to, state ?? null, createKey());
      action = "REPLACE";
      listeners.notify({ action, location: current() });
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      action = "POP";
      listeners.notify({ action, location: current() });
    },
    listen: listeners.add,
    createHref: (to) => (typeof to === "string" ? to : createPath(to)),
  };
}

// ── contexts ─────────────────────────────────────────────────────────────────

interface LocationContextValue {
  location: Location;
  navigationType: NavigationType;
  history: History;
}

interface RouteContextValue {
  outlet: ReactNode;
  matches: RouteMatch[];
}

const LocationContext = createContext<LocationContextValue | null>(null);
const RouteContext = createContext<RouteContextValue>({ outlet: null, matches: [] });

function useRouterContext(hook: string): LocationContextValue {
  const context = useContext(LocationContext);
  if (!context) throw new Error(`${hook} may be used only inside a router`);
  return context;
}

// ── routers ──────────────────────────────────────────────────────────────────

/** Renders its children at the history's location and follows every change (as a transition, like React Router). */
export function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [state, setState] = useState({ location: history.location, navigationType: history.action });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        startTransition(() => setState({ location, navigationType: action }));
      }),
    [history],
  );
  const value = useMemo(() => ({ ...state, history }), [state, history]);
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const history = useRef<History | null>(null);
  history.current ??= createBrowserHistory();
  return <Router history={history.current}>{children}</Router>;
}

export function MemoryRouter({
  children,
  initialEntries,
  initialIndex,
}: {
  children?: ReactNode;
  initialEntries?: InitialEntry[];
  initialIndex?: number;
}) {
  const history = useRef<History | null>(null);
  history.current ??= createMemoryHistory({ initialEntries, initialIndex });
  return <Router history={history.current}>{children}</Router>;
}

/** A router fixed at one location (the server's first paint); navigating is not possible there. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const history = useMemo<History>(() => {
    const fixed = makeLocation(undefined, location, null, "default");
    const refuse = () => {
      throw new Error("navigation is not possible while the server draws a page");
    };
    return {
      location: fixed,
      action: "POP",
      push: refuse,
      replace: refuse,
      go: refuse,
      listen: () => () => undefined,
      createHref: (to) => (typeof to === "string" ? to : createPath(to)),
    };
  }, [location]);
  return <Router history={history}>{children}</Router>;
}

/** A memory router with its history exposed (tests): `router.state.location`, `router.navigate()`. */
export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: InitialEntry[]; initialIndex?: number } = {}) {
  const history = createMemoryHistory(options);
  return {
    routes,
    history,
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    navigate(to: To | number, opts: NavigateOptions = {}) {
      if (typeof to === "number") history.go(to);
      else if (opts.replace) history.replace(resolvePath(to, history.location.pathname), opts.state);
      else history.push(resolvePath(to, history.location.pathname), opts.state);
    },
    subscribe(listener: (state: { location: Location; historyAction: NavigationType }) => void) {
      return history.listen(({ action, location }) => listener({ location, historyAction: action }));
    },
  };
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders a router made by createMemoryRouter. */
export function RouterProvider({ router }: { router: ReturnType<typeof createMemoryRouter> }) {
  return (
    <Router history={router.history}>
      <Routes routes={router.routes} />
    </Router>
  );
}

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

// ── components ───────────────────────────────────────────────────────────────

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A normal page load instead of a move inside the app. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return event.button === 0 && (!target || target === "_self") && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

export function Link({ to, replace, state, reloadDocument, target, onClick, ref, ...rest }: LinkProps) {
  const external = typeof to === "string" && ABSOLUTE_URL.test(to);
  const href = useHref(external ? "/" : to);
  const path = useResolvedPath(external ? "/" : to);
  const location = useLocation();
  const navigate = useNavigate();
  if (external) return <a {...rest} href={to as string} target={target} onClick={onClick} ref={ref} />;
  return (
    <a
      {...rest}
      href={href}
      target={target}
      ref={ref}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || reloadDocument || !isPlainLeftClick(event, target)) return;
        event.preventDefault();
        // Following a link to the page already shown replaces its entry (as React Router does).
        navigate(path, { replace: replace ?? createPath(location) === createPath(path), state });
      }}
    />
  );
}

export interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, "className" | "style" | "children"> {
  /** Active only on exactly this path (not on the paths below it). */
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

export function NavLink({ end = false, caseSensitive = false, className, style, children, ...rest }: NavLinkProps) {
  const path = useResolvedPath(rest.to);
  const location = useLocation();
  let current = location.pathname;
  let target = path.pathname;
  if (!caseSensitive) {
    current = current.toLowerCase();
    target = target.toLowerCase();
  }
  if (target !== "/" && target.endsWith("/")) target = target.slice(0, -1);
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(target.length) === "/");
  const props: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className(props) : [className, isActive ? "active" : null].filter(Boolean).join(" ")}
      style={typeof style === "function" ? style(props) : style}
    >
      {typeof children === "function" ? children(props) : children}
    </Link>
  );
}

/** Moves to `to` as soon as it is drawn (in an effect, so never during the server's drawing). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = JSON.stringify(to);
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves once per target, like React Router's <Navigate>
  useEffect(() => {
    navigate(JSON.parse(target) as To, { replace, state });
  }, [target]);
  return null;
}
