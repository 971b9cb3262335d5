/**
 * Writes a migration that re-applies SQL function files (decision 0024) and lists it in the journal:
 *
 *   npm run db:functions -- <tag> <when> "<why, one line>" [--drop "<name>(<types>)" …] <function> [<function> …]
 *   npm run db:functions -- 0042_one_clock 1795920000000 "The money functions take the server's instant" \
 *     --drop "wallet_debit(text, text, text, text, text, bigint, text, integer, integer, text, text, jsonb, text, text)" wallet_debit money_batch
 *
 * The migration is the files' text, word for word (sql-functions.test.ts checks that the newest
 * migration defining a function holds its file's statement). Edit the files first, then run this.
 * A function whose arguments change is a new function to PostgreSQL: name its old signature with
 * --drop, so that no stale overload stays callable (the drops come first in the migration).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { migrationsFolder } from "../db/client.ts";
import { readSqlFunction } from "../db/sql-functions.ts";

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [tag, whenText, why, ...rest] = process.argv.slice(2);
const drops: string[] = [];
const names: string[] = [];
for (let i = 0; i < rest.length; i++) {
  const arg = rest[i] as string;
  if (arg === "--drop") {
    const signature = rest[++i];
    if (!signature || !/^[a-z_][a-z0-9_]*\([a-z0-9_[\], ]*\)$/.test(signature))
      fail(`--drop takes a signature: name(type, …), not ${signature}`);
    drops.push(signature);
  } else names.push(arg);
}
if (!tag || !whenText || !why || names.length === 0)
  fail('usage: db:functions <tag> <when> "<why>" [--drop "<name>(<types>)" …] <function> [<function> …]');
const journalPath = join(migrationsFolder, "meta", "_journal.json");
const journal = JSON.parse(readFileSync(journalPath, "utf8")) as Journal;
const idx = journal.entries.length;
const when = Number(whenText);
const last = journal.entries.at(-1);
if (!tag.startsWith(`${String(idx).padStart(4, "0")}_`))
  fail(`the next migration is number ${idx}: its tag starts with ${String(idx).padStart(4, "0")}_`);
if (!Number.isSafeInteger(when) || (last && when <= last.when)) fail(`"when" must be an integer after ${last?.when}`);
const file = join(migrationsFolder, `${tag}.sql`);
if (existsSync(file)) fail(`${file} exists`);

const parts = [
  ...drops.map((signature) => `DROP FUNCTION IF EXISTS ${signature};`),
  ...names.map((name) => readSqlFunction(name).text.trim()),
];
const header = [
  `-- ${why}`,
  `-- Re-applies ${names.map((n) => `functions/${n}.sql`).join(", ")} (decision 0024): the files are the text to read.`,
].join("\n");
writeFileSync(file, `${header}\n${parts.join("\n--> statement-breakpoint\n")}\n`);
journal.entries.push({ idx, version: "7", when, tag, breakpoints: true });
writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
console.log(`wrote ${file} and its journal entry`);
