/**
 * Writes a migration that re-applies SQL function files (decision 0024) and lists it in the journal:
 *
 *   npm run db:functions -- <tag> <when> "<why, one line>" <function> [<function> …]
 *   npm run db:functions -- 0042_wallet_clock 1795920000000 "The wallet functions take now from the caller" wallet_debit
 *
 * The migration is the files' text, word for word (sql-functions.test.ts checks that the newest
 * migration defining a function holds its file's statement). Edit the files first, then run this.
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

const [tag, whenText, why, ...names] = process.argv.slice(2);
if (!tag || !whenText || !why || names.length === 0) fail('usage: db:functions <tag> <when> "<why>" <function> [<function> …]');
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

const parts = names.map((name) => readSqlFunction(name).text.trim());
const header = [
  `-- ${why}`,
  `-- Re-applies ${names.map((n) => `functions/${n}.sql`).join(", ")} (decision 0024): the files are the text to read.`,
].join("\n");
writeFileSync(file, `${header}\n${parts.join("\n--> statement-breakpoint\n")}\n`);
journal.entries.push({ idx, version: "7", when, tag, breakpoints: true });
writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
console.log(`wrote ${file} and its journal entry`);
