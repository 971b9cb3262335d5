/**
 * `npm run operator:create -- --phone 09… --name "…" [--role admin|operator]`: adds a console
 * account to the database of DATABASE_URL (or the embedded database in DATA_DIR, with the server
 * stopped). The password comes from OPERATOR_PASSWORD (never the command line, which other users of
 * the machine can see). This is how production gets its first admin; admins add the rest in the
 * console. The account sets up two-step sign-in at its first console sign-in.
 * Exit code 0 when added, 1 on bad input or a phone already registered, 2 when it could not run.
 */
import { createOperatorBodySchema, phoneInputSchema } from "@shwe/contracts";
import type { Database } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { normalizedPhone } from "../lib/validation.ts";
import { insertConsoleAccount } from "../modules/operators/operators.service.ts";
import { runAccountScript } from "./account-script.ts";

const inputSchema = createOperatorBodySchema.extend({ phone: normalizedPhone(phoneInputSchema) });

function argOf(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** Adds the account the arguments describe; answers the exit code and what to print. */
export async function createOperatorFromArgs(
  database: Database,
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; message: string }> {
  const parsed = inputSchema.safeParse({
    phone: argOf(argv, "phone") ?? "",
    name: argOf(argv, "name") ?? "",
    role: argOf(argv, "role") ?? "admin",
    password: env.OPERATOR_PASSWORD ?? "",
  });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    return { code: 1, message: `Not added: ${fields} (password comes from OPERATOR_PASSWORD, at least 8 characters).` };
  }
  try {
    const id = await insertConsoleAccount(database.db, parsed.data, { id: null, ip: null });
    return { code: 0, message: `Added ${parsed.data.role} ${parsed.data.name} (${parsed.data.phone}), account ${id}.` };
  } catch (err) {
    if (err instanceof AppError) return { code: 1, message: `Not added: ${err.message}` };
    throw err;
  }
}

// Run only as a script (the tests import createOperatorFromArgs).
if (process.argv[1]?.endsWith("create-operator.ts") || process.argv[1]?.endsWith("create-operator.js")) {
  runAccountScript(createOperatorFromArgs, "The account could not be added:");
}
