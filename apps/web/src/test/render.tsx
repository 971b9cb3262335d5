import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { ToastContainer } from "react-toastify";
import { vi } from "vitest";
import i18n, { type I18n, type ResourceKey } from "../lib/i18n-core.ts";
import { I18nextProvider, initReactI18next } from "../lib/i18n-react.tsx";
import { createMemoryRouter, type RouteObject, RouterProvider } from "../lib/router.tsx";
import { type SessionUser, useSession } from "../lib/session-store.ts";

/**
 * Test helpers for web tests (jsdom): English translations loaded synchronously from
 * public/locales/en, a fresh QueryClient, a memory router and a fetch mock answering by path.
 */
const english = import.meta.glob<ResourceKey>("../../public/locales/en/*.json", { eager: true, import: "default" });

export function initTestI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const resources: Record<string, ResourceKey> = {};
  for (const [file, data] of Object.entries(english)) {
    const ns = file
      .split("/")
      .pop()
      ?.replace(/\.json$/, "");
    if (ns) resources[ns] = data;
  }
  void i18n.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    ns: Object.keys(resources),
    defaultNS: "common",
    fallbackNS: "common",
    resources: { en: resources },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return i18n;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } } });
}

/** A signed-in player in the session store (and so in the stored user info). */
export function signIn(overrides: Partial<SessionUser> = {}): SessionUser {
  const user: SessionUser = {
    id: 7,
    token: "test-token",
    user_code: "SL000007",
    phone: "09123456789",
    name: "Aung Aung",
    lvl_2: 1,
    balance: 1_234_567,
    game_balance: 25_000,
    point: 0,
    p_balance: 0,
    turnover: 0,
    refer_count: 0,
    game_refer_amt: 0,
    ...overrides,
  };
  useSession.setState({ user });
  return user;
}

type Reply = { status?: number; body?: unknown };
type Answer = Reply | ((url: URL, init: RequestInit) => Reply);

/**
 * Replaces fetch: each key is an API path after /api/ ("g/categories"); the answer is
 * {status (default 200), body}, or a function of the request returning one; "pending" never
 * answers. Unknown paths answer 404.
 */
export function mockApi(given: Record<string, Answer | "pending">) {
  // The console asks first whether this sign-in passed the operator second factor: by default it has.
  const routes: Record<string, Answer | "pending"> = {
    "admin/2fa": { body: { role: "operator", enrolled: false, verified: true } },
    ...given,
  };
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const path = url.pathname.replace(/^\/api\//, "");
    const route = routes[path];
    if (route === "pending") return new Promise<Response>(() => undefined);
    if (route === undefined) return json(404, { message: "Not found.", code: "NOT_FOUND" });
    const answer = typeof route === "function" ? route(url, init) : route;
    return json(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

export interface RenderOptions {
  /** The URL the router starts at (with its ?search); "/" by default. */
  path?: string;
  /** The history state of that first entry (a page reading `location.state`). */
  state?: unknown;
  client?: QueryClient;
  /** Own translations (a feature's real locale files in several languages); the app's English by default. */
  i18n?: I18n;
  /** Mounts the toast container, for screens that announce with toasts. */
  toasts?: boolean;
  /**
   * Drawn by the server first: the routes are drawn to markup at `path` without the history state
   * (the server has none) and the browser's tree then takes that markup over (hydration). Whatever
   * React had to recover from (the two disagreeing) is in `mismatches`.
   */
  drawn?: boolean;
  /** With `drawn`: runs between the drawing and the takeover (what only the browser knows, e.g. its storage). */
  inBrowser?: () => void;
}

/**
 * The one render of the web tests: routes in a memory router with a fresh QueryClient, the
 * translations and (when asked) the toasts; returns the router to inspect navigation. Feature
 * helpers (renderConsole, the account pages' renderPage, renderProfile) are shorthands for it.
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = "/", state, client = testQueryClient(), i18n: own, toasts = false, drawn = false, inBrowser }: RenderOptions = {},
) {
  if (!own) initTestI18n();
  const [pathname = "/", search = ""] = path.split("?");
  const entry = state === undefined ? path : { pathname, search: search ? `?${search}` : "", state };
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const treeOf = (shown: ReturnType<typeof createMemoryRouter>, withToasts: boolean) => {
    const tree = (
      <QueryClientProvider client={client}>
        <RouterProvider router={shown} />
        {withToasts ? <ToastContainer /> : null}
      </QueryClientProvider>
    );
    return own ? <I18nextProvider i18n={own}>{tree}</I18nextProvider> : tree;
  };
  const mismatches: unknown[] = [];
  if (!drawn) return { ...render(treeOf(router, toasts)), router, client, queryClient: client, mismatches };
  const container = document.createElement("div");
  // The toasts' container is the browser's own: the server draws without it.
  container.innerHTML = renderToString(treeOf(createMemoryRouter(routes, { initialEntries: [path] }), false));
  document.body.append(container);
  inBrowser?.();
  const view = render(treeOf(router, false), {
    container,
    hydrate: true,
    onRecoverableError: (error) => mismatches.push(error),
  });
  return { ...view, router, client, queryClient: client, mismatches };
}

/** Renders one element at "/" (inside a router and a QueryClient). */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  return renderRoutes([{ path: "*", element: ui }], options);
}
