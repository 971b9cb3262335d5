import { inArray, or } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

export interface PasswordOfAccount {
  phone: string;
  passwordHash: string;
}

/** The accounts with one of these phones, and every operator and admin account, with their password hashes. */
export async function selectDemoPhonesAndOperators(db: Executor, phones: readonly string[]): Promise<PasswordOfAccount[]> {
  return db
    .select({ phone: users.phone, passwordHash: users.passwordHash })
    .from(users)
    .where(or(inArray(users.phone, [...phones]), inArray(users.role, ["operator", "admin"])))
    .orderBy(users.phone);
}
