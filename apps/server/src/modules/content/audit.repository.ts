import type { Executor } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";

export interface AuditEntry {
  actorId: number;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export async function insertAuditEntry(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
  });
}
