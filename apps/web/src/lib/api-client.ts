import { useSession } from "./session-store.ts";

/**
 * The one API client of the web app. Every call goes to /api on the same origin, sends JSON,
 * carries the bearer token when there is a session, and throws ApiError with the server's
 * `{message, code, details}` body on any non-2xx status.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Idempotency-Key for money-moving calls. */
  idempotencyKey?: string;
  /** Send without the bearer token even when signed in (public calls). */
  anonymous?: boolean;
  /** Extra request headers (e.g. the sign-up's X-Device-Id). */
  headers?: Record<string, string>;
}

type UnauthorizedHandler = (err: ApiError) => void;
let onUnauthorized: UnauthorizedHandler | undefined;

/** Registered once by the app shell: shows 'Session Expired, Please Login Again!' and signs out. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  onUnauthorized = handler;
}

/** How requests leave: the browser's fetch, or (for the server's first paint) a call inside the server. */
interface Transport {
  origin: string;
  fetch: (url: URL, init: RequestInit) => Promise<Response>;
}
let transport: Transport | undefined;

/** The server's first paint answers the app's public reads in-process; undefined restores fetch. */
export function setApiTransport(next: Transport | undefined): void {
  transport = next;
}

/** The request as the client sends it: /api on the same origin, the query, the bearer token, the body. */
export function request(path: string, opts: RequestOptions, accept: string) {
  const url = new URL(`/api/${path.replace(/^\/+/, "").replace(/^api\//, "")}`, transport?.origin ?? window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...opts.headers };
  if (accept) headers.Accept = accept;
  const token = opts.anonymous ? undefined : useSession.getState().user?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.idempotencyKey) headers["Idempotency-Key"] = opts.idempotencyKey;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const init: RequestInit = { method: opts.method ?? (body ? "POST" : "GET"), headers, body, signal: opts.signal ?? null };
  return { url, init, token };
}

/** Sends a request the client built: through the browser's fetch, or the server's in-process transport. */
export function send(url: URL, init: RequestInit): Promise<Response> {
  return transport ? transport.fetch(url, init) : fetch(url, init);
}

/** The body as JSON, or undefined when it is empty or not JSON. */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The ApiError of a non-2xx answer; a 401 to a signed-in call ends the session (the registered handler). */
export function failure(res: Response, data: unknown, token: string | undefined, fallbackCode: string): ApiError {
  const e = (data ?? {}) as { message?: string; code?: string; details?: Record<string, unknown> };
  const err = new ApiError(res.status, e.code ?? fallbackCode, e.message ?? res.statusText, e.details);
  if (res.status === 401 && token) onUnauthorized?.(err);
  return err;
}

/**
 * Calls the API at `path` (after /api/; a leading "/api/" is accepted too, as in the URLs the
 * server hands out) and answers the JSON body.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { url, init, token } = request(path, opts, "application/json");
  const res = await send(url, init);
  if (res.status === 204) return undefined as T;
  const data = await readJson(res);
  if (!res.ok) throw failure(res, data, token, "HTTP_ERROR");
  return data as T;
}

/**
 * A fresh idempotency key for one user action (reuse it when retrying that same action).
 * crypto.randomUUID exists only on secure pages (HTTPS or localhost); elsewhere 128 random bits
 * from crypto.getRandomValues serve the same purpose.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
