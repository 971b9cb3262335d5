import { DEFAULT_ADJUST_THRESHOLD, DEFAULT_CASHOUT_MIN, DEFAULT_TURNOVER_GAME_LIMIT, MAX_AMOUNT } from "@shwe/domain";
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { settings } from "../../db/schema/index.ts";

/**
 * The money settings operators can change (stored in `settings`, one JSON value per key). A missing
 * or malformed value falls back to the default of domain-rules.md.
 */
const amount = z.number().int().min(1).max(MAX_AMOUNT);
const definitions = {
  "wallet.turnover_game_limit": { schema: z.number().int().min(0).max(MAX_AMOUNT), fallback: DEFAULT_TURNOVER_GAME_LIMIT },
  "cash.cashin_amounts": {
    schema: z.array(amount).max(24),
    fallback: [5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000],
  },
  "cash.cashout_amounts": {
    schema: z.array(amount).max(24),
    fallback: [10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000],
  },
  "cash.cashout_min": { schema: amount, fallback: DEFAULT_CASHOUT_MIN },
  /** Actions that need an account of level 2 (domain-rules §2): "cash_out", "pocket_money", … */
  "lvl2.required_actions": { schema: z.array(z.string().max(40)).max(20), fallback: ["cash_out", "pocket_money"] },
  "admin.adjust_threshold": { schema: z.number().int().min(0).max(MAX_AMOUNT), fallback: DEFAULT_ADJUST_THRESHOLD },
  /** Cash request approvals above it (the request, or the player's / operator's approved total today) need a second operator. */
  "admin.cash_approve_threshold": { schema: z.number().int().min(0).max(MAX_AMOUNT), fallback: DEFAULT_ADJUST_THRESHOLD },
} as const;

export type MoneySettingKey = keyof typeof definitions;
export const MONEY_SETTING_DEFAULTS: Record<MoneySettingKey, unknown> = Object.fromEntries(
  Object.entries(definitions).map(([k, d]) => [k, d.fallback]),
) as Record<MoneySettingKey, unknown>;

export interface MoneySettings {
  turnoverGameLimit: number;
  cashinAmounts: number[];
  cashoutAmounts: number[];
  cashoutMin: number;
  lvl2RequiredActions: string[];
  adjustThreshold: number;
  cashApproveThreshold: number;
}

function pick<K extends MoneySettingKey>(values: Map<string, unknown>, key: K): z.infer<(typeof definitions)[K]["schema"]> {
  const def = definitions[key];
  const parsed = def.schema.safeParse(values.get(key));
  return (parsed.success ? parsed.data : def.fallback) as z.infer<(typeof definitions)[K]["schema"]>;
}

export async function readMoneySettings(db: Executor): Promise<MoneySettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.keys(definitions)));
  const values = new Map(rows.map((r) => [r.key, r.value as unknown]));
  return {
    turnoverGameLimit: pick(values, "wallet.turnover_game_limit"),
    cashinAmounts: [...pick(values, "cash.cashin_amounts")],
    cashoutAmounts: [...pick(values, "cash.cashout_amounts")],
    cashoutMin: pick(values, "cash.cashout_min"),
    lvl2RequiredActions: [...pick(values, "lvl2.required_actions")],
    adjustThreshold: pick(values, "admin.adjust_threshold"),
    cashApproveThreshold: pick(values, "admin.cash_approve_threshold"),
  };
}

/** Inserts the default of every money setting that is not stored yet (never overwrites). */
export async function seedMoneySettings(db: Executor): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(MONEY_SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
}

/** Stores one setting (tests and the operator console). */
export async function writeMoneySetting(db: Executor, key: MoneySettingKey, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
