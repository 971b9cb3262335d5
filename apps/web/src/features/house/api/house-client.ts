import {
  HOUSE_SESSION_HEADER,
  type HouseCrashBody,
  type HouseCrashResult,
  type HouseLaunchResult,
  type HouseRoundList,
  type HouseSessionInfo,
  type HouseSpinResult,
  houseCrashResultSchema,
  houseLaunchResultSchema,
  houseRoundListSchema,
  houseSessionInfoSchema,
  houseSpinResultSchema,
} from "@shwe/contracts";
import type { z } from "zod";

/**
 * The house games' own API (/house/api, the built-in provider's game server). The launch URL carries a
 * one-time launch code, exchanged once for the play session token; every other call carries that
 * token in its header, never the player's bearer token.
 */
export class HouseApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "HouseApiError";
  }
}

interface CallOptions {
  method?: "GET" | "POST";
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

async function houseCall<S extends z.ZodType>(
  session: string | null,
  path: string,
  schema: S,
  opts: CallOptions = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (session) headers[HOUSE_SESSION_HEADER] = session;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.idempotencyKey) headers["Idempotency-Key"] = opts.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(new URL(`/house/api/${path}`, window.location.origin), {
      method: opts.method ?? "GET",
      headers,
      body: opts.body === undefined ? null : JSON.stringify(opts.body),
      signal: opts.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new HouseApiError(0, "NETWORK", "network");
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const e = (data ?? {}) as { message?: string; code?: string; details?: Record<string, unknown> };
    throw new HouseApiError(res.status, e.code ?? "HTTP_ERROR", e.message ?? res.statusText, e.details);
  }
  return schema.parse(data);
}

/** POST /house/api/launch: the launch code of the URL for the play session token (works once). */
export function openLaunch(launchCode: string): Promise<HouseLaunchResult> {
  return houseCall(null, "launch", houseLaunchResultSchema, { method: "POST", body: { launch_code: launchCode } });
}

export function fetchSessionInfo(session: string, signal?: AbortSignal): Promise<HouseSessionInfo> {
  return houseCall(session, "session", houseSessionInfoSchema, signal ? { signal } : {});
}

export function spin(session: string, bet: number, idempotencyKey: string): Promise<HouseSpinResult> {
  return houseCall(session, "spin", houseSpinResultSchema, { method: "POST", body: { bet }, idempotencyKey });
}

export function playCrash(session: string, body: HouseCrashBody, idempotencyKey: string): Promise<HouseCrashResult> {
  return houseCall(session, "crash/play", houseCrashResultSchema, { method: "POST", body, idempotencyKey });
}

export function fetchRounds(session: string, limit = 20, signal?: AbortSignal): Promise<HouseRoundList> {
  return houseCall(session, `rounds?limit=${limit}`, houseRoundListSchema, signal ? { signal } : {});
}
