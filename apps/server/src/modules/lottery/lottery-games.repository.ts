import type { LotteryType } from "@shwe/contracts";
import { and, asc, eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { lotteryGames, numberRules, settings } from "../../db/schema/index.ts";

/** The lottery_games rows (seeded by the catalogue) and the per-game hot / blocked numbers. */
export type LotteryGameRow = typeof lotteryGames.$inferSelect;

export async function selectLotteryGame(db: Executor, type: LotteryType): Promise<LotteryGameRow | undefined> {
  const rows = await db.select().from(lotteryGames).where(eq(lotteryGames.type, type)).limit(1);
  return rows[0];
}

/**
 * A game's row and one operator setting's value in one statement (settings keep `{"value": …}`;
 * the inner value is answered, null when the key is missing). No row when the game does not exist.
 * Also the md5 of what a bet depends on as stored (the game's enabled flag and schedule, the
 * setting's whole value; null when the setting is missing): bet_place checks a slip was judged
 * against exactly these.
 */
export async function selectLotteryGameWithSetting(
  db: Executor,
  type: LotteryType,
  key: string,
): Promise<{ game: LotteryGameRow; setting: unknown; gameMd5: string; settingMd5: string | null } | undefined> {
  const rows = await db
    .select({
      game: getTableColumns(lotteryGames),
      setting: sql<unknown>`(select ${settings.value} -> 'value' from ${settings} where ${settings.key} = ${key})`,
      gameMd5: sql<string>`md5(jsonb_build_array(${lotteryGames.enabled}, ${lotteryGames.schedule})::text)`,
      settingMd5: sql<string | null>`(select md5(${settings.value}::text) from ${settings} where ${settings.key} = ${key})`,
    })
    .from(lotteryGames)
    .where(eq(lotteryGames.type, type))
    .limit(1);
  return rows[0];
}

export async function selectLotteryGames(db: Executor): Promise<LotteryGameRow[]> {
  return db.select().from(lotteryGames).orderBy(asc(lotteryGames.sort), asc(lotteryGames.type));
}

/** Locks a game's row for an operator change (the change and its audit row commit together). */
export async function lockLotteryGame(tx: Executor, type: LotteryType): Promise<LotteryGameRow | undefined> {
  const rows = await tx.select().from(lotteryGames).where(eq(lotteryGames.type, type)).for("update");
  return rows[0];
}

export async function updateLotteryGame(
  tx: Executor,
  type: LotteryType,
  change: Partial<Pick<LotteryGameRow, "name" | "odds" | "enabled" | "resultSource" | "schedule">>,
  updatedBy: number,
): Promise<LotteryGameRow | undefined> {
  const rows = await tx
    .update(lotteryGames)
    .set({ ...change, updatedBy, updatedAt: sql`now()` })
    .where(eq(lotteryGames.type, type))
    .returning();
  return rows[0];
}

export interface NumberRuleSets {
  hot: Set<string>;
  blocked: Set<string>;
}

/** The numbers of a game marked hot or blocked. */
export async function selectNumberRules(db: Executor, type: LotteryType): Promise<NumberRuleSets> {
  const rows = await db
    .select({ number: numberRules.number, hot: numberRules.hot, blocked: numberRules.blocked })
    .from(numberRules)
    .where(and(eq(numberRules.type, type), or(eq(numberRules.hot, true), eq(numberRules.blocked, true))));
  return {
    hot: new Set(rows.filter((r) => r.hot).map((r) => r.number)),
    blocked: new Set(rows.filter((r) => r.blocked).map((r) => r.number)),
  };
}

export async function listNumberRules(db: Executor, type: LotteryType) {
  return db
    .select({ number: numberRules.number, hot: numberRules.hot, blocked: numberRules.blocked })
    .from(numberRules)
    .where(and(eq(numberRules.type, type), or(eq(numberRules.hot, true), eq(numberRules.blocked, true))))
    .orderBy(asc(numberRules.number));
}

export async function selectRulesOf(db: Executor, type: LotteryType, numbers: string[]) {
  if (numbers.length === 0) return [];
  return db
    .select({ number: numberRules.number, hot: numberRules.hot, blocked: numberRules.blocked })
    .from(numberRules)
    .where(and(eq(numberRules.type, type), inArray(numberRules.number, numbers)))
    .orderBy(asc(numberRules.number));
}

/** Sets hot and/or blocked on the numbers (rows created as needed). */
export async function upsertNumberRules(
  tx: Executor,
  type: LotteryType,
  numbers: string[],
  change: { hot?: boolean | undefined; blocked?: boolean | undefined },
  updatedBy: number,
): Promise<void> {
  if (numbers.length === 0) return;
  const set: Record<string, unknown> = { updatedBy, updatedAt: sql`now()` };
  if (change.hot !== undefined) set.hot = change.hot;
  if (change.blocked !== undefined) set.blocked = change.blocked;
  await tx
    .insert(numberRules)
    .values(numbers.map((number) => ({ type, number, hot: change.hot ?? false, blocked: change.blocked ?? false, updatedBy })))
    .onConflictDoUpdate({ target: [numberRules.type, numberRules.number], set });
}
