import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { migrationsFolder } from "./client.ts";

/**
 * The live SQL money functions, one file each (decision 0024): `apps/server/drizzle/functions/<name>.sql`
 * holds a header that says what the function does and why, then its one `CREATE OR REPLACE FUNCTION`
 * statement. The file is the text to read. Migrations stay the history: a change edits the file and
 * adds a migration that re-applies it (`npm run db:functions`, which copies the file into the
 * migration); the copies in older migrations are superseded. `sql-functions.test.ts` fails when a
 * file and the function in a migrated database differ.
 */
export const sqlFunctionsFolder = join(migrationsFolder, "functions");

export interface SqlFunctionFile {
  /** The function's name, which is the file's name. */
  name: string;
  /** The whole file. */
  text: string;
  /** The `CREATE OR REPLACE FUNCTION …` statement of the file (its header left out). */
  statement: string;
}

/** The opening of a function's definition in a file or a migration. */
export function definitionStart(name: string): string {
  return `CREATE OR REPLACE FUNCTION ${name}(`;
}

export function readSqlFunction(name: string): SqlFunctionFile {
  const text = readFileSync(join(sqlFunctionsFolder, `${name}.sql`), "utf8");
  const at = text.indexOf(definitionStart(name));
  if (at < 0) throw new Error(`functions/${name}.sql does not define ${name}`);
  return { name, text, statement: text.slice(at).trim() };
}

export function readSqlFunctions(): SqlFunctionFile[] {
  return readdirSync(sqlFunctionsFolder)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => readSqlFunction(f.slice(0, -".sql".length)));
}
