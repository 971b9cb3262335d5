import { and, eq, gt, lt, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { gscLaunchPages, gscMembers } from "../../db/schema/index.ts";

/** Rows of a GSC+ launch: the members' launch passwords and the launch pages waiting to be opened (schema/gsc.ts). */

/** The member's stored launch password; `derived` is stored first when the member has none yet. */
export async function ensureMemberPassword(db: Executor, userId: number, derived: string): Promise<string | undefined> {
  await db.insert(gscMembers).values({ userId, password: derived }).onConflictDoNothing();
  return (await db.select({ password: gscMembers.password }).from(gscMembers).where(eq(gscMembers.userId, userId)).limit(1))[0]?.password;
}

export async function insertLaunchPage(
  db: Executor,
  page: { tokenHash: string; userId: number; html: string; expiresAt: Date },
): Promise<void> {
  await db.insert(gscLaunchPages).values(page);
}

/** Deletes the page of this token hash when it is still fresh, answering its HTML (undefined: no such fresh page). */
export async function deleteFreshLaunchPage(db: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
  const rows = await db
    .delete(gscLaunchPages)
    .where(and(eq(gscLaunchPages.tokenHash, tokenHash), gt(gscLaunchPages.expiresAt, now)))
    .returning({ html: gscLaunchPages.html });
  return rows[0]?.html;
}

/** Drops launch pages past their time (each launch and the daily round). */
export async function deleteExpiredLaunchPages(db: Executor, now: Date): Promise<void> {
  await db.delete(gscLaunchPages).where(lt(gscLaunchPages.expiresAt, now));
}

/** Launch pages still waiting (tests). */
export async function countLaunchPages(db: Executor): Promise<number> {
  return Number(rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from gsc_launch_pages`))[0]?.n ?? 0);
}
