import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { auditLog, users } from "../../db/schema/index.ts";

/** Operator money actions written to the append-only audit log (who, when, what, before, after). */
export type MoneyAuditAction =
  | "cash_request.approve"
  | "cash_request.first_approval"
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

export interface AuditFilter {
  actorPhone?: string | undefined;
  actionPrefix?: string | undefined;
  playerId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The audit rows matching every filter given (a player: changes to their account, cash requests and adjustments). */
function auditWhere(f: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.actorPhone !== undefined) parts.push(sql`${users.phone} = ${f.actorPhone}`);
  if (f.actionPrefix !== undefined) parts.push(sql`starts_with(${auditLog.action}, ${f.actionPrefix})`);
  if (f.playerId !== undefined) {
    const id = String(f.playerId);
    parts.push(sql`(
      (${auditLog.targetType} = 'user' and ${auditLog.targetId} = ${id})
      or (${auditLog.targetType} = 'cash_request' and exists (select 1 from cash_requests c where c.id::text = ${auditLog.targetId} and c.user_id = ${f.playerId}))
      or (${auditLog.targetType} = 'adjustment' and exists (select 1 from adjustments x where x.id::text = ${auditLog.targetId} and x.user_id = ${f.playerId})))`);
  }
  if (f.from !== undefined) parts.push(sql`${auditLog.createdAt} >= ${f.from}`);
  if (f.to !== undefined) parts.push(sql`${auditLog.createdAt} < ${f.to}`);
  return parts.length === 0 ? undefined : and(...parts);
}

export async function listAuditLog(db: Executor, page: number, perPage: number, filter: AuditFilter = {}) {
  const where = auditWhere(filter);
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorPhone: users.phone,
      actorRole: users.role,
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
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}
