import { and, desc, eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { consoleAccountChanges, users } from "../../db/schema/index.ts";

export type ConsoleChangeRow = typeof consoleAccountChanges.$inferSelect;
export type NewConsoleChange = typeof consoleAccountChanges.$inferInsert;

/** The ids of the admins who can sign in (not blocked, and not holding `invitedHash`), ascending. */
export async function findActiveAdminIds(db: Executor, invitedHash: string): Promise<number[]> {
  const res = await db.execute(sql`
    select id from users where role = 'admin' and not blocked and password_hash <> ${invitedHash} order by id`);
  return rowsOf<{ id: number | string }>(res).map((r) => Number(r.id));
}

/** Serialises the console's account changes until the end of the transaction. */
export async function lockConsoleChanges(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('console_account_changes'))`);
}

export async function insertConsoleChange(tx: Executor, values: NewConsoleChange): Promise<ConsoleChangeRow | undefined> {
  const [row] = await tx.insert(consoleAccountChanges).values(values).returning();
  return row;
}

/** The change, locked until the end of the transaction. */
export async function lockConsoleChange(tx: Executor, id: number): Promise<ConsoleChangeRow | undefined> {
  const rows = await tx.select().from(consoleAccountChanges).where(eq(consoleAccountChanges.id, id)).for("update");
  return rows[0];
}

export async function listPendingConsoleChanges(db: Executor): Promise<ConsoleChangeRow[]> {
  return db.select().from(consoleAccountChanges).where(eq(consoleAccountChanges.status, "pending")).orderBy(desc(consoleAccountChanges.id));
}

export async function markConsoleChangeApplied(
  tx: Executor,
  id: number,
  targetUserId: number | null,
  decidedBy: number,
): Promise<ConsoleChangeRow | undefined> {
  const [row] = await tx
    .update(consoleAccountChanges)
    .set({ status: "applied", targetUserId, decidedBy, decidedAt: sql`now()` })
    .where(eq(consoleAccountChanges.id, id))
    .returning();
  return row;
}

export async function markConsoleChangeRejected(tx: Executor, id: number, decidedBy: number): Promise<ConsoleChangeRow | undefined> {
  const [row] = await tx
    .update(consoleAccountChanges)
    .set({ status: "rejected", decidedBy, decidedAt: sql`now()` })
    .where(eq(consoleAccountChanges.id, id))
    .returning();
  return row;
}

/** The account-creating change whose invitation token has this SHA-256, whatever its state. */
export async function findInvitationChange(db: Executor, invitationHash: string): Promise<ConsoleChangeRow | undefined> {
  const [change] = await db
    .select()
    .from(consoleAccountChanges)
    .where(and(eq(consoleAccountChanges.invitationHash, invitationHash), eq(consoleAccountChanges.kind, "create")));
  return change;
}

/** Uses up the invitation of a change, once: false when it was already completed. */
export async function markInvitationCompleted(tx: Executor, id: number): Promise<boolean> {
  const used = await tx
    .update(consoleAccountChanges)
    .set({ invitationCompletedAt: sql`now()` })
    .where(and(eq(consoleAccountChanges.id, id), sql`invitation_completed_at is null`))
    .returning({ id: consoleAccountChanges.id });
  return used.length > 0;
}

/** A console account's id and role; undefined when no account has this id. */
export async function findAccountRole(db: Executor, id: number): Promise<Pick<typeof users.$inferSelect, "id" | "role"> | undefined> {
  const [u] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
  return u;
}

/** Sets a console account's role, recording who changed it. */
export async function setConsoleRole(tx: Executor, userId: number, role: "operator" | "admin", changedBy: number): Promise<void> {
  await tx.update(users).set({ role, consoleChangedBy: changedBy }).where(eq(users.id, userId));
}

/** Records who last changed a console account (its second factor reset). */
export async function setConsoleChangedBy(tx: Executor, userId: number, changedBy: number): Promise<void> {
  await tx.update(users).set({ consoleChangedBy: changedBy }).where(eq(users.id, userId));
}

/** The invited account's own password: its earlier tokens stop working. */
export async function setInvitedPassword(tx: Executor, userId: number, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}
