import type { LotteryType } from "@shwe/contracts";
import { and, asc, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { draws } from "../../db/schema/index.ts";

/** Reads of the holiday import's preview. */

/** Draws of these games in [from, to) still waiting for a result that have bets: an off day would void them. */
export async function selectWaitingDrawsWithBets(db: Executor, types: readonly LotteryType[], from: Date, to: Date) {
  if (types.length === 0) return [];
  return db
    .select({ id: draws.id, type: draws.type, drawAt: draws.drawAt })
    .from(draws)
    .where(
      and(
        inArray(draws.type, [...types]),
        inArray(draws.status, ["open", "closed"]),
        isNull(draws.result),
        gte(draws.drawAt, from),
        lt(draws.drawAt, to),
        sql`exists (select 1 from bet_lines l where l.draw_id = "draws"."id")`,
      ),
    )
    .orderBy(asc(draws.drawAt));
}
