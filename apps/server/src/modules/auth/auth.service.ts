import type { Database, Db, Executor } from "../../db/client.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import { insertToken, revokeAllTokens, revokeToken, type TokenOwner, tokenOwnerReads, touchToken } from "./token.repository.ts";
import type { TokenCache } from "./token-cache.ts";

/** Tokens expire after this many days without use (domain-rules §2). */
export const TOKEN_TTL_DAYS = 30;
/** A used token's expiry is pushed forward at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** Revokes every live token of a user in the caller's transaction (with the change that calls for it). */
export async function revokeUserTokensIn(tx: Executor, userId: number): Promise<void> {
  await revokeAllTokens(tx, userId);
}

export interface IssuedToken {
  token: string;
  tokenId: number;
  expiresAt: Date;
}

export interface AuthService {
  /** A new token; `secondFactor` when the operator behind it has already passed TOTP (tests, tools). */
  issue(userId: number, opts?: { secondFactor?: boolean }): Promise<IssuedToken>;
  /** The owner of a bearer token, or undefined when it is unknown, revoked or expired. */
  verify(token: string): Promise<TokenOwner | undefined>;
  revoke(tokenId: number): Promise<void>;
  revokeAll(userId: number, exceptTokenId?: number): Promise<void>;
}

/**
 * `cache`, on the embedded database only: the owners of players' tokens kept in memory and dropped
 * at every committed change (token-cache.ts).
 */
export function createAuthService(db: Db, kind: Database["kind"], cache?: TokenCache): AuthService {
  const readOwner = tokenOwnerReads(db, kind);
  return {
    async issue(userId, opts) {
      const token = randomToken(32);
      const expiresAt = new Date(Date.now() + TOKEN_TTL_DAYS * 86_400_000);
      const tokenId = await insertToken(db, userId, sha256Hex(token), expiresAt, opts?.secondFactor === true);
      return { token, tokenId, expiresAt };
    },
    async verify(token) {
      if (token.length < 20 || token.length > 200) return undefined;
      const tokenHash = sha256Hex(token);
      let owner = cache?.get(tokenHash);
      if (!owner) {
        const generation = cache?.generation() ?? 0;
        owner = await readOwner(tokenHash);
        if (!owner) return undefined;
        cache?.keep(tokenHash, owner, generation);
      }
      // Each use sets the expiry to TTL from now, so the last use was TTL before the current expiry.
      const lastUsedAt = owner.expiresAt.getTime() - TOKEN_TTL_DAYS * 86_400_000;
      if (Date.now() - lastUsedAt > TOUCH_EVERY_MS) {
        await touchToken(db, owner.tokenId, TOKEN_TTL_DAYS);
        owner.expiresAt = new Date(Date.now() + TOKEN_TTL_DAYS * 86_400_000);
      }
      return owner;
    },
    revoke: (tokenId) => revokeToken(db, tokenId),
    revokeAll: (userId, exceptTokenId) => revokeAllTokens(db, userId, exceptTokenId),
  };
}
