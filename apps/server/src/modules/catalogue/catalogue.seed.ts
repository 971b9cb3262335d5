import type { Config } from "../../config/env.ts";
import type { Db } from "../../db/client.ts";
import { addSeeder } from "../../db/seed.ts";
import {
  insertCategoriesIfMissing,
  insertGamesIfMissing,
  insertLotteryGamesIfMissing,
  insertProviderCategoriesIfMissing,
  insertProvidersIfMissing,
} from "./catalogue-seed.repository.ts";
import {
  categoryImage,
  generateGames,
  providerImage,
  providerSecImage,
  SEED_CATEGORIES,
  SEED_LOTTERY_GAMES,
  SEED_PROVIDERS,
} from "./catalogue-seed-data.ts";

/** Seeds the game catalogue and the lottery games in every mode (the site needs them to show anything). */
export async function seedCatalogue(db: Db, config: Config): Promise<void> {
  await db.transaction(async (tx) => {
    await insertCategoriesIfMissing(
      tx,
      SEED_CATEGORIES.map((c) => ({ id: c.id, code: c.code, name: c.name, image: categoryImage(c.code), sort: c.sort })),
    );
    await insertProvidersIfMissing(
      tx,
      SEED_PROVIDERS.map((p) => ({
        id: p.id,
        code: p.code,
        name: p.name,
        image: providerImage(p.slug),
        secImage: providerSecImage(p.slug),
        sort: p.sort,
      })),
    );
    for (const provider of SEED_PROVIDERS) {
      await insertProviderCategoriesIfMissing(
        tx,
        provider.categories.map((c) => ({ providerId: provider.id, categoryId: c.categoryId, hot: c.hot, sort: provider.sort })),
      );
      const rows = provider.categories.flatMap((c) => {
        const code = SEED_CATEGORIES.find((x) => x.id === c.categoryId)?.code;
        if (!code) throw new Error(`unknown seed category ${c.categoryId}`);
        const list = c.games ?? generateGames(provider, code, c.count);
        return list.map((g, i) => ({
          providerId: provider.id,
          categoryId: c.categoryId,
          name: g.name,
          image: g.image,
          code: g.code,
          sort: i + 1,
        }));
      });
      await insertGamesIfMissing(tx, rows);
    }
    await insertLotteryGamesIfMissing(
      tx,
      SEED_LOTTERY_GAMES.map((g) => ({
        type: g.type,
        name: g.name,
        odds: g.odds,
        sort: g.sort,
        schedule: g.schedule,
        // Demo mode draws every result itself (commit–reveal); production starts with operator-entered results.
        resultSource: config.mode === "demo" ? ("fair" as const) : ("manual" as const),
      })),
    );
  });
}

addSeeder((db, config) => seedCatalogue(db, config));
