import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { authTokens } from "../../db/schema/index.ts";

/**
 * Revokes a live token that expires within `windowHours` (database clock); false when it is not in
 * that window, already revoked or expired. Used by renewal, so two renewals of one token give one new token.
 */
export async function revokeTokenInRenewWindow(tx: Executor, tokenId: number, windowHours: number): Promise<boolean> {
  const rows = await tx
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.id, tokenId),
        isNull(authTokens.revokedAt),
        sql`${authTokens.expiresAt} > now()`,
        sql`${authTokens.expiresAt} <= now() + make_interval(hours => ${windowHours})`,
      ),
    )
    .returning({ id: authTokens.id });
  return rows.length === 1;
}
