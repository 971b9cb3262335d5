import type { CreateOperatorBody, OperatorList, OperatorRow } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { type Db, type Executor, rowsOf } from "../../db/client.ts";
import { assertPasswordAllowed } from "../../lib/password-policy.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { createUserWithCodes } from "../accounts/session.service.ts";
import { recordAudit } from "../content/audit.service.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";

/** The console's accounts, for admins: who they are, their role, whether they enrolled in the second factor. */
export async function listOperators(db: Executor): Promise<OperatorList> {
  const res = await db.execute(sql`
    select u.id, u.phone, u.name, u.role, u.blocked, u.created_at,
           exists (select 1 from operator_totp o where o.user_id = u.id and o.enabled_at is not null) as second_factor
      from users u where u.role in ('operator', 'admin') order by u.id`);
  const rows = rowsOf<{
    id: number | string;
    phone: string;
    name: string;
    role: "operator" | "admin";
    blocked: boolean;
    created_at: Date | string;
    second_factor: boolean;
  }>(res);
  return {
    data: rows.map(
      (r): OperatorRow => ({
        id: Number(r.id),
        phone: r.phone,
        name: r.name,
        role: r.role,
        blocked: r.blocked,
        second_factor: r.second_factor,
        created_at: new Date(r.created_at).toISOString(),
      }),
    ),
  };
}

/**
 * Inserts a console account (operator or admin) with its audit row, from the command line (the first
 * admin of a database; the row then names the new account itself). The password policy applies.
 */
export async function insertConsoleAccount(
  db: Db,
  body: CreateOperatorBody,
  actor: { id: number | null; ip: string | null },
): Promise<number> {
  assertPasswordAllowed(body.password, body.phone);
  const passwordHash = await hashPassword(body.password);
  return withMoneyTx(db, async (tx) => {
    const created = await createUserWithCodes(tx, {
      phone: body.phone,
      name: body.name,
      passwordHash,
      referredBy: null,
      role: body.role,
      lvl2: 1,
      lvl2Status: "none",
    });
    await recordAudit(
      tx,
      { id: actor.id ?? created, ip: actor.ip },
      actor.id === null ? "operator.create.cli" : "operator.create",
      { type: "user", id: created },
      null,
      { phone: body.phone, name: body.name, role: body.role },
    );
    return created;
  });
}
