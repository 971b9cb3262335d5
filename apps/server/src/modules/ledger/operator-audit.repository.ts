import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { auditLog, users } from "../../db/schema/index.ts";

/** Operator money actions written to the append-only audit log (who, when, what, before, after). */
export type MoneyAuditAction =
  | "cash_request.approve"
  | "cash_request.reject"
  | "adjustment.apply"
  | "adjustment.request"
  | "adjustment.confirm"
  | "adjustment.reject";

export interface MoneyAuditEntry {
  actorId: number;
  action: MoneyAuditAction;
  targetType: "cash_request" | "adjustment";
  targetId: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

export async function writeAudit(tx: Executor, e: MoneyAuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: e.actorId,
    action: e.action,
    targetType: e.targetType,
    targetId: String(e.targetId),
    before: e.before,
    after: e.after,
    ip: e.ip,
  });
}

export async function listAuditLog(db: Executor, page: number, perPage: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorPhone: users.phone,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return { rows, total: Number(count?.n ?? 0) };
}
