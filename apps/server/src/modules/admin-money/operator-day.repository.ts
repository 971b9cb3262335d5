import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/**
 * Maker-checker running totals count from the start of the current Asia/Yangon day, by the database
 * clock (the same clock that stamps the rows they sum).
 */
export const yangonDayStart = sql`(date_trunc('day', now() at time zone 'Asia/Yangon') at time zone 'Asia/Yangon')`;

/**
 * Serialises one operator's decisions that count towards their running daily total (adjustments
 * they request, cash requests they sign off). Taken after request rows and before the player's
 * users row and ledger accounts: draw → exposure → request → operator day → player → accounts.
 */
export async function lockOperatorDay(tx: Executor, operatorId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7302, hashtext(${`operator:${operatorId}`}))`);
}
