import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { settings } from "../../db/schema/index.ts";

/**
 * Each value is stored wrapped as `{"value": …}`: a bare JSON string such as "0" would be read back
 * as the number 0 by one of the drivers (it parses jsonb text twice), a wrapped object never is.
 */
const wrap = (value: unknown) => ({ value });
function unwrap(stored: unknown): unknown {
  return typeof stored === "object" && stored !== null && "value" in stored ? (stored as { value: unknown }).value : undefined;
}

/** Stored values of the given keys (absent or unreadable keys are missing from the map). */
export async function selectSettingValues(db: Executor, keys: string[]): Promise<Map<string, unknown>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, keys));
  return new Map(rows.map((r) => [r.key, unwrap(r.value)]));
}

/** Inserts the key with `initial` when it is missing (idempotent). Returns true when a row was added. */
export async function insertSettingIfMissing(db: Executor, key: string, initial: unknown): Promise<boolean> {
  const rows = await db
    .insert(settings)
    .values({ key, value: wrap(initial) })
    .onConflictDoNothing()
    .returning({ key: settings.key });
  return rows.length > 0;
}

/** Locks the key's row for the rest of the transaction (creating it with `initial` first) and returns its value. */
export async function lockSetting(tx: Executor, key: string, initial: unknown): Promise<unknown> {
  await insertSettingIfMissing(tx, key, initial);
  const rows = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for("update");
  return unwrap(rows[0]?.value);
}

export async function writeSetting(tx: Executor, key: string, value: unknown): Promise<void> {
  await tx
    .update(settings)
    .set({ value: wrap(value), updatedAt: sql`now()` })
    .where(eq(settings.key, key));
}

/** Writes the key's value, adding the row when missing. */
export async function upsertSetting(db: Executor, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value: wrap(value) })
    .onConflictDoUpdate({ target: settings.key, set: { value: wrap(value), updatedAt: sql`now()` } });
}
