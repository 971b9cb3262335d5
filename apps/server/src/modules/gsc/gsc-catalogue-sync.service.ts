import type { Db, Executor } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import {
  type GameRow,
  type GscGameInsert,
  type GscGameRow,
  type GscProductRow,
  insertGames,
  insertProvider,
  linkProviderCategories,
  lockCatalogueSync,
  markProductUnlisted,
  nextProviderSlot,
  type ProviderRow,
  selectGscGames,
  selectGscProducts,
  selectProviderGames,
  selectProvidersByCode,
  selectProvidersById,
  setGamesSyncedAt,
  updateGame,
  updateProvider,
  upsertGscGames,
  upsertGscProduct,
} from "./gsc-catalogue.repository.ts";
import {
  GSC_FALLBACK_IMAGE,
  gscProviderCode,
  lobbyGames,
  merged,
  type PlannedGame,
  type PlannedProduct,
  planGames,
  planProducts,
  type SkippedProduct,
} from "./gsc-catalogue.ts";
import type { GscClient, GscGame } from "./gsc-client.ts";
import type { GscConfig } from "./gsc-config.ts";

/**
 * The catalogue sync (spec/gsc-plus.md §7.2, §7.3): the aggregator's products become providers
 * `GSC<product_code>`, their games become games. Everything is fetched first, then written in one
 * transaction. A sync adds what is new and changes a provider's name, active and maintenance flags
 * and a game's name, image and active flag only while they still hold what the last sync wrote: an
 * operator's change is kept. Ordering, hot flags, categories of existing games and free-round
 * acceptance are the operators' alone and never touched after the first insert.
 */

/** Games asked per page of the game list. */
export const GAME_PAGE_SIZE = 500;
/** A product's game list is read for at most this many pages (a guard against an endless pagination). */
const MAX_GAME_PAGES = 100;
/** The report lists at most this many changes (the counts cover all). */
const MAX_CHANGES = 300;

export interface GscSyncChange {
  target: "provider" | "game";
  p_code: string;
  g_code?: string;
  /** added, name, image, active, maintenance or unlisted; kept: the operator's value stays. */
  change: "added" | "name" | "image" | "active" | "maintenance" | "unlisted" | "kept";
  field?: string;
  from?: string | boolean;
  to?: string | boolean;
}

export interface GscSyncReport {
  products_added: number;
  products_updated: number;
  products_unlisted: number;
  games_added: number;
  games_updated: number;
  games_unlisted: number;
  /** Fields where the aggregator says otherwise but an operator's change stays. */
  operator_changes_kept: number;
  skipped: SkippedProduct[];
  changes: GscSyncChange[];
  changes_total: number;
}

export interface GscSyncDeps {
  db: Db;
  clock: Clock;
  config: GscConfig;
  client: GscClient;
  /** Aborted when the server shuts down: the sync stops before the next product and writes nothing. */
  signal?: AbortSignal;
}

/** Reads a product's whole game list, page by page, until `total` (a string on the wire) is reached. */
export async function fetchAllGames(client: GscClient, productCode: number): Promise<GscGame[]> {
  const all: GscGame[] = [];
  let offset = 0;
  for (let page = 0; page < MAX_GAME_PAGES; page++) {
    const { games, total, rows } = await client.games(productCode, offset, GAME_PAGE_SIZE);
    all.push(...games);
    offset += rows;
    if (rows === 0) break;
    if (total !== undefined ? offset >= total : rows < GAME_PAGE_SIZE) break;
  }
  return all;
}

export async function syncGscCatalogue(deps: GscSyncDeps): Promise<GscSyncReport> {
  const { products, skipped } = planProducts(await deps.client.products(), deps.config);
  const gamesOf = new Map<number, PlannedGame[]>();
  for (const product of products) {
    deps.signal?.throwIfAborted();
    if (product.entryType === 2) {
      gamesOf.set(product.productCode, lobbyGames(product));
      continue;
    }
    try {
      gamesOf.set(product.productCode, planGames(await fetchAllGames(deps.client, product.productCode), product));
    } catch (err) {
      // The product is still synced; its games stay as they are until a later sync reads them.
      skipped.push({ product_code: product.productCode, reason: `game list not read: ${(err as Error).message}` });
    }
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockCatalogueSync(tx);
    const report: GscSyncReport = {
      products_added: 0,
      products_updated: 0,
      products_unlisted: 0,
      games_added: 0,
      games_updated: 0,
      games_unlisted: 0,
      operator_changes_kept: 0,
      skipped,
      changes: [],
      changes_total: 0,
    };
    const note = (change: GscSyncChange) => {
      report.changes_total++;
      if (report.changes.length < MAX_CHANGES) report.changes.push(change);
    };
    const known = new Map((await selectGscProducts(tx)).map((r) => [r.productCode, r]));
    const byId = new Map(
      (
        await selectProvidersById(
          tx,
          [...known.values()].map((r) => r.providerId),
        )
      ).map((p) => [p.id, p]),
    );
    const byCode = new Map(
      (
        await selectProvidersByCode(
          tx,
          products.map((p) => gscProviderCode(p.productCode)),
        )
      ).map((p) => [p.code, p]),
    );

    for (const product of products) {
      const provider = await syncProduct(tx, product, known.get(product.productCode), byId, byCode, now, report, note);
      const planned = gamesOf.get(product.productCode);
      const categories = new Set(planned?.map((g) => g.categoryId) ?? []);
      await linkProviderCategories(tx, provider.id, [...categories], provider.sort);
      if (planned) await syncGames(tx, product, provider, planned, now, report, note);
    }

    // Products gone from the list (or no longer in an accepted currency): switched off, if the operator had not changed that.
    const listedNow = new Set(products.map((p) => p.productCode));
    for (const row of known.values()) {
      if (listedNow.has(row.productCode) || !row.listed) continue;
      const provider = byId.get(row.providerId);
      if (!provider) continue;
      const active = merged(provider.active, row.syncedActive, false);
      if (active.value !== provider.active) await updateProvider(tx, provider.id, { active: active.value });
      if (active.operatorKept) report.operator_changes_kept++;
      await markProductUnlisted(tx, row.productCode, { syncedActive: active.operatorKept ? row.syncedActive : false, lastSyncAt: now });
      report.products_unlisted++;
      note({ target: "provider", p_code: provider.code, change: "unlisted" });
    }
    return report;
  });
}

type Note = (change: GscSyncChange) => void;

async function syncProduct(
  tx: Executor,
  product: PlannedProduct,
  known: GscProductRow | undefined,
  byId: Map<number, ProviderRow>,
  byCode: Map<string, ProviderRow>,
  now: Date,
  report: GscSyncReport,
  note: Note,
): Promise<ProviderRow> {
  const code = gscProviderCode(product.productCode);
  const facts = {
    productCode: product.productCode,
    providerGroup: product.providerGroup,
    productName: product.productName,
    title: product.title,
    gameTypes: product.gameTypes,
    currency: product.currency,
    entryType: product.entryType,
    status: product.status,
    listed: true,
    lastSyncAt: now,
  };
  let provider = (known ? byId.get(known.providerId) : undefined) ?? byCode.get(code);
  if (!provider) {
    const slot = await nextProviderSlot(tx);
    provider = await insertProvider(tx, {
      id: slot.id,
      code,
      name: product.name,
      image: GSC_FALLBACK_IMAGE,
      secImage: GSC_FALLBACK_IMAGE,
      maintenance: product.maintenance,
      active: product.active,
      sort: slot.sort,
    });
    await upsertGscProduct(tx, {
      ...facts,
      providerId: provider.id,
      syncedName: product.name,
      syncedActive: product.active,
      syncedMaintenance: product.maintenance,
    });
    report.products_added++;
    note({ target: "provider", p_code: code, change: "added" });
    return provider;
  }
  // A provider listed before this table knew it (or the table's row is new): the sync takes its fields over as they are.
  const last = known ?? { syncedName: provider.name, syncedActive: provider.active, syncedMaintenance: provider.maintenance };
  const name = merged(provider.name, last.syncedName, product.name);
  const active = merged(provider.active, last.syncedActive, product.active);
  const maintenance = merged(provider.maintenance, last.syncedMaintenance, product.maintenance);
  const patch: Partial<Pick<ProviderRow, "name" | "active" | "maintenance">> = {};
  for (const [field, m, before] of [
    ["name", name, provider.name],
    ["active", active, provider.active],
    ["maintenance", maintenance, provider.maintenance],
  ] as const) {
    if (m.value !== before) {
      (patch as Record<string, unknown>)[field] = m.value;
      note({ target: "provider", p_code: code, change: field, from: before, to: m.value });
    }
    if (m.operatorKept) {
      report.operator_changes_kept++;
      note({ target: "provider", p_code: code, change: "kept", field, from: before, to: field === "name" ? product.name : product[field] });
    }
  }
  await updateProvider(tx, provider.id, patch);
  if (Object.keys(patch).length > 0 || !known?.listed) report.products_updated++;
  await upsertGscProduct(tx, {
    ...facts,
    providerId: provider.id,
    syncedName: name.operatorKept ? last.syncedName : product.name,
    syncedActive: active.operatorKept ? last.syncedActive : product.active,
    syncedMaintenance: maintenance.operatorKept ? last.syncedMaintenance : product.maintenance,
    gamesSyncedAt: known?.gamesSyncedAt ?? null,
  });
  return { ...provider, ...patch };
}

async function syncGames(
  tx: Executor,
  product: PlannedProduct,
  provider: ProviderRow,
  planned: PlannedGame[],
  now: Date,
  report: GscSyncReport,
  note: Note,
): Promise<void> {
  const known = new Map((await selectGscGames(tx, product.productCode)).map((g) => [g.gameCode, g]));
  const existing = await selectProviderGames(tx, provider.id);
  const gameById = new Map(existing.map((g) => [g.id, g]));
  const gameByCode = new Map(existing.map((g) => [g.code, g]));
  let nextSort = existing.reduce((max, g) => Math.max(max, g.sort), 0) + 1;
  const fresh: PlannedGame[] = [];
  const rows: GscGameInsert[] = [];

  for (const game of planned) {
    const row = known.get(game.gameCode);
    const current = (row ? gameById.get(row.gameId) : undefined) ?? gameByCode.get(game.gameCode);
    if (!current) {
      fresh.push(game);
      continue;
    }
    const last: Pick<GscGameRow, "syncedName" | "syncedImage" | "syncedActive"> = row ?? {
      syncedName: current.name,
      syncedImage: current.image,
      syncedActive: current.active,
    };
    const name = merged(current.name, last.syncedName, game.name);
    const image = merged(current.image, last.syncedImage, game.image);
    const active = merged(current.active, last.syncedActive, game.active);
    const patch = applied(current, { name, image, active }, provider.code, report, note);
    await updateGame(tx, current.id, patch);
    if (Object.keys(patch).length > 0) report.games_updated++;
    rows.push({
      productCode: product.productCode,
      gameCode: game.gameCode,
      gameId: current.id,
      gameType: game.gameType,
      currencies: game.currencies,
      status: game.status,
      syncedName: name.operatorKept ? last.syncedName : game.name,
      syncedImage: image.operatorKept ? last.syncedImage : game.image,
      syncedActive: active.operatorKept ? last.syncedActive : game.active,
      listed: true,
      lastSyncAt: now,
    });
  }

  const inserted = await insertGames(
    tx,
    fresh.map((g) => ({
      providerId: provider.id,
      categoryId: g.categoryId,
      name: g.name,
      image: g.image,
      code: g.gameCode,
      active: g.active,
      sort: nextSort++,
    })),
  );
  const insertedByCode = new Map(inserted.map((g) => [g.code, g]));
  for (const game of fresh) {
    const row = insertedByCode.get(game.gameCode);
    if (!row) continue;
    report.games_added++;
    note({ target: "game", p_code: provider.code, g_code: game.gameCode, change: "added" });
    rows.push({
      productCode: product.productCode,
      gameCode: game.gameCode,
      gameId: row.id,
      gameType: game.gameType,
      currencies: game.currencies,
      status: game.status,
      syncedName: game.name,
      syncedImage: game.image,
      syncedActive: game.active,
      listed: true,
      lastSyncAt: now,
    });
  }

  // Games gone from the list: hidden, unless an operator changed their switch.
  const listedNow = new Set(planned.map((g) => g.gameCode));
  for (const row of known.values()) {
    if (listedNow.has(row.gameCode) || !row.listed) continue;
    const current = gameById.get(row.gameId);
    if (!current) continue;
    const active = merged(current.active, row.syncedActive, false);
    const patch = applied(current, { active }, provider.code, report, note);
    await updateGame(tx, current.id, patch);
    report.games_unlisted++;
    note({ target: "game", p_code: provider.code, g_code: row.gameCode, change: "unlisted" });
    rows.push({ ...row, syncedActive: active.operatorKept ? row.syncedActive : false, listed: false, lastSyncAt: now });
  }
  await upsertGscGames(tx, rows);
  await setGamesSyncedAt(tx, product.productCode, now);
}

/** The fields whose merged value differs from the game's current one, noting changes and kept operator values. */
function applied(
  current: GameRow,
  fields: Partial<Record<"name" | "image" | "active", { value: string | boolean; operatorKept: boolean }>>,
  pCode: string,
  report: GscSyncReport,
  note: Note,
): Partial<Pick<GameRow, "name" | "image" | "active">> {
  const patch: Record<string, string | boolean> = {};
  for (const [field, m] of Object.entries(fields) as ["name" | "image" | "active", { value: string | boolean; operatorKept: boolean }][]) {
    const before = current[field];
    if (m.value !== before) {
      patch[field] = m.value;
      note({ target: "game", p_code: pCode, g_code: current.code, change: field, from: before, to: m.value });
    }
    if (m.operatorKept) {
      report.operator_changes_kept++;
      note({ target: "game", p_code: pCode, g_code: current.code, change: "kept", field, from: before });
    }
  }
  return patch as Partial<Pick<GameRow, "name" | "image" | "active">>;
}
