import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { games, gscGames, gscProducts, providerCategories, providers } from "../../db/schema/index.ts";

/** SQL of the catalogue sync. Every write runs inside the sync's one transaction. */

/** One sync at a time writes the catalogue (the button and the daily job may meet). */
export async function lockCatalogueSync(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7330, 1)`);
}

export type GscProductRow = typeof gscProducts.$inferSelect;
export type GscGameRow = typeof gscGames.$inferSelect;
export type GscGameInsert = typeof gscGames.$inferInsert;
export type ProviderRow = typeof providers.$inferSelect;
export type GameRow = typeof games.$inferSelect;

export async function selectGscProducts(db: Executor): Promise<GscProductRow[]> {
  return db.select().from(gscProducts);
}

export async function selectGscProduct(db: Executor, productCode: number): Promise<GscProductRow | undefined> {
  return (await db.select().from(gscProducts).where(eq(gscProducts.productCode, productCode)).limit(1))[0];
}

export async function selectProvidersByCode(db: Executor, codes: string[]): Promise<ProviderRow[]> {
  if (codes.length === 0) return [];
  return db.select().from(providers).where(inArray(providers.code, codes));
}

export async function selectProvidersById(db: Executor, ids: number[]): Promise<ProviderRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(providers).where(inArray(providers.id, ids));
}

/** The next free provider id and sort place (providers.id has no sequence: seeded ids are fixed). */
export async function nextProviderSlot(tx: Executor): Promise<{ id: number; sort: number }> {
  const row = rowsOf<{ id: number | string; sort: number | string }>(
    await tx.execute(sql`select coalesce(max(id), 0) + 1 as id, coalesce(max(sort), 0) + 1 as sort from providers`),
  )[0];
  return { id: Number(row?.id ?? 1), sort: Number(row?.sort ?? 1) };
}

export async function insertProvider(tx: Executor, row: typeof providers.$inferInsert): Promise<ProviderRow> {
  const [out] = await tx.insert(providers).values(row).returning();
  if (!out) throw new Error("provider insert returned nothing");
  return out;
}

export async function updateProvider(
  tx: Executor,
  id: number,
  patch: Partial<Pick<ProviderRow, "name" | "active" | "maintenance">>,
): Promise<void> {
  if (Object.keys(patch).length > 0) await tx.update(providers).set(patch).where(eq(providers.id, id));
}

export async function upsertGscProduct(tx: Executor, row: typeof gscProducts.$inferInsert): Promise<void> {
  const { productCode: _key, ...rest } = row;
  await tx.insert(gscProducts).values(row).onConflictDoUpdate({ target: gscProducts.productCode, set: rest });
}

export async function markProductUnlisted(
  tx: Executor,
  productCode: number,
  patch: Partial<typeof gscProducts.$inferInsert>,
): Promise<void> {
  await tx
    .update(gscProducts)
    .set({ ...patch, listed: false })
    .where(eq(gscProducts.productCode, productCode));
}

export async function setGamesSyncedAt(tx: Executor, productCode: number, at: Date): Promise<void> {
  await tx.update(gscProducts).set({ gamesSyncedAt: at }).where(eq(gscProducts.productCode, productCode));
}

/** Links a provider to categories it is missing (not hot; operators choose the hot ones). */
export async function linkProviderCategories(tx: Executor, providerId: number, categoryIds: number[], sort: number): Promise<void> {
  if (categoryIds.length === 0) return;
  await tx
    .insert(providerCategories)
    .values(categoryIds.map((categoryId) => ({ providerId, categoryId, hot: false, sort })))
    .onConflictDoNothing();
}

export async function selectGscGames(db: Executor, productCode: number): Promise<GscGameRow[]> {
  return db.select().from(gscGames).where(eq(gscGames.productCode, productCode));
}

export async function selectProviderGames(db: Executor, providerId: number): Promise<GameRow[]> {
  return db.select().from(games).where(eq(games.providerId, providerId));
}

export async function insertGames(tx: Executor, rows: (typeof games.$inferInsert)[]): Promise<GameRow[]> {
  const out: GameRow[] = [];
  for (let i = 0; i < rows.length; i += 500)
    out.push(
      ...(await tx
        .insert(games)
        .values(rows.slice(i, i + 500))
        .returning()),
    );
  return out;
}

export async function updateGame(tx: Executor, id: number, patch: Partial<Pick<GameRow, "name" | "image" | "active">>): Promise<void> {
  if (Object.keys(patch).length > 0) await tx.update(games).set(patch).where(eq(games.id, id));
}

export async function upsertGscGames(tx: Executor, rows: (typeof gscGames.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(gscGames)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [gscGames.productCode, gscGames.gameCode],
        set: {
          gameId: sql`excluded.game_id`,
          gameType: sql`excluded.game_type`,
          currencies: sql`excluded.currencies`,
          status: sql`excluded.status`,
          syncedName: sql`excluded.synced_name`,
          syncedImage: sql`excluded.synced_image`,
          syncedActive: sql`excluded.synced_active`,
          listed: sql`excluded.listed`,
          lastSyncAt: sql`excluded.last_sync_at`,
        },
      });
  }
}

/** The catalogue facts a GSC+ launch needs: the product (currency, entry type) and the game's aggregator type. */
export async function selectLaunchFacts(
  db: Executor,
  productCode: number,
  gameCode: string,
): Promise<{ product: GscProductRow; gameType: string | undefined } | undefined> {
  const product = await selectGscProduct(db, productCode);
  if (!product) return undefined;
  const game = (
    await db
      .select({ gameType: gscGames.gameType })
      .from(gscGames)
      .where(and(eq(gscGames.productCode, productCode), eq(gscGames.gameCode, gameCode)))
      .limit(1)
  )[0];
  return { product, gameType: game?.gameType };
}
