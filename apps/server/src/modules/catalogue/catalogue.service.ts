import type { Category, Game, Provider } from "@shwe/contracts";
import type { Db } from "../../db/client.ts";
import {
  type CategoryRow,
  type ProviderRow,
  selectCategories,
  selectGames,
  selectProviderByCode,
  selectProviderById,
  selectProvidersInCategories,
} from "./catalogue.repository.ts";

/** A category is named by its fixed id (2 = slot …) or its URL code (slot, live-casino …). */
export const CATEGORY_TOKEN = /^(\d{1,9}|[a-z][a-z-]{0,31})$/;
/** A provider is named by its id or its p_code (HOUSE …, any letter case). */
export const PROVIDER_TOKEN = /^(\d{1,9}|[A-Za-z][A-Za-z0-9_-]{0,31})$/;

export function toCategory(row: CategoryRow): Category {
  return { id: row.id, code: row.code, name: row.name, image: row.image };
}

export function toProvider(row: ProviderRow): Provider {
  return { id: row.id, p_code: row.code, name: row.name, image: row.image, sec_image: row.secImage, maintenance: row.maintenance };
}

async function activeCategories(db: Db): Promise<CategoryRow[]> {
  return (await selectCategories(db)).filter((c) => c.active);
}

function findCategory(categories: CategoryRow[], token: string): CategoryRow | undefined {
  return /^\d+$/.test(token) ? categories.find((c) => c.id === Number(token)) : categories.find((c) => c.code === token);
}

async function findProvider(db: Db, token: string): Promise<ProviderRow | undefined> {
  return /^\d+$/.test(token) ? selectProviderById(db, Number(token)) : selectProviderByCode(db, token.toUpperCase());
}

export async function listCategories(db: Db): Promise<Category[]> {
  return (await activeCategories(db)).map(toCategory);
}

/**
 * Active providers of one or several categories, in the order the categories were asked for; a
 * provider in two of them appears once. Unknown or inactive categories add nothing.
 */
export async function listProviders(db: Db, categoryTokens: string[], opts: { hotOnly?: boolean } = {}): Promise<Provider[]> {
  const categories = await activeCategories(db);
  const wanted: number[] = [];
  for (const token of categoryTokens) {
    const found = findCategory(categories, token);
    if (found && !wanted.includes(found.id)) wanted.push(found.id);
  }
  const rows = await selectProvidersInCategories(db, wanted, opts);
  const ordered = [...rows].sort((a, b) => wanted.indexOf(a.categoryId) - wanted.indexOf(b.categoryId));
  const seen = new Set<number>();
  const out: Provider[] = [];
  for (const row of ordered) {
    if (seen.has(row.provider.id)) continue;
    seen.add(row.provider.id);
    out.push(toProvider(row.provider));
  }
  return out;
}

/** The whole home page in one answer: every active category in order with its active providers. */
export async function homeCatalogue(db: Db): Promise<{ category: Category; providers: Provider[] }[]> {
  const categories = await activeCategories(db);
  const rows = await selectProvidersInCategories(
    db,
    categories.map((c) => c.id),
  );
  return categories.map((category) => ({
    category: toCategory(category),
    providers: rows.filter((r) => r.categoryId === category.id).map((r) => toProvider(r.provider)),
  }));
}

/** Active games of a provider in a category; empty when either is unknown or switched off. */
export async function listGames(db: Db, categoryToken: string, providerToken: string): Promise<Game[]> {
  const category = findCategory(await activeCategories(db), categoryToken);
  if (!category) return [];
  const provider = await findProvider(db, providerToken);
  if (!provider?.active) return [];
  const rows = await selectGames(db, category.id, provider.id);
  return rows.map((g) => ({ id: g.id, name: g.name, image: g.image, p_code: g.providerCode, cate_code: g.categoryCode, g_code: g.code }));
}
