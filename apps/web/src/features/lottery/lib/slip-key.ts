import { newIdempotencyKey } from "../../../lib/api-client.ts";

/**
 * A fresh Idempotency-Key for one bet. crypto.randomUUID exists only on secure pages (HTTPS or
 * localhost); on a plain-HTTP address the key is built from crypto.getRandomValues, which works everywhere.
 */
export function newSlipKey(): string {
  try {
    return newIdempotencyKey();
  } catch {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }
}
