import type { UserEvent } from "@testing-library/user-event";
import type { ReactElement } from "react";
import { vi } from "vitest";
import type { SessionUser } from "../../../lib/session-store.ts";
import { renderRoutes, signIn } from "../../../test/render.tsx";

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type Reply = { status?: number; body?: unknown; bytes?: Uint8Array<ArrayBuffer>; type?: string };
type Handler = (call: Call) => Reply | Promise<Reply>;

/**
 * Replaces fetch: routes are keyed "METHOD /api/path"; every request is recorded with its headers and
 * JSON body; unknown routes answer 404 NOT_FOUND.
 */
export function mockServer(given: Record<string, Handler>) {
  // The console asks first whether this sign-in passed the operator second factor: by default it has.
  const routes: Record<string, Handler> = {
    "GET /api/admin/2fa": () => ({ body: { role: "operator", enrolled: false, verified: true } }),
    ...given,
  };
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const raw = init.body;
      const call: Call = {
        method: init.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: typeof raw === "string" ? JSON.parse(raw) : raw,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      const reply = handler ? await handler(call) : { status: 404, body: { message: "Not found.", code: "NOT_FOUND" } };
      if (reply.bytes)
        return new Response(reply.bytes, { status: reply.status ?? 200, headers: { "Content-Type": reply.type ?? "image/jpeg" } });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return {
    calls,
    to: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A signed-in operator (id 1) in the session store. */
export function signInOperator(overrides: Partial<SessionUser> = {}): SessionUser {
  return signIn({ id: 1, role: "operator", phone: "09400000001", name: "Operator One", token: "test-token", ...overrides });
}

/** Renders one console element at `path` (matched by `pattern`) with English texts, a fresh query client and toasts. */
export function renderConsole(element: ReactElement, { path, pattern = path }: { path: string; pattern?: string }) {
  return renderRoutes([{ path: pattern, element }], { path, toasts: true });
}

/** The empty answers of the pending queues the console navigation counts. */
export const emptyQueues: Record<string, Handler> = {
  "GET /api/admin/cash-requests": () => ({ body: { data: [] } }),
  "GET /api/admin/lvl2": () => ({ body: { data: [] } }),
  "GET /api/admin/adjustments": () => ({ body: { data: [] } }),
};

/** Replaces a field's text in one input event (typing key by key is slow on a busy machine). */
export async function fill(user: UserEvent, element: Element, text: string) {
  await user.clear(element);
  await user.click(element);
  await user.paste(text);
}
