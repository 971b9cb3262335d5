import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, migrationsFolder, openDatabase } from "./client.ts";

const rows = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

describe("upgrading a database migrated by an earlier release", () => {
  const folders: string[] = [];
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  it("applies every later migration, also one generated before its predecessor (0025 after 0024)", async () => {
    // The release of migration 0024: the same folder with the journal ending there.
    const earlier = mkdtempSync(join(tmpdir(), "shwe-mig-"));
    folders.push(earlier);
    cpSync(migrationsFolder, earlier, { recursive: true });
    const journalPath = join(earlier, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at0024 = journal.entries.findIndex((e) => e.tag.startsWith("0024_"));
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at0024 + 1) }));

    database = await openDatabase({ dataDir: "memory" });
    await migratePglite(database.db as never, { migrationsFolder: earlier });
    const before = rows<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from pg_proc where proname = 'wallet_claim'`),
    );
    expect(before[0]?.n).toBe(1);

    await migratePglite(database.db as never, { migrationsFolder });
    const applied = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(applied[0]?.n).toBe(journal.entries.length);
    // 0025 replaced the claim-first wallet functions: the old claim step is gone.
    const after = rows<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from pg_proc where proname = 'wallet_claim'`),
    );
    expect(after[0]?.n).toBe(0);
  });
});
