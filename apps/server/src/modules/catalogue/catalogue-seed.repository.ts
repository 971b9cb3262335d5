import type { Executor } from "../../db/client.ts";
import { gameCategories, games, lotteryGames, providerCategories, providers } from "../../db/schema/index.ts";

/** Seed inserts: each adds only rows that are missing and never touches what operators changed. */
export async function insertCategoriesIfMissing(db: Executor, rows: (typeof gameCategories.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(gameCategories).values(rows).onConflictDoNothing();
}

export async function insertProvidersIfMissing(db: Executor, rows: (typeof providers.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(providers).values(rows).onConflictDoNothing();
}

export async function insertProviderCategoriesIfMissing(db: Executor, rows: (typeof providerCategories.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(providerCategories).values(rows).onConflictDoNothing();
}

export async function insertGamesIfMissing(db: Executor, rows: (typeof games.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(games).values(rows).onConflictDoNothing();
}

export async function insertLotteryGamesIfMissing(db: Executor, rows: (typeof lotteryGames.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(lotteryGames).values(rows).onConflictDoNothing();
}
