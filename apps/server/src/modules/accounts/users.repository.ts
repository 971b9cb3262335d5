import { and, count, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

export type UserRow = typeof users.$inferSelect;

export async function findUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return rows[0];
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** The user row, locked until the end of the transaction (serialises changes to one account). */
export async function lockUser(tx: Executor, id: number): Promise<UserRow | undefined> {
  const rows = await tx.select().from(users).where(eq(users.id, id)).for("update").limit(1);
  return rows[0];
}

export async function isPhoneRegistered(db: Executor, phone: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return rows.length > 0;
}

export async function findUserIdByReferralCode(db: Executor, code: string): Promise<number | undefined> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
  return rows[0]?.id;
}

export interface NewUser {
  phone: string;
  name: string;
  passwordHash: string;
  userCode: string;
  referralCode: string;
  referredBy: number | null;
  role?: "player" | "operator" | "admin";
  lvl2?: number;
  lvl2Status?: "none" | "pending" | "approved" | "rejected";
  /** Console accounts: the admin who asked for it (maker–checker). */
  consoleChangedBy?: number | null;
}

/** Inserts the user; undefined when the phone, user code or referral code is already taken. */
export async function insertUserIfFree(db: Executor, user: NewUser): Promise<number | undefined> {
  const rows = await db.insert(users).values(user).onConflictDoNothing().returning({ id: users.id });
  return rows[0]?.id;
}

export async function countReferees(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.referredBy, userId));
  return Number(row?.n ?? 0);
}

/** New password hash; every older token is revoked by the caller in the same transaction. */
export async function setPasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function setName(db: Executor, userId: number, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

export async function setAvatarPath(db: Executor, userId: number, avatarPath: string | null): Promise<void> {
  await db.update(users).set({ avatarPath }).where(eq(users.id, userId));
}

export async function setLvl2Pending(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ lvl2Status: "pending", lvl2Reason: null })
    .where(and(eq(users.id, userId), eq(users.lvl2, 1)));
}
