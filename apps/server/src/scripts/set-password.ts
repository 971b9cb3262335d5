/**
 * `npm run account:password -- --phone 09…`: sets a new password for an account (player, operator or
 * admin) in the database of DATABASE_URL (or the embedded database in DATA_DIR, with the server
 * stopped). The password comes from NEW_PASSWORD (never the command line) and must pass the password
 * policy. Every sign-in of the account ends. This is the way out when production refuses to start
 * because an account still uses a published demo password.
 * Exit code 0 when set, 1 on bad input or an unknown phone, 2 when it could not run.
 */
import { normalizePhone } from "@shwe/domain";
import type { Database } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { assertPasswordAllowed } from "../lib/password-policy.ts";
import { hashPassword } from "../lib/passwords.ts";
import { insertAudit } from "../modules/accounts/audit.repository.ts";
import { findUserByPhone, setPasswordHash } from "../modules/accounts/users.repository.ts";
import { revokeAllTokens } from "../modules/auth/token.repository.ts";
import { runAccountScript } from "./account-script.ts";

function argOf(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** Sets the password the arguments describe; answers the exit code and what to print. */
export async function setPasswordFromArgs(
  database: Database,
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; message: string }> {
  const phone = normalizePhone(argOf(argv, "phone") ?? "");
  if (!phone) return { code: 1, message: "Not changed: --phone must be a Myanmar mobile number (09…)." };
  const password = env.NEW_PASSWORD ?? "";
  try {
    assertPasswordAllowed(password, phone);
    const user = await findUserByPhone(database.db, phone);
    if (!user) return { code: 1, message: `Not changed: no account uses ${phone}.` };
    const passwordHash = await hashPassword(password);
    await database.db.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, passwordHash);
      await revokeAllTokens(tx, user.id);
      await insertAudit(tx, { actorId: user.id, action: "auth.password_set.cli", targetType: "user", targetId: user.id });
    });
    return { code: 0, message: `New password set for ${phone} (account ${user.id}); its sign-ins have ended.` };
  } catch (err) {
    if (err instanceof AppError) {
      const why = (err.details?.fields as { message: string }[] | undefined)?.[0]?.message;
      return { code: 1, message: `Not changed: ${err.message}${why ? ` (NEW_PASSWORD: ${why})` : ""}` };
    }
    throw err;
  }
}

// Run only as a script (the tests import setPasswordFromArgs).
if (process.argv[1]?.endsWith("set-password.ts") || process.argv[1]?.endsWith("set-password.js")) {
  runAccountScript(setPasswordFromArgs, "The password could not be set:");
}
