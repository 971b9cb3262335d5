import type { Executor } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";

/** Authentication events and operator actions (append-only: the table refuses updates and deletes). */
export type AuditAction =
  | "auth.register"
  | "auth.login"
  | "auth.login_failed"
  | "auth.login_blocked"
  | "auth.logout"
  | "auth.password_change"
  | "auth.password_reset"
  | "auth.password_set.cli"
  | "auth.token_renew"
  | "admin.user_block"
  | "admin.user_unblock"
  | "admin.lvl2_approve"
  | "admin.lvl2_reject"
  | "admin.lvl2_view";

export interface AuditEntry {
  /** Who did it: the account, or null when nobody is signed in (e.g. a failed login). */
  actorId: number | null;
  action: AuditAction;
  targetType?: "user" | "phone" | "lvl2_upload";
  targetId?: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string | null;
}

export async function insertAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}
