import type { Profile } from "@shwe/contracts";
import type { ReactElement } from "react";
import { vi } from "vitest";
import enProfile from "../../../../public/locales/en/profile.json";
import mmProfile from "../../../../public/locales/mm/profile.json";
import { createInstance } from "../../../lib/i18n-core.ts";
import { initReactI18next } from "../../../lib/i18n-react.tsx";
import { renderRoutes } from "../../../test/render.tsx";

/** Renders a page at /profile with the real profile translations, a fresh query client and toasts. */
export function renderProfile(element: ReactElement, lng: "en" | "mm" = "en") {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    ns: ["profile", "common"],
    defaultNS: "profile",
    resources: { en: { profile: enProfile, common: {} }, mm: { profile: mmProfile, common: {} } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return renderRoutes([{ path: "/profile", element }], { path: "/profile", i18n, toasts: true });
}

export interface Call {
  path: string;
  method: string;
  body: unknown;
}

type Reply = { status?: number; body?: unknown };

/** Replaces fetch: each request is recorded and answered by the route's handler (404 when none). */
export function mockApi(routes: Record<string, (call: Call) => Reply>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const raw = init?.body;
      const call: Call = { path: url.pathname, method: init?.method ?? "GET", body: typeof raw === "string" ? JSON.parse(raw) : raw };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      const reply = handler ? handler(call) : { status: 404, body: { message: "Not found.", code: "NOT_FOUND" } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return { calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export function profile(over: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    phone: "09500000001",
    name: "Aung Aung",
    user_code: "U7K2QX9P",
    referral_code: "AB12CD",
    role: "player",
    lvl_2: 1,
    lvl_2_status: "none",
    lvl_2_reason: null,
    avatar: null,
    balance: 1234567,
    game_balance: 25000,
    point: 1520,
    p_balance: 999,
    turnover: 4000,
    refer_count: 3,
    game_refer_amt: 0,
    ...over,
  };
}
