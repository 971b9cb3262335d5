import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useRef, useSyncExternalStore } from "react";
import { Spinner } from "../components/spinner.tsx";
import { whenIdle } from "../lib/idle.ts";
import { lazyPage } from "../lib/lazy-page.tsx";
import { type Location, type NavigateFunction, useLocation, useNavigate, useRoutes } from "../lib/router.tsx";
import { onToastsWanted, preloadToasts, toastsWanted } from "../lib/toast.ts";
import { routes } from "./router.tsx";
import { installHtmlLang, installSessionEffects } from "./session-effects.ts";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/** The browser's one QueryClient. */
export const queryClient = createQueryClient();

/** The site's pages for the current location (inside a BrowserRouter, or the server's StaticRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** What the browser and the server's first paint both draw around the pages. */
export function AppFrame({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={<Spinner variant="fullscreen" />}>{children}</Suspense>
    </QueryClientProvider>
  );
}

// The toast container downloads once the page has settled (or with the first toast), and is drawn
// with the first toast only (its style sheet joins the page then: lib/toast.ts).
const LazyToasts = lazyPage(() => import("./toasts.tsx").then((m) => m.AppToasts));

function ToastHost() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  useEffect(
    () =>
      whenIdle(() => {
        void preloadToasts().catch(() => undefined);
        void LazyToasts.preload().catch(() => undefined);
      }),
    [],
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToasts />
    </Suspense>
  );
}

/** Hands the session effects (401 → login, profile refresh per page) the router's location and navigate. */
function SessionEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = useRef<{ location: Location; navigate: NavigateFunction }>({ location, navigate });
  const listeners = useRef(new Set<(state: { location: object }) => void>());
  current.current = { location, navigate };

  useEffect(
    () =>
      installSessionEffects(
        {
          state: {
            get location() {
              return current.current.location;
            },
          },
          navigate: (to, opts) => current.current.navigate(to, opts),
          subscribe: (fn) => {
            listeners.current.add(fn);
            return () => listeners.current.delete(fn);
          },
        },
        queryClient,
      ),
    [],
  );
  useEffect(() => {
    for (const fn of listeners.current) fn({ location });
  }, [location]);
  useEffect(() => installHtmlLang(), []);
  return null;
}

/** The app in the browser; `Router` is the BrowserRouter (a MemoryRouter in tests). */
export function App({ Router }: { Router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Spinner variant="fullscreen" />}>
        <Router>
          <SessionEffects />
          <AppRoutes />
        </Router>
      </Suspense>
      <ToastHost />
    </QueryClientProvider>
  );
}
