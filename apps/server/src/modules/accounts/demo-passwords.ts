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

/**
 * Why production refuses to start, naming the accounts and the way out: a new password for each, set
 * with the server stopped (the console is not there to do it).
 */
export function demoPasswordRefusal(phones: readonly string[]): string {
  return (
    `Refusing to start: these accounts still use a published demo password: ${phones.join(", ")}. ` +
    `Set a new password for each with the server stopped: NEW_PASSWORD=… npm run account:password -- --phone ${phones[0] ?? "09…"} ` +
    "(the password policy applies; docs/operations.md, Secrets)."
  );
}
