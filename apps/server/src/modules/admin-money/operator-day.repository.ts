import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/**
 * Serialises one operator's decisions that count towards their running daily total (adjustments
 * they request, cash requests they sign off). Taken after request rows and before the player's
 * users row and ledger accounts: draw → exposure → request → operator day → player → accounts.
 */
export async function lockOperatorDay(tx: Executor, operatorId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7302, hashtext(${`operator:${operatorId}`}))`);
}
