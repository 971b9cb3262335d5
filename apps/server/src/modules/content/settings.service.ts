import { type LocalizedText, socialLinkValuesSchema } from "@shwe/contracts";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { type Actor, recordAudit } from "./audit.service.ts";
import { insertSettingIfMissing, lockSetting, selectSettingValues, upsertSetting, writeSetting } from "./settings.repository.ts";
import { storedTextSchema } from "./texts.service.ts";

/**
 * Operator-editable settings, one JSON value per key in the `settings` table. Each key is declared
 * once with its schema and default: a missing or malformed stored value reads as the default, so a
 * bad edit can never break a page. Other modules declare their own keys with `defineSetting`.
 */
export interface SettingDef<T> {
  key: string;
  schema: z.ZodType<T>;
  defaultValue: T;
}

export function defineSetting<T>(key: string, schema: z.ZodType<T>, defaultValue: T): SettingDef<T> {
  return { key, schema, defaultValue };
}

/** The scrolling marquee notice (GET /api/header_play_text), in every language written (Burmese required). */
export const HEADER_PLAY_TEXT = defineSetting<LocalizedText>("content.header_play_text", storedTextSchema, { mm: "" });
/**
 * The weekly claim maintenance flag (GET /api/weekly/promo_maintain): '1' closes Claim, '0' opens it.
 * A missing or broken value reads as '1' so that claiming fails closed.
 */
export const PROMO_MAINTAIN = defineSetting("promo.weekly_maintain", z.enum(["0", "1"]), "1");
/** Footer and download links (GET /api/social_link); an empty string hides a link. */
export const SOCIAL_LINKS = defineSetting("content.social_links", socialLinkValuesSchema, {
  play_store: "",
  qr: "",
  facebook: "",
  messenger: "",
  viber: "",
  instagram: "",
});
/** The operator text shown on the points page (GET /api/point/warning). */
export const POINT_WARNING = defineSetting<LocalizedText>("content.point_warning", storedTextSchema, { mm: "" });

function parseOr<T>(def: SettingDef<T>, stored: unknown): T {
  if (stored === undefined) return def.defaultValue;
  const parsed = def.schema.safeParse(stored);
  return parsed.success ? parsed.data : def.defaultValue;
}

/** The current value of a setting (its default when missing or malformed). */
export async function readSetting<T>(db: Db, def: SettingDef<T>): Promise<T> {
  const values = await selectSettingValues(db, [def.key]);
  return parseOr(def, values.get(def.key));
}

/** Several settings in one query. */
export async function readSettings<D extends Record<string, SettingDef<unknown>>>(
  db: Db,
  defs: D,
): Promise<{ [K in keyof D]: D[K] extends SettingDef<infer T> ? T : never }> {
  const values = await selectSettingValues(
    db,
    Object.values(defs).map((d) => d.key),
  );
  const out: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(defs)) out[name] = parseOr(def, values.get(def.key));
  return out as { [K in keyof D]: D[K] extends SettingDef<infer T> ? T : never };
}

/**
 * Changes a setting as an operator: the row is locked, `change` computes the new value from the
 * current one, and the change is written to the audit log in the same transaction.
 */
export async function updateSetting<T>(db: Db, def: SettingDef<T>, actor: Actor, change: (current: T) => T): Promise<T> {
  return db.transaction(async (tx) => {
    const before = parseOr(def, await lockSetting(tx, def.key, def.defaultValue));
    const after = def.schema.parse(change(before));
    await writeSetting(tx, def.key, after);
    // Wrapped like the stored value, so a plain string survives the jsonb round trip unchanged.
    await recordAudit(tx, actor, "setting.update", { type: "setting", id: def.key }, { value: before }, { value: after });
    return after;
  });
}

/** Seeds a setting when it is missing; an operator's value is never overwritten. */
export async function seedSetting<T>(db: Db, def: SettingDef<T>, value: T): Promise<void> {
  await insertSettingIfMissing(db, def.key, def.schema.parse(value));
}

/** Stores a value the server itself keeps (no operator's edit, so no audit), replacing the one before. */
export async function storeSetting<T>(db: Db, def: SettingDef<T>, value: T): Promise<void> {
  await upsertSetting(db, def.key, def.schema.parse(value));
}
