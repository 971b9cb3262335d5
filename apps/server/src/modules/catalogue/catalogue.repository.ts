import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { gameCategories, games, lotteryGames, providerCategories, providers } from "../../db/schema/index.ts";

export type CategoryRow = typeof gameCategories.$inferSelect;
export type ProviderRow = typeof providers.$inferSelect;
export type LotteryGameRow = typeof lotteryGames.$inferSelect;

export interface ProviderInCategoryRow {
  categoryId: number;
  hot: boolean;
  provider: ProviderRow;
}

export interface GameRow {
  id: number;
  name: string;
  image: string;
  code: string;
  providerCode: string;
  categoryCode: string;
}

/** Every category in display order (the service filters inactive ones for players). */
export async function selectCategories(db: Executor): Promise<CategoryRow[]> {
  return db.select().from(gameCategories).orderBy(asc(gameCategories.sort), asc(gameCategories.id));
}

/** Active providers of the given categories, ordered within each category; optionally only the hot ones. */
export async function selectProvidersInCategories(
  db: Executor,
  categoryIds: number[],
  opts: { hotOnly?: boolean } = {},
): Promise<ProviderInCategoryRow[]> {
  if (categoryIds.length === 0) return [];
  const conditions = [inArray(providerCategories.categoryId, categoryIds), eq(providers.active, true)];
  if (opts.hotOnly) conditions.push(eq(providerCategories.hot, true));
  return db
    .select({ categoryId: providerCategories.categoryId, hot: providerCategories.hot, provider: providers })
    .from(providerCategories)
    .innerJoin(providers, eq(providers.id, providerCategories.providerId))
    .where(and(...conditions))
    .orderBy(asc(providerCategories.sort), asc(providers.sort), asc(providers.id));
}

export async function selectProviderById(db: Executor, id: number): Promise<ProviderRow | undefined> {
  const rows = await db.select().from(providers).where(eq(providers.id, id));
  return rows[0];
}

export async function selectProviderByCode(db: Executor, code: string): Promise<ProviderRow | undefined> {
  const rows = await db.select().from(providers).where(eq(providers.code, code));
  return rows[0];
}

/** Active games of one provider in one category, in display order. */
export async function selectGames(db: Executor, categoryId: number, providerId: number): Promise<GameRow[]> {
  return db
    .select({
      id: games.id,
      name: games.name,
      image: games.image,
      code: games.code,
      providerCode: providers.code,
      categoryCode: gameCategories.code,
    })
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId))
    .where(and(eq(games.categoryId, categoryId), eq(games.providerId, providerId), eq(games.active, true)))
    .orderBy(asc(games.sort), asc(games.id));
}

/** The enabled lottery games in display order. */
export async function selectEnabledLotteryGames(db: Executor): Promise<LotteryGameRow[]> {
  return db.select().from(lotteryGames).where(eq(lotteryGames.enabled, true)).orderBy(asc(lotteryGames.sort), asc(lotteryGames.type));
}
