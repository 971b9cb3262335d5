import { ConfigError, loadConfig } from "../config/env.ts";
import { type Database, migrationsApplied, openDatabase } from "../db/client.ts";

/** What an account command answers: its exit code and the line it prints. */
export interface ScriptResult {
  code: number;
  message: string;
}

/**
 * Runs an account command (`npm run operator:create`, `npm run account:password`) on the configured
 * database: 2 for a bad environment or an unmigrated database, else the command's own code, its line
 * printed to stdout (0) or stderr. `failure` starts the line printed when the command throws.
 */
export function runAccountScript(
  work: (database: Database, args: string[], env: NodeJS.ProcessEnv) => Promise<ScriptResult>,
  failure: string,
): void {
  main(work).then(
    (code) => process.exit(code),
    (err) => {
      console.error(failure, err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}

async function main(work: (database: Database, args: string[], env: NodeJS.ProcessEnv) => Promise<ScriptResult>): Promise<number> {
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
    const result = await work(database, process.argv.slice(2), process.env);
    (result.code === 0 ? console.log : console.error)(result.message);
    return result.code;
  } finally {
    await database.close();
  }
}
