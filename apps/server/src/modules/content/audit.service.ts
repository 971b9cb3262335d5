import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { currentUser } from "../../plugins/auth.ts";
import { insertAuditEntry } from "./audit.repository.ts";

/** The operator behind a console change, as the audit log records them. */
export interface Actor {
  id: number;
  ip: string | null;
}

export function actorOf(request: FastifyRequest): Actor {
  return { id: currentUser(request).id, ip: request.ip ?? null };
}

/**
 * Appends one operator action to the audit log (who, what, before, after). Called inside the
 * transaction that makes the change, so a change and its audit row commit together.
 */
export async function recordAudit(
  tx: Executor,
  actor: Actor,
  action: string,
  target: { type: string; id: string | number },
  before: unknown,
  after: unknown,
): Promise<void> {
  await insertAuditEntry(tx, {
    actorId: actor.id,
    action,
    targetType: target.type,
    targetId: String(target.id),
    before,
    after,
    ip: actor.ip,
  });
}
