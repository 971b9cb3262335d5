import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.ts";

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };

/**
 * Drizzle's migrator applies a migration only when its `when` is later than the newest one the
 * database has recorded: a migration listed with an earlier `when` than the one before it is skipped
 * for good on every database that was already migrated past that one (an upgrade, never a fresh start).
 */
describe("the migrations journal", () => {
  it("numbers the migrations 0, 1, 2 … and each names a file that exists", () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, "0"))).toBe(true);
      expect(existsSync(join(migrationsFolder, `${entry.tag}.sql`))).toBe(true);
    });
  });

  it("gives every migration a later `when` than the one before, so an upgraded database applies it", () => {
    for (let i = 1; i < journal.entries.length; i++) {
      const [before, entry] = [journal.entries[i - 1] as JournalEntry, journal.entries[i] as JournalEntry];
      expect(entry.when, `${entry.tag} must come after ${before.tag}`).toBeGreaterThan(before.when);
    }
  });
});
