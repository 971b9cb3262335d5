import { type ReactNode, startTransition, useLayoutEffect, useMemo, useRef, useState } from "react";
import { LocationContext } from "./contexts.tsx";
import { createBrowserHistory, createMemoryHistory, type History, type InitialEntry, makeLocation } from "./histories.ts";
import { useRoutes } from "./hooks.tsx";
import { createPath, resolvePath } from "./pathnames.ts";
import type { Location, NavigateOptions, NavigationType, RouteObject, To } from "./types.ts";

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
