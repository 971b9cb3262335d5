import { desc, eq } from "drizzle-orm";
import { auditLog, users } from "../../db/schema/index.ts";
import { randomCode } from "../../lib/crypto.ts";
import type { TestApp } from "../../test/test-app.ts";

/** Test support: an account row of the given role with a live bearer token (no sign-up flow needed). */
export async function createAccountWithToken(t: TestApp, role: "player" | "operator" | "admin"): Promise<{ id: number; auth: string }> {
  const digits = randomCode(9, "0123456789");
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      phone: `09${digits}`,
      name: `${role} ${digits}`,
      passwordHash: "not-a-real-hash",
      role,
      userCode: `U${randomCode(11, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")}`,
      referralCode: randomCode(6, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"),
    })
    .returning({ id: users.id });
  if (!row) throw new Error("user insert returned nothing");
  const issued = await t.ctx.auth.issue(row.id, { secondFactor: role !== "player" });
  return { id: row.id, auth: `Bearer ${issued.token}` };
}

/** The newest audit rows of an actor, newest first. */
export async function auditRowsOf(t: TestApp, actorId: number) {
  return t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, actorId)).orderBy(desc(auditLog.id));
}
