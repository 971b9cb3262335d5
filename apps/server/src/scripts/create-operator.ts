/**
 * `npm run operator:create -- --phone 09… --name "…" [--role admin|operator]`: adds a console
 * account to the database of DATABASE_URL (or the embedded database in DATA_DIR, with the server
 * stopped). The password comes from OPERATOR_PASSWORD (never the command line, which other users of
 * the machine can see). This is how production gets its first admin; admins add the rest in the
 * console. The account sets up two-step sign-in at its first console sign-in.
 * Exit code 0 when added, 1 on bad input or a phone already registered, 2 when it could not run.
 */
import { createOperatorBodySchema, phoneInputSchema } from "@shwe/contracts";
import { ConfigError, loadConfig } from "../config/env.ts";
import { type Database, migrationsApplied, openDatabase } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { normalizedPhone } from "../lib/validation.ts";
import { insertConsoleAccount } from "../modules/operators/operators.service.ts";

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

async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    if (!(await migrationsApplied(database))) {
      console.error("The database is not migrated; start the server once first.");
      return 2;
    }
    const result = await createOperatorFromArgs(database, process.argv.slice(2), process.env);
    (result.code === 0 ? console.log : console.error)(result.message);
    return result.code;
  } finally {
    await database.close();
  }
}

// Run only as a script (the tests import createOperatorFromArgs).
if (process.argv[1]?.endsWith("create-operator.ts") || process.argv[1]?.endsWith("create-operator.js")) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error("The account could not be added:", err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}
