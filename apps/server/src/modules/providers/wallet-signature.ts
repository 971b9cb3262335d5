import { createHmac } from "node:crypto";
import { PROVIDER_SIGNATURE_WINDOW_SECONDS } from "@shwe/contracts";
import { safeEqual } from "../../lib/crypto.ts";

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

/** The headers a provider (or the built-in house games) sends with a body: what integrators copy. */
export function signedWalletHeaders(secret: string, rawBody: string, now: Date): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    "content-type": "application/json",
    "x-timestamp": timestamp,
    "x-signature": walletSignature(secret, timestamp, rawBody),
  };
}
