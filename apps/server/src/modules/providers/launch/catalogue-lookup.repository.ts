import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { gameCategories, games, providers } from "../../../db/schema/index.ts";

/** The catalogue rows the provider module reads: a provider by p_code, a game by p_code + g_code. */
export interface CatalogueProvider {
  id: number;
  code: string;
  name: string;
  maintenance: boolean;
  active: boolean;
}

export async function findCatalogueProvider(db: Executor, code: string): Promise<CatalogueProvider | undefined> {
  const rows = await db
    .select({ id: providers.id, code: providers.code, name: providers.name, maintenance: providers.maintenance, active: providers.active })
    .from(providers)
    .where(sql`upper(${providers.code}) = ${code.toUpperCase()}`)
    .limit(1);
  return rows[0];
}

export interface CatalogueGame {
  id: number;
  name: string;
  code: string;
  active: boolean;
  categoryId: number;
  categoryCode: string;
  categoryActive: boolean;
}

export async function findCatalogueGame(db: Executor, providerId: number, gameCode: string): Promise<CatalogueGame | undefined> {
  const rows = await db
    .select({
      id: games.id,
      name: games.name,
      code: games.code,
      active: games.active,
      categoryId: games.categoryId,
      categoryCode: gameCategories.code,
      categoryActive: gameCategories.active,
    })
    .from(games)
    .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId))
    .where(and(eq(games.providerId, providerId), eq(games.code, gameCode)))
    .limit(1);
  return rows[0];
}
