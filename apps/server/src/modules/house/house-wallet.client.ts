import {
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  type ProviderCreditKind,
  type ProviderWalletAction,
  type ProviderWalletAnswer,
  providerWalletAnswerSchema,
} from "@shwe/contracts";
import type { ZodApp } from "../../app-context.ts";
import type { Clock } from "../../lib/clock.ts";
import { hmacSha256Hex } from "../../lib/crypto.ts";

/**
 * The house game server's side of the seamless wallet: it calls our provider wallet API exactly as
 * a third-party provider would, over HTTP, signed with the HOUSE secret (api.md "Provider wallet API").
 * It never touches the ledger itself.
 */

export const HOUSE_PROVIDER_CODE = "HOUSE";

/** One signed HTTP request, ready to send. */
export interface WalletHttpRequest {
  /** Path on the wallet's origin, e.g. /api/provider/HOUSE/wallet/debit. */
  path: string;
  headers: Record<string, string>;
  /** The exact bytes that were signed. */
  body: string;
}

export interface WalletHttpResponse {
  status: number;
  body: string;
}

/** Sends a request to the wallet; throws when no answer came back (network error, timeout). */
export type WalletTransport = (request: WalletHttpRequest) => Promise<WalletHttpResponse>;

/** Real HTTP to the wallet's base URL (another host, or this server's own listening address). */
export function httpTransport(baseUrl: string, timeoutMs = 10_000): WalletTransport {
  const origin = baseUrl.replace(/\/+$/, "");
  return async (request) => {
    const res = await fetch(`${origin}${request.path}`, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: await res.text() };
  };
}

/**
 * The same signed HTTP request sent through Fastify's request injection: signature check, routing
 * and body parsing all run as for a network call, without a socket (tests, and a server that is not
 * listening yet).
 */
export function injectTransport(app: ZodApp): WalletTransport {
  return async (request) => {
    const res = await app.inject({ method: "POST", url: request.path, headers: request.headers, payload: request.body });
    return { status: res.statusCode, body: res.body };
  };
}

/** No usable answer from the wallet: the call may or may not have been applied. */
export class WalletUnreachableError extends Error {
  constructor(
    readonly action: ProviderWalletAction,
    cause: unknown,
  ) {
    super(`The wallet did not answer the ${action} call`, { cause });
    this.name = "WalletUnreachableError";
  }
}

export interface WalletCall {
  player: string;
  transaction_id?: string;
  round_id?: string;
  game_code?: string;
  amount?: number;
  reference_transaction_id?: string;
  kind?: ProviderCreditKind;
}

export interface HouseWalletClient {
  balance(player: string): Promise<ProviderWalletAnswer>;
  debit(call: WalletCall & { transaction_id: string; round_id: string; amount: number }): Promise<ProviderWalletAnswer>;
  credit(call: WalletCall & { transaction_id: string; round_id: string; amount: number }): Promise<ProviderWalletAnswer>;
  rollback(call: WalletCall & { transaction_id: string; reference_transaction_id: string }): Promise<ProviderWalletAnswer>;
}

/** `X-Signature` = lowercase hex HMAC-SHA256(secret, `${timestamp}.${raw body}`). */
export function signWalletBody(secret: string, timestamp: string, body: string): string {
  return hmacSha256Hex(secret, `${timestamp}.${body}`);
}

export interface WalletClientOptions {
  secret: string;
  clock: Clock;
  /** Read on every call, so the transport can change once the server listens. */
  transport: () => WalletTransport;
}

export function createHouseWalletClient(opts: WalletClientOptions): HouseWalletClient {
  async function send(action: ProviderWalletAction, call: WalletCall): Promise<ProviderWalletAnswer> {
    const body = JSON.stringify(call);
    const timestamp = String(Math.floor(opts.clock.now().getTime() / 1000));
    const request: WalletHttpRequest = {
      path: `/api/provider/${HOUSE_PROVIDER_CODE}/wallet/${action}`,
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        [PROVIDER_TIMESTAMP_HEADER]: timestamp,
        [PROVIDER_SIGNATURE_HEADER]: signWalletBody(opts.secret, timestamp, body),
      },
      body,
    };
    let response: WalletHttpResponse;
    try {
      response = await opts.transport()(request);
    } catch (error) {
      throw new WalletUnreachableError(action, error);
    }
    // The wallet answers every known situation with 200; anything else means the call's fate is unknown.
    if (response.status !== 200) throw new WalletUnreachableError(action, new Error(`HTTP ${response.status}`));
    let parsed: ProviderWalletAnswer;
    try {
      parsed = providerWalletAnswerSchema.parse(JSON.parse(response.body));
    } catch (error) {
      throw new WalletUnreachableError(action, error);
    }
    return parsed;
  }
  return {
    balance: (player) => send("balance", { player }),
    debit: (call) => send("debit", { ...call }),
    credit: (call) => send("credit", { kind: "win", ...call }),
    rollback: (call) => send("rollback", { ...call }),
  };
}
