import { normalizeIP } from "@fastify/rate-limit";
import type { RateLimitConfig } from "../../../config/env.ts";
import { sha256Hex } from "../../../lib/crypto.ts";
import type { CounterStore } from "../../../lib/rate-limit-store.ts";

/** Wallet calls an address may send per window without a valid signature before it is cut short. */
export const BAD_WALLET_CALLS = { max: 30, windowMs: 60_000 };

/** Addresses remembered as cut short by this process (the store is not asked again until their window ends). */
const REMEMBERED = 10_000;

export type BadCallVerdict = { limited: false } | { limited: true; retryAfterSeconds: number };

/**
 * Counts, per caller address, the wallet calls that are not correctly signed by the provider they
 * name (bad, stale or missing signature; provider without a wallet connection), in the shared
 * rate-limit store. Past BAD_WALLET_CALLS such a call is answered at once with its refusal status,
 * without reading its body or keeping it in provider_callbacks, until the window ends. Correctly
 * signed calls are never counted nor held back, whatever their address. When the store cannot be
 * reached, a badly signed call is cut short too (its answer is the same refusal either way).
 */
export class BadWalletCallLimit {
  private readonly blockedUntil = new Map<string, number>();
  private readonly max: number;

  constructor(
    private readonly store: CounterStore,
    limits: RateLimitConfig,
    private readonly onStoreError: (err: unknown) => void,
  ) {
    this.max = Math.max(1, Math.round(BAD_WALLET_CALLS.max * limits.factor));
  }

  /** Counts one badly signed call from `ip`; limited once the address is past the limit. */
  async badCall(ip: string): Promise<BadCallVerdict> {
    const key = `provider_bad_call:ip:${sha256Hex(normalizeIP(ip)).slice(0, 32)}`;
    const now = Date.now();
    const until = this.blockedUntil.get(key);
    if (until !== undefined) {
      if (until > now) return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
      this.blockedUntil.delete(key);
    }
    let count: { count: number; ttlMs: number };
    try {
      count = await this.store.hit(key, BAD_WALLET_CALLS.windowMs);
    } catch (err) {
      this.onStoreError(err);
      return { limited: true, retryAfterSeconds: 1 };
    }
    if (count.count <= this.max) return { limited: false };
    if (this.blockedUntil.size >= REMEMBERED) this.blockedUntil.clear();
    this.blockedUntil.set(key, now + count.ttlMs);
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(count.ttlMs / 1000)) };
  }
}
