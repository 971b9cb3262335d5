import { createHmac } from "node:crypto";
import { PROVIDER_SIGNATURE_WINDOW_SECONDS } from "@shwe/contracts";
import { safeEqual } from "../../../lib/crypto.ts";
import type { ProviderRegistry } from "../launch/provider-adapter.ts";

/**
 * The signature of a wallet call (api.md "Provider wallet API"): X-Signature is the lowercase hex
 * HMAC-SHA256(secret, `${X-Timestamp}.${raw body}`), X-Timestamp unix seconds within ±300 s of the
 * server clock. The raw body is signed byte for byte, before any parsing.
 */
export function walletSignature(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}

export interface SignatureInput {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  now: Date;
}

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

/** True only for a well-formed, fresh timestamp and a matching signature (constant-time compare). */
export function verifyWalletSignature(input: SignatureInput): boolean {
  const { secret, timestamp, signature } = input;
  if (secret.length === 0 || timestamp === undefined || signature === undefined) return false;
  if (!TIMESTAMP.test(timestamp) || !SIGNATURE.test(signature)) return false;
  const skew = Math.abs(Math.floor(input.now.getTime() / 1000) - Number(timestamp));
  if (skew > PROVIDER_SIGNATURE_WINDOW_SECONDS) return false;
  return safeEqual(walletSignature(secret, timestamp, input.rawBody), signature);
}

const PROVIDER_CODE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * Whether a wallet call comes from the provider it names, decided before anything else is read:
 * undefined when it is correctly signed with that provider's secret; otherwise the answer it gets
 * (PROVIDER_DISABLED for a provider without a wallet connection, INVALID_SIGNATURE for a bad
 * signature). The same order and rules as the wallet service applies (wallet.service.ts).
 */
export function walletCallRefusal(
  providers: ProviderRegistry,
  code: string,
  input: Omit<SignatureInput, "secret">,
): "PROVIDER_DISABLED" | "INVALID_SIGNATURE" | undefined {
  const adapter = PROVIDER_CODE.test(code) ? providers.get(code.toUpperCase()) : undefined;
  if (!adapter || adapter.secret.length === 0) return "PROVIDER_DISABLED";
  return verifyWalletSignature({ ...input, secret: adapter.secret }) ? undefined : "INVALID_SIGNATURE";
}

/** The headers a provider (or the built-in house games) sends with a body: what integrators copy. */
export function signedWalletHeaders(secret: string, rawBody: string, now: Date): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    "content-type": "application/json",
    "x-timestamp": timestamp,
    "x-signature": walletSignature(secret, timestamp, rawBody),
  };
}
