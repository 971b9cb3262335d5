import type { Executor } from "../../db/client.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { DEMO_ACCOUNTS } from "./accounts.seed.ts";
import { selectDemoPhonesAndOperators } from "./demo-passwords.repository.ts";

/**
 * Production start-up check: the phones of the accounts that still sign in with a published demo
 * password (README "Demo accounts"). Checked: the demo phones and every operator and admin account,
 * each against every demo password (argon2 verify; only the phones are returned, never a password).
 */
export async function accountsWithDemoPasswords(db: Executor): Promise<string[]> {
  const passwords = DEMO_ACCOUNTS.map((a) => a.password);
  const accounts = await selectDemoPhonesAndOperators(
    db,
    DEMO_ACCOUNTS.map((a) => a.phone),
  );
  const found: string[] = [];
  for (const account of accounts) {
    for (const password of passwords) {
      if (await verifyPassword(account.passwordHash, password)) {
        found.push(account.phone);
        break;
      }
    }
  }
  return found;
}
