import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { gameCategories, games, providerCategories, providers } from "../../db/schema/index.ts";
import type { CategoryRow, ProviderRow } from "./catalogue.repository.ts";

export type ProviderCategoryRow = typeof providerCategories.$inferSelect;

export interface AdminGameRow {
  id: number;
  name: string;
  image: string;
  code: string;
  active: boolean;
  providerId: number;
  categoryId: number;
  providerCode: string;
  categoryCode: string;
}

export async function selectAllProviders(db: Executor): Promise<ProviderRow[]> {
  return db.select().from(providers).orderBy(asc(providers.sort), asc(providers.id));
}

export async function selectAllProviderCategories(db: Executor): Promise<ProviderCategoryRow[]> {
  return db.select().from(providerCategories).orderBy(asc(providerCategories.categoryId), asc(providerCategories.sort));
}

export async function lockCategory(tx: Executor, id: number): Promise<CategoryRow | undefined> {
  const rows = await tx.select().from(gameCategories).where(eq(gameCategories.id, id)).for("update");
  return rows[0];
}

export async function setCategoryActive(tx: Executor, id: number, active: boolean): Promise<CategoryRow | undefined> {
  const rows = await tx.update(gameCategories).set({ active }).where(eq(gameCategories.id, id)).returning();
  return rows[0];
}

export async function lockProvider(tx: Executor, id: number): Promise<ProviderRow | undefined> {
  const rows = await tx.select().from(providers).where(eq(providers.id, id)).for("update");
  return rows[0];
}

export async function setProviderFlags(
  tx: Executor,
  id: number,
  flags: { maintenance?: boolean; active?: boolean; freeRoundCredits?: boolean },
): Promise<ProviderRow | undefined> {
  const rows = await tx.update(providers).set(flags).where(eq(providers.id, id)).returning();
  return rows[0];
}

export async function selectProviderCategories(db: Executor, providerId: number): Promise<ProviderCategoryRow[]> {
  return db
    .select()
    .from(providerCategories)
    .where(eq(providerCategories.providerId, providerId))
    .orderBy(asc(providerCategories.categoryId));
}

export async function lockProviderCategory(tx: Executor, providerId: number, categoryId: number): Promise<ProviderCategoryRow | undefined> {
  const rows = await tx
    .select()
    .from(providerCategories)
    .where(and(eq(providerCategories.providerId, providerId), eq(providerCategories.categoryId, categoryId)))
    .for("update");
  return rows[0];
}

export async function setProviderCategoryHot(tx: Executor, providerId: number, categoryId: number, hot: boolean): Promise<void> {
  await tx
    .update(providerCategories)
    .set({ hot })
    .where(and(eq(providerCategories.providerId, providerId), eq(providerCategories.categoryId, categoryId)));
}

const adminGameColumns = {
  id: games.id,
  name: games.name,
  image: games.image,
  code: games.code,
  active: games.active,
  providerId: games.providerId,
  categoryId: games.categoryId,
  providerCode: providers.code,
  categoryCode: gameCategories.code,
};

/** Every game of a provider (optionally of one category), switched on or off. */
export async function selectGamesForOperator(db: Executor, providerId: number, categoryId?: number): Promise<AdminGameRow[]> {
  const where =
    categoryId === undefined ? eq(games.providerId, providerId) : and(eq(games.providerId, providerId), eq(games.categoryId, categoryId));
  return db
    .select(adminGameColumns)
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId))
    .where(where)
    .orderBy(asc(games.categoryId), asc(games.sort), asc(games.id));
}

export async function lockGame(tx: Executor, id: number): Promise<AdminGameRow | undefined> {
  const rows = await tx
    .select(adminGameColumns)
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId))
    .where(eq(games.id, id))
    .for("update", { of: games });
  return rows[0];
}

export async function setGameActive(tx: Executor, id: number, active: boolean): Promise<void> {
  await tx.update(games).set({ active }).where(eq(games.id, id));
}
