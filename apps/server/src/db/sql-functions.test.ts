import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../config/env.ts";
import { openTestDatabase } from "../test/test-app.ts";
import { type Database, migrationsFolder, rowsOf } from "./client.ts";
import { definitionStart, readSqlFunctions, type SqlFunctionFile } from "./sql-functions.ts";

/**
 * The SQL functions of the database that are not money rules, so they have no file in
 * `drizzle/functions` (decision 0024). A new function must be one or the other: this test fails on a
 * function of the database that is in neither list.
 */
const NOT_MONEY = new Map([
  ["session_end_token_revoked", "trigger: a revoked token's sockets are closed (0012)"],
  ["session_end_user_blocked", "trigger: a blocked player's sockets are closed (0012)"],
  ["live_event_publish", "live events to sockets (0017)"],
  ["live_marquee_changed", "trigger: the marquee's text is announced (0032)"],
  ["token_owner", "the owner of a bearer token (0023)"],
  ["token_owner_changed", "trigger: a token's owner changed is announced (0024)"],
]);

const files = readSqlFunctions();
const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
const migrations = journal.entries.map((e) => ({ tag: e.tag, text: readFileSync(join(migrationsFolder, `${e.tag}.sql`), "utf8") }));

const CHECK_SCHEMA = "sql_function_check";

/** The definition the database gives back for a function of `schema` (its schema's name replaced). */
async function definitionsIn(db: Database["db"], schema: string, name: string): Promise<string[]> {
  const rows = rowsOf<{ def: string }>(
    await db.execute(sql`select pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                          where n.nspname = ${schema} and p.proname = ${name}`),
  );
  return rows.map((r) => r.def.replace(`FUNCTION ${schema}.`, "FUNCTION <schema>."));
}

class RolledBack extends Error {}

/** What the database makes of a file's statement: created in a schema of its own, then rolled back. */
async function definitionOfFile(db: Database["db"], file: SqlFunctionFile): Promise<string[]> {
  let defs: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`CREATE SCHEMA ${CHECK_SCHEMA}`));
      await tx.execute(sql.raw(`SET LOCAL search_path = ${CHECK_SCHEMA}, public`));
      await tx.execute(sql.raw(file.statement));
      defs = await definitionsIn(tx as unknown as Database["db"], CHECK_SCHEMA, file.name);
      await tx.execute(sql.raw("SET LOCAL search_path = public"));
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
  return defs;
}

describe("the SQL money functions, one file each (decision 0024)", () => {
  it("each file holds one function statement, named as the file, and nothing else to run", () => {
    expect(files.map((f) => f.name)).toEqual(
      expect.arrayContaining(["bet_place", "money_batch", "wallet_debit", "wallet_credit", "wallet_rollback", "gsc_element"]),
    );
    for (const file of files) {
      const runnable = file.text.replace(/^--.*$/gm, "");
      expect(runnable.match(/^CREATE /gm), file.name).toHaveLength(1);
      expect(runnable.trim().startsWith(definitionStart(file.name)), file.name).toBe(true);
      expect(file.text, file.name).not.toContain("--> statement-breakpoint");
    }
  });

  it("the newest migration that defines a function applies its file's statement, word for word", () => {
    for (const file of files) {
      // A function dropped and created again (its answer changed) counts as defined there too.
      const last = migrations
        .filter((m) => m.text.includes(definitionStart(file.name)) || m.text.includes(`\nCREATE FUNCTION ${file.name}(`))
        .at(-1);
      expect(last, `no migration defines ${file.name}`).toBeDefined();
      expect(
        last?.text.includes(file.statement),
        `functions/${file.name}.sql differs from its copy in ${last?.tag}: a changed function needs a migration that re-applies the file (npm run db:functions)`,
      ).toBe(true);
    }
  });

  describe("against a migrated database", () => {
    let database: Database;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase(testConfig(), false));
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    it("each function of the database is the one its file defines (no other version or overload is live)", async () => {
      for (const file of files) {
        const live = await definitionsIn(database.db, "public", file.name);
        expect(live, `${file.name}: one function in the database`).toHaveLength(1);
        expect(live, `${file.name}: the database differs from functions/${file.name}.sql`).toEqual(
          await definitionOfFile(database.db, file),
        );
      }
    });

    it("every SQL function of the database has a file, or is named here as not a money rule", async () => {
      const names = rowsOf<{ name: string }>(
        await database.db.execute(sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                                        join pg_language l on l.oid = p.prolang
                                       where n.nspname = 'public' and l.lanname in ('plpgsql', 'sql')`),
      ).map((r) => r.name);
      const withFile = new Set(files.map((f) => f.name));
      expect(names.filter((n) => !withFile.has(n) && !NOT_MONEY.has(n))).toEqual([]);
      // Both lists name only functions that exist.
      expect([...withFile, ...NOT_MONEY.keys()].filter((n) => !names.includes(n))).toEqual([]);
    });
  });
});
