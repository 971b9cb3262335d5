// The account calls load the shared schemas on first use (api/schemas.ts), which a browser starts as
// soon as the player is in a field; here they are loaded with the test file, so that no test's
// waiting for the screen includes the first compile of the contracts package.
import "@shwe/contracts";
import type { ReactElement } from "react";
import { vi } from "vitest";
import cnAuth from "../../../../public/locales/cn/auth.json";
import enAuth from "../../../../public/locales/en/auth.json";
import mmAuth from "../../../../public/locales/mm/auth.json";
import thaiAuth from "../../../../public/locales/thai/auth.json";
import { createInstance } from "../../../lib/i18n-core.ts";
import { initReactI18next } from "../../../lib/i18n-react.tsx";
import { useLocation } from "../../../lib/router.tsx";
import { renderRoutes } from "../../../test/render.tsx";

export type Lng = "en" | "mm" | "cn" | "thai";

/** A ready i18next instance with the real auth translations (no network). */
export function testI18n(lng: Lng = "en") {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    ns: ["auth", "common"],
    defaultNS: "auth",
    resources: {
      en: { auth: enAuth, common: {} },
      mm: { auth: mmAuth, common: {} },
      cn: { auth: cnAuth, common: {} },
      thai: { auth: thaiAuth, common: {} },
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

/** Shows where the router is, so a test can assert the redirect. */
function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}
    </p>
  );
}

export interface RenderOptions {
  path: string;
  element: ReactElement;
  at: string;
  state?: unknown;
  lng?: Lng;
  /** Drawn by the server first, then taken over, `inBrowser` run in between (see the app's renderRoutes). */
  drawn?: boolean;
  inBrowser?: () => void;
}

/** Renders one account page in a memory router with the query client, translations and toasts. */
export function renderPage({ path, element, at, state, lng = "en", drawn, inBrowser }: RenderOptions) {
  return renderRoutes(
    [
      { path, element },
      { path: "*", element: <Where /> },
    ],
    { path: at, state, i18n: testI18n(lng), toasts: true, drawn, inBrowser },
  );
}

export interface Call {
  path: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown };
type Handler = (call: Call) => Reply | Promise<Reply>;

/** Replaces fetch: each request is recorded and answered by the route's handler (404 when none). */
export function mockApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const raw = init?.body;
    const body = typeof raw === "string" ? JSON.parse(raw) : raw;
    const call: Call = {
      path: url.pathname,
      method: init?.method ?? "GET",
      body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    const reply = handler ? await handler(call) : { status: 404, body: { message: "Not found.", code: "NOT_FOUND" } };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export const demoProfile = {
  id: 7,
  phone: "09500000001",
  name: "Aung Aung",
  user_code: "U7K2QX9P",
  referral_code: "AB12CD",
  role: "player" as const,
  lvl_2: 1 as const,
  lvl_2_status: "none" as const,
  lvl_2_reason: null,
  avatar: null,
  balance: 1234567,
  game_balance: 5000,
  point: 1520,
  p_balance: 999,
  turnover: 0,
  refer_count: 3,
  game_refer_amt: 0,
};
