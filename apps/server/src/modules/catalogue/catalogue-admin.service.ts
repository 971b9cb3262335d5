import type { AdminCategory, AdminGame, AdminProvider } from "@shwe/contracts";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { type CategoryRow, type ProviderRow, selectCategories } from "./catalogue.repository.ts";
import { toCategory, toProvider } from "./catalogue.service.ts";
import {
  type AdminGameRow,
  lockCategory,
  lockGame,
  lockProvider,
  lockProviderCategory,
  type ProviderCategoryRow,
  selectAllProviderCategories,
  selectAllProviders,
  selectGamesForOperator,
  selectProviderCategories,
  setCategoryActive,
  setGameActive,
  setProviderCategoryHot,
  setProviderFlags,
} from "./catalogue-admin.repository.ts";

function toAdminCategory(row: CategoryRow): AdminCategory {
  return { ...toCategory(row), sort: row.sort, active: row.active };
}

function toAdminProvider(row: ProviderRow, links: ProviderCategoryRow[]): AdminProvider {
  return {
    ...toProvider(row),
    active: row.active,
    sort: row.sort,
    free_round_credits: row.freeRoundCredits,
    categories: links.filter((l) => l.providerId === row.id).map((l) => ({ category_id: l.categoryId, hot: l.hot })),
  };
}

function toAdminGame(row: AdminGameRow): AdminGame {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    p_code: row.providerCode,
    cate_code: row.categoryCode,
    g_code: row.code,
    provider_id: row.providerId,
    category_id: row.categoryId,
    active: row.active,
  };
}

export async function listCategoriesForOperator(db: Db): Promise<AdminCategory[]> {
  return (await selectCategories(db)).map(toAdminCategory);
}

export async function listProvidersForOperator(db: Db): Promise<AdminProvider[]> {
  const [rows, links] = await Promise.all([selectAllProviders(db), selectAllProviderCategories(db)]);
  return rows.map((r) => toAdminProvider(r, links));
}

export async function listGamesForOperator(db: Db, providerId: number, categoryId?: number): Promise<AdminGame[]> {
  return (await selectGamesForOperator(db, providerId, categoryId)).map(toAdminGame);
}

/** Shows or hides a whole category on the site. */
export async function setCategoryActiveAs(db: Db, actor: Actor, id: number, active: boolean): Promise<AdminCategory> {
  return db.transaction(async (tx) => {
    const current = await lockCategory(tx, id);
    if (!current) throw notFound("Category not found.");
    const updated = await setCategoryActive(tx, id, active);
    if (!updated) throw notFound("Category not found.");
    const [before, after] = [toAdminCategory(current), toAdminCategory(updated)];
    await recordAudit(tx, actor, "category.update", { type: "category", id }, before, after);
    return after;
  });
}

/**
 * Puts a provider under maintenance (games listed but not launchable), switches it off entirely
 * and/or lets its wallet accept credits without a debit (free rounds; docs/provider-wallet.md).
 */
export async function setProviderFlagsAs(
  db: Db,
  actor: Actor,
  id: number,
  flags: { maintenance?: boolean | undefined; active?: boolean | undefined; free_round_credits?: boolean | undefined },
): Promise<AdminProvider> {
  const patch: { maintenance?: boolean; active?: boolean; freeRoundCredits?: boolean } = {};
  if (flags.maintenance !== undefined) patch.maintenance = flags.maintenance;
  if (flags.active !== undefined) patch.active = flags.active;
  if (flags.free_round_credits !== undefined) patch.freeRoundCredits = flags.free_round_credits;
  if (Object.keys(patch).length === 0) throw badRequest("Give maintenance, active or free_round_credits.");
  return db.transaction(async (tx) => {
    const current = await lockProvider(tx, id);
    if (!current) throw notFound("Provider not found.");
    const updated = await setProviderFlags(tx, id, patch);
    if (!updated) throw notFound("Provider not found.");
    const links = await selectProviderCategories(tx, id);
    const [before, after] = [toAdminProvider(current, links), toAdminProvider(updated, links)];
    await recordAudit(tx, actor, "provider.update", { type: "provider", id }, before, after);
    return after;
  });
}

/** Marks a provider hot (or not) in one of its categories. */
export async function setProviderHotAs(db: Db, actor: Actor, providerId: number, categoryId: number, hot: boolean): Promise<AdminProvider> {
  return db.transaction(async (tx) => {
    const provider = await lockProvider(tx, providerId);
    if (!provider) throw notFound("Provider not found.");
    const link = await lockProviderCategory(tx, providerId, categoryId);
    if (!link) throw notFound("This provider is not in that category.");
    await setProviderCategoryHot(tx, providerId, categoryId, hot);
    await recordAudit(
      tx,
      actor,
      "provider.hot",
      { type: "provider_category", id: `${providerId}:${categoryId}` },
      { provider_id: providerId, category_id: categoryId, hot: link.hot },
      { provider_id: providerId, category_id: categoryId, hot },
    );
    return toAdminProvider(provider, await selectProviderCategories(tx, providerId));
  });
}

/** Shows or hides one game. */
export async function setGameActiveAs(db: Db, actor: Actor, id: number, active: boolean): Promise<AdminGame> {
  return db.transaction(async (tx) => {
    const current = await lockGame(tx, id);
    if (!current) throw notFound("Game not found.");
    await setGameActive(tx, id, active);
    const [before, after] = [toAdminGame(current), toAdminGame({ ...current, active })];
    await recordAudit(tx, actor, "game.update", { type: "game", id }, before, after);
    return after;
  });
}
