import { z } from "zod";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import type { GscConfig } from "./gsc-config.ts";
import { type GscOutboundKeyword, gscOutboundSign } from "./gsc-sign.ts";

/**
 * The aggregator's operator API (spec/gsc-plus.md §7): every call carries operator_code, request_time
 * (epoch seconds) and the request-first sign; GET calls as query parameters, POST calls in a JSON body.
 *
 * Retries: the list calls (products, games, wagers) only read, so a network error, a timeout, HTTP 429
 * or 5xx is tried again, up to GET_ATTEMPTS times with a growing pause. The launch is tried once more
 * only when the connection failed before any answer came (refused, reset, DNS): it moves no money and
 * the aggregator keys the game session by member, so a second launch at worst replaces the first; it
 * is never repeated after a timeout (the player has waited long enough, and the first may still be
 * running) nor after any answer.
 *
 * Nothing secret leaves here in an error or a log: errors name the call and the aggregator's code and
 * message, never the URL with its sign, the secret key or a member's password.
 */

/** The outbound paths (also what the simulator serves under its base URL). */
export const GSC_PATHS = {
  launch: "/api/operators/launch-game",
  products: "/api/operators/available-products",
  games: "/api/operators/provider-games",
  wagers: "/api/operators/wagers",
} as const;

export const GET_ATTEMPTS = 3;
/** Pauses before the 2nd and 3rd attempt of a GET. */
export const GET_BACKOFF_MS = [250, 1000] as const;

export type GscCallName = "launch" | "products" | "games" | "wagers";

/**
 * The aggregator did not answer usably: `unreachable` (no answer, timeout, HTTP error, not JSON) or
 * `refused` (it answered with an error code). Status 502: the fault is upstream, not the caller's.
 */
export class GscCallError extends AppError {
  constructor(
    readonly call: GscCallName,
    readonly kind: "unreachable" | "refused",
    message: string,
    readonly aggregatorCode?: number | string,
  ) {
    super(502, kind === "unreachable" ? "GSC_UNREACHABLE" : "GSC_REFUSED", message, {
      call,
      ...(aggregatorCode !== undefined ? { aggregator_code: aggregatorCode } : {}),
    });
    this.name = "GscCallError";
  }
}

const num = z.union([z.number(), z.string().regex(/^-?[0-9]+(\.[0-9]+)?$/)]).transform(Number);
const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? undefined : String(v)));

/** A product row (§7.2); unknown fields are ignored. */
export const gscProductSchema = z.object({
  provider: optionalText,
  currency: optionalText,
  status: optionalText,
  product_code: num,
  product_name: optionalText,
  product_title: optionalText,
  game_type: optionalText,
  entry_type: num.nullish(),
});
export type GscProduct = z.infer<typeof gscProductSchema>;

/** A game row (§7.3). */
export const gscGameSchema = z.object({
  game_code: z.union([z.string(), z.number()]).transform(String),
  game_name: optionalText,
  game_type: optionalText,
  image_url: optionalText,
  lang_icon: z.record(z.string(), z.unknown()).nullish(),
  product_code: num.nullish(),
  support_currency: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((v) => (Array.isArray(v) ? v.join(",") : (v ?? undefined))),
  status: optionalText,
});
export type GscGame = z.infer<typeof gscGameSchema>;

/** A wager row of the wager list (§7.4, the push-bet-data fields). */
export const gscWagerSchema = z
  .object({
    wager_code: z.union([z.string(), z.number()]).transform(String),
    member_account: optionalText,
    product_code: num.nullish(),
    currency: optionalText,
    wager_status: optionalText,
    bet_amount: z.unknown(),
    prize_amount: z.unknown(),
  })
  .passthrough();
export type GscWager = z.infer<typeof gscWagerSchema>;

const gameListSchema = z.object({
  provider_games: z.array(z.unknown()).nullish(),
  pagination: z.object({ total: num.nullish() }).partial().nullish(),
});

const wagerListSchema = z.object({
  wagers: z.array(z.unknown()).nullish(),
  pagination: z.object({ total: num.nullish() }).partial().nullish(),
});

const launchAnswerSchema = z.object({
  code: z.union([z.number(), z.string()]).nullish(),
  message: z.string().nullish(),
  url: z.string().nullish(),
  URL: z.string().nullish(),
  content: z.string().nullish(),
  Content: z.string().nullish(),
});

export interface GscLaunchBody {
  member_account: string;
  password: string;
  nickname: string;
  currency: string;
  game_code: string | null;
  product_code: number;
  game_type: string;
  language_code: number;
  ip: string;
  platform: "MOBILE" | "DESKTOP" | "WEB";
  operator_lobby_url: string;
}

export type GscLaunchAnswer = { url: string; content?: undefined } | { content: string; url?: undefined };

export interface GscClientDeps {
  config: GscConfig;
  /** The aggregator's base URL at the time of the call (demo mode points it at the in-process simulator once listening). */
  baseUrl: () => string;
  clock: Clock;
  /** The fetch to use (tests and the in-process simulator). */
  fetch?: typeof fetch;
  /** Waits between attempts of a GET (tests resolve it at once and record the pauses). */
  pause?: (ms: number) => Promise<void>;
  log?: { warn(obj: object, msg: string): void };
}

export interface GscClient {
  launch(body: GscLaunchBody): Promise<GscLaunchAnswer>;
  /** The operator's products, one row per (product_code, game_type[, currency]). */
  products(): Promise<GscProduct[]>;
  /** One page of a product's games and the total the aggregator reports. */
  games(productCode: number, offset: number, size: number): Promise<{ games: GscGame[]; total: number | undefined; rows: number }>;
  /** One page of the wagers of [startMs, endMs) (window ≤ 5 minutes). */
  wagers(
    startMs: number,
    endMs: number,
    offset: number,
    size: number,
  ): Promise<{ wagers: GscWager[]; total: number | undefined; rows: number }>;
}

const NETWORK_BEFORE_ANSWER = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
]);

/** Whether a fetch failure happened before any answer arrived (a connection problem, not our timeout). */
function failedBeforeAnswer(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; depth < 4 && cur && typeof cur === "object"; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_BEFORE_ANSWER.has(code)) return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

const defaultPause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function createGscClient(deps: GscClientDeps): GscClient {
  const { config } = deps;
  const doFetch = deps.fetch ?? fetch;
  const pause = deps.pause ?? defaultPause;

  /** The base URL now; a call before it is known (demo mode before listening) fails like an unreachable aggregator. */
  const base = (call: GscCallName) => {
    try {
      return deps.baseUrl();
    } catch {
      throw new GscCallError(call, "unreachable", "The aggregator's address is not known yet.");
    }
  };

  const signed = (keyword: GscOutboundKeyword) => {
    const requestTime = String(Math.floor(deps.clock.now().getTime() / 1000));
    return {
      operator_code: config.operatorCode,
      request_time: requestTime,
      sign: gscOutboundSign(requestTime, config.secretKey, keyword, config.operatorCode),
    };
  };

  /** One HTTP exchange with the timeout; answers the parsed JSON or throws a GscCallError (with `retry` for GETs). */
  async function once(call: GscCallName, url: string, init: RequestInit): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), config.timeoutMs);
    let res: Response;
    try {
      res = await doFetch(url, { ...init, signal: controller.signal });
    } catch (err) {
      clearTimeout(timer);
      const timedOut = controller.signal.aborted;
      throw Object.assign(
        new GscCallError(
          call,
          "unreachable",
          timedOut ? `The aggregator did not answer within ${config.timeoutMs} ms.` : "The aggregator cannot be reached.",
        ),
        { retryable: true, beforeAnswer: !timedOut && failedBeforeAnswer(err) },
      );
    }
    try {
      const text = await res.text();
      if (!res.ok) {
        throw Object.assign(new GscCallError(call, "unreachable", `The aggregator answered HTTP ${res.status}.`), {
          retryable: res.status >= 500 || res.status === 429,
          beforeAnswer: false,
        });
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw Object.assign(new GscCallError(call, "unreachable", "The aggregator's answer is not JSON."), {
          retryable: true,
          beforeAnswer: false,
        });
      }
    } catch (err) {
      if (err instanceof GscCallError) throw err;
      throw Object.assign(
        new GscCallError(
          call,
          "unreachable",
          controller.signal.aborted ? `The aggregator did not answer within ${config.timeoutMs} ms.` : "The aggregator's answer broke off.",
        ),
        { retryable: true, beforeAnswer: false },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async function get(
    call: GscCallName,
    path: string,
    keyword: GscOutboundKeyword,
    params: Record<string, string | number>,
  ): Promise<unknown> {
    let lastError: unknown;
    for (let attempt = 0; attempt < GET_ATTEMPTS; attempt++) {
      if (attempt > 0) await pause(GET_BACKOFF_MS[Math.min(attempt - 1, GET_BACKOFF_MS.length - 1)] ?? 1000);
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...signed(keyword), ...params })) query.set(k, String(v));
      try {
        return await once(call, `${base(call)}${path}?${query.toString()}`, { method: "GET", headers: { accept: "application/json" } });
      } catch (err) {
        lastError = err;
        if (!(err as { retryable?: boolean }).retryable) throw err;
        deps.log?.warn({ gscCall: call, attempt: attempt + 1, reason: (err as Error).message }, "GSC+ call failed");
      }
    }
    throw lastError;
  }

  /** The aggregator's own error code of a list answer (an object with a non-zero `code`), as a refusal. */
  function refusedIfCoded(call: GscCallName, body: unknown): void {
    if (body && typeof body === "object" && !Array.isArray(body) && "code" in body) {
      const code = (body as { code: unknown }).code;
      if (code !== 0 && code !== "0" && code !== 200 && code !== "200" && code !== null && code !== undefined) {
        const message = (body as { message?: unknown }).message;
        throw new GscCallError(
          call,
          "refused",
          `The aggregator refused: ${typeof message === "string" && message ? message : "no message"} (code ${String(code)}).`,
          code as number,
        );
      }
    }
  }

  function rowsOf<T>(call: GscCallName, rows: unknown[], schema: z.ZodType<T>): T[] {
    const out: T[] = [];
    for (const row of rows) {
      const parsed = schema.safeParse(row);
      if (parsed.success) out.push(parsed.data);
      else deps.log?.warn({ gscCall: call }, "GSC+ row skipped: not in the expected shape");
    }
    return out;
  }

  return {
    async launch(body) {
      const payload = JSON.stringify({ ...body, ...signedNumeric(signed("launchgame")) });
      const init: RequestInit = {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: payload,
      };
      let answer: unknown;
      try {
        answer = await once("launch", `${base("launch")}${GSC_PATHS.launch}`, init);
      } catch (err) {
        if (!(err as { beforeAnswer?: boolean }).beforeAnswer) throw err;
        deps.log?.warn(
          { gscCall: "launch", attempt: 1, reason: (err as Error).message },
          "GSC+ launch failed before any answer; trying once more",
        );
        answer = await once("launch", `${base("launch")}${GSC_PATHS.launch}`, init);
      }
      const parsed = launchAnswerSchema.safeParse(answer);
      if (!parsed.success) throw new GscCallError("launch", "unreachable", "The aggregator's launch answer is not in the expected shape.");
      const { code, message } = parsed.data;
      const url = parsed.data.url ?? parsed.data.URL;
      const content = parsed.data.content ?? parsed.data.Content;
      const ok = code === 200 || code === "200" || code === 0 || code === "0";
      if (!ok) {
        throw new GscCallError(
          "launch",
          "refused",
          `The aggregator refused the launch: ${message || "no message"} (code ${String(code ?? "none")}).`,
          code ?? undefined,
        );
      }
      if (url && /^https?:\/\//i.test(url.trim())) return { url: url.trim() };
      // Demo mode's in-process simulator serves its game pages on the site's own origin.
      if (url && config.simulated && /^\/(?![/\\])/.test(url.trim())) return { url: url.trim() };
      if (content?.trim()) return { content };
      throw new GscCallError("launch", "refused", "The aggregator's launch answer has neither a URL nor a page.", code ?? undefined);
    },

    async products() {
      const body = await get("products", GSC_PATHS.products, "productlist", {});
      refusedIfCoded("products", body);
      // The list is a JSON array; a wrapper object ({ProviderGames} or {data}) is accepted too.
      const rows = Array.isArray(body)
        ? body
        : body && typeof body === "object"
          ? ((Object.values(body as Record<string, unknown>).find(Array.isArray) as unknown[] | undefined) ?? [])
          : [];
      return rowsOf("products", rows, gscProductSchema);
    },

    async games(productCode, offset, size) {
      const body = await get("games", GSC_PATHS.games, "gamelist", { product_code: productCode, offset, size });
      refusedIfCoded("games", body);
      const parsed = gameListSchema.safeParse(body);
      if (!parsed.success) throw new GscCallError("games", "unreachable", "The aggregator's game list is not in the expected shape.");
      const rows = parsed.data.provider_games ?? [];
      const total = parsed.data.pagination?.total;
      return {
        games: rowsOf("games", rows, gscGameSchema),
        total: total === null || total === undefined || Number.isNaN(total) ? undefined : total,
        rows: rows.length,
      };
    },

    async wagers(startMs, endMs, offset, size) {
      const body = await get("wagers", GSC_PATHS.wagers, "getwagers", { start: startMs, end: endMs, offset, size });
      refusedIfCoded("wagers", body);
      const parsed = wagerListSchema.safeParse(body);
      if (!parsed.success) throw new GscCallError("wagers", "unreachable", "The aggregator's wager list is not in the expected shape.");
      const rows = parsed.data.wagers ?? [];
      const total = parsed.data.pagination?.total;
      return {
        wagers: rowsOf("wagers", rows, gscWagerSchema),
        total: total === null || total === undefined || Number.isNaN(total) ? undefined : total,
        rows: rows.length,
      };
    },
  };
}

/** POST bodies carry request_time as an integer (§7.1). */
function signedNumeric(s: { operator_code: string; request_time: string; sign: string }) {
  return { operator_code: s.operator_code, request_time: Number(s.request_time), sign: s.sign };
}
