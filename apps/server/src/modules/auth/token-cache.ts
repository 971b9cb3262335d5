import type { TokenOwner } from "./token.repository.ts";

/**
 * The owners of players' bearer tokens kept in memory, for the embedded database only.
 *
 * On PGlite every query costs the one thread a few hundred microseconds, and the token lookup was
 * a third of a bet's time. The embedded database belongs to this one process, so every change to
 * a token or an account goes through it, and migration 0024 announces each one at commit on
 * `token_owner_changed` (a token updated or deleted, an account's blocked flag or role changed, a
 * second factor changed). PGlite runs the listeners before the changing statement's caller goes on,
 * and the cache then drops everything: an answer from memory is never older than the last committed
 * change, so a sign-out or a block refuses the next request exactly as a lookup would.
 *
 * What is kept: live owners of players' tokens that are not blocked (operators and admins, whose
 * rights depend on the second factor, are always read). An entry is used only before the token's
 * expiry, by the same clock the database uses on this machine. A lookup that was under way while a
 * change was announced is not kept (`generation`), so it cannot put back what the change removed.
 * The number of entries is bounded; the oldest go first.
 */
export const TOKEN_CACHE_MAX = 10_000;
/** The channel of migration 0024. */
export const TOKEN_OWNER_CHANGED = "token_owner_changed";

export interface TokenCache {
  get(tokenHash: string): TokenOwner | undefined;
  /** The current generation, read before a lookup and handed to `keep` with its answer. */
  generation(): number;
  keep(tokenHash: string, owner: TokenOwner, generation: number): void;
  /** Drops every entry (a change was committed). */
  clear(): void;
  size(): number;
}

export function createTokenCache(now: () => number = Date.now, max = TOKEN_CACHE_MAX): TokenCache {
  const entries = new Map<string, TokenOwner>();
  let generation = 0;
  return {
    get(tokenHash) {
      const owner = entries.get(tokenHash);
      if (!owner) return undefined;
      if (owner.expiresAt.getTime() <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return { ...owner, expiresAt: new Date(owner.expiresAt) };
    },
    generation: () => generation,
    keep(tokenHash, owner, seen) {
      if (seen !== generation || owner.role !== "player" || owner.blocked) return;
      if (entries.size >= max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(tokenHash, { ...owner, expiresAt: new Date(owner.expiresAt) });
    },
    clear() {
      generation++;
      entries.clear();
    },
    size: () => entries.size,
  };
}
