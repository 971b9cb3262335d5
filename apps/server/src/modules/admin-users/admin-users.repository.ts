import { and, asc, desc, eq, like, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { lvl2Uploads, users } from "../../db/schema/index.ts";

export type Lvl2Status = "pending" | "approved" | "rejected";

export interface Lvl2QueueRow {
  id: number;
  userId: number;
  phone: string;
  name: string;
  status: Lvl2Status;
  reason: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
}

/** Uploads with their owner; the pending queue is read oldest first, decided ones newest first. */
export async function listLvl2Uploads(db: Executor, status: Lvl2Status, limit: number): Promise<Lvl2QueueRow[]> {
  return db
    .select({
      id: lvl2Uploads.id,
      userId: lvl2Uploads.userId,
      phone: users.phone,
      name: users.name,
      status: lvl2Uploads.status,
      reason: lvl2Uploads.reason,
      createdAt: lvl2Uploads.createdAt,
      reviewedAt: lvl2Uploads.reviewedAt,
    })
    .from(lvl2Uploads)
    .innerJoin(users, eq(users.id, lvl2Uploads.userId))
    .where(eq(lvl2Uploads.status, status))
    .orderBy(status === "pending" ? asc(lvl2Uploads.id) : desc(lvl2Uploads.id))
    .limit(limit);
}

export async function findUpload(db: Executor, id: number) {
  const rows = await db.select().from(lvl2Uploads).where(eq(lvl2Uploads.id, id)).limit(1);
  return rows[0];
}

export async function findLatestUpload(db: Executor, userId: number) {
  const rows = await db.select().from(lvl2Uploads).where(eq(lvl2Uploads.userId, userId)).orderBy(desc(lvl2Uploads.id)).limit(1);
  return rows[0];
}

/** Decides a pending upload; false when it was decided already (one decision, however many operators click). */
export async function decideUpload(
  tx: Executor,
  id: number,
  decision: { status: "approved" | "rejected"; reason: string | null; reviewerId: number },
): Promise<boolean> {
  const rows = await tx
    .update(lvl2Uploads)
    .set({ status: decision.status, reason: decision.reason, reviewedBy: decision.reviewerId, reviewedAt: sql`now()` })
    .where(and(eq(lvl2Uploads.id, id), eq(lvl2Uploads.status, "pending")))
    .returning({ id: lvl2Uploads.id });
  return rows.length === 1;
}

export async function lockAccount(tx: Executor, id: number) {
  const rows = await tx.select().from(users).where(eq(users.id, id)).for("update").limit(1);
  return rows[0];
}

export async function setAccountLvl2(
  tx: Executor,
  id: number,
  value: { lvl2: number; status: "approved" | "rejected"; reason: string | null },
): Promise<void> {
  await tx.update(users).set({ lvl2: value.lvl2, lvl2Status: value.status, lvl2Reason: value.reason }).where(eq(users.id, id));
}

/** Blocking also bumps the token version, so the account's sessions are marked as from before the block. */
export async function setAccountBlocked(tx: Executor, id: number, blocked: boolean): Promise<void> {
  await tx
    .update(users)
    .set(blocked ? { blocked, tokenVersion: sql`${users.tokenVersion} + 1` } : { blocked })
    .where(eq(users.id, id));
}

export type AccountSearch = { phone: string } | { phonePrefix: string } | { code: string };

export async function searchAccounts(db: Executor, search: AccountSearch, limit: number) {
  const where =
    "phone" in search
      ? eq(users.phone, search.phone)
      : "phonePrefix" in search
        ? like(users.phone, `${search.phonePrefix}%`)
        : or(eq(users.userCode, search.code), eq(users.referralCode, search.code));
  return db.select().from(users).where(where).orderBy(asc(users.phone)).limit(limit);
}
