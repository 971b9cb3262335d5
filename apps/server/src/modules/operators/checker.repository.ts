import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";

/** What the checker rule needs to know of a would-be checker's account. */
export interface CheckerStanding {
  /** The console account that created or last changed this account (role, second-factor reset), if any. */
  changedBy: number | null;
  /** Created less than `cooldownHours` ago, by the database clock. */
  tooNew: boolean;
}

/** The would-be checker's standing, or undefined when the account does not exist. */
export async function findCheckerStanding(db: Executor, checkerId: number, cooldownHours: number): Promise<CheckerStanding | undefined> {
  const [row] = rowsOf<{ changed_by: number | string | null; too_new: boolean }>(
    await db.execute(sql`
      select console_changed_by as changed_by,
             created_at > now() - make_interval(hours => ${cooldownHours}::int) as too_new
        from users where id = ${checkerId}`),
  );
  if (!row) return undefined;
  return { changedBy: row.changed_by === null ? null : Number(row.changed_by), tooNew: row.too_new };
}
