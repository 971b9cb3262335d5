import type { GscGame, GscProduct } from "./gsc-client.ts";
import type { GscConfig } from "./gsc-config.ts";

/**
 * The aggregator's catalogue as this site lists it (spec/gsc-plus.md §7.2, §7.3, §8): pure rules,
 * no database. A product becomes provider `GSC<product_code>`; its game types become categories.
 */

export const GSC_PROVIDER_PREFIX = "GSC";

export const gscProviderCode = (productCode: number) => `${GSC_PROVIDER_PREFIX}${productCode}`;

/** The product code of a p_code `GSC<digits>`, else undefined. */
export function productCodeOf(providerCode: string): number | undefined {
  const m = /^GSC([0-9]{1,9})$/i.exec(providerCode.trim());
  return m ? Number(m[1]) : undefined;
}

/** Category ids of the catalogue (domain-rules §6, fixed by the spec). */
const CATEGORY = { sports: 10, liveCasino: 6, slot: 2, fishing: 3, arcade: 4, table: 5, crash: 7, lottery: 8 } as const;

/** Products whose OTHER games are crash games (Spribe's Aviator and the like); other products' OTHER is arcade. */
const CRASH_PRODUCTS = new Set([1138]);

/**
 * §8's mapping: SLOT → slot, FISHING → fishing, LIVE_CASINO(_PREMIUM) → live casino, SPORT_BOOK /
 * VIRTUAL_SPORT → sports, POKER / P2P → table, LOTTERY → lottery, COCK_FIGHTING → sports (a betting
 * market on a live event), OTHER → crash for crash-game products, else arcade; anything unknown → arcade.
 */
export function categoryOfGameType(gameType: string | undefined, productCode: number): number {
  switch ((gameType ?? "").trim().toUpperCase()) {
    case "SLOT":
      return CATEGORY.slot;
    case "FISHING":
      return CATEGORY.fishing;
    case "LIVE_CASINO":
    case "LIVE_CASINO_PREMIUM":
      return CATEGORY.liveCasino;
    case "SPORT_BOOK":
    case "VIRTUAL_SPORT":
    case "COCK_FIGHTING":
      return CATEGORY.sports;
    case "POKER":
    case "P2P":
      return CATEGORY.table;
    case "LOTTERY":
      return CATEGORY.lottery;
    case "OTHER":
      return CRASH_PRODUCTS.has(productCode) ? CATEGORY.crash : CATEGORY.arcade;
    default:
      return CATEGORY.arcade;
  }
}

export type GscStatus = "ACTIVATED" | "MAINTAINED" | "DEACTIVATED";

/** The aggregator's status word; a truncated "ACTIVAT" (seen in the wild) is ACTIVATED, anything unknown DEACTIVATED. */
export function statusOf(raw: string | undefined): GscStatus {
  const s = (raw ?? "").trim().toUpperCase();
  if (s.startsWith("ACTIVAT")) return "ACTIVATED";
  if (s.startsWith("MAINTAIN")) return "MAINTAINED";
  return "DEACTIVATED";
}

/** What a product should look like in the catalogue. */
export interface PlannedProduct {
  productCode: number;
  providerGroup: string;
  productName: string;
  title: string;
  gameTypes: string[];
  currency: string;
  entryType: 1 | 2;
  status: GscStatus;
  /** providers.name / active / maintenance as the aggregator's data says. */
  name: string;
  active: boolean;
  maintenance: boolean;
}

export interface SkippedProduct {
  product_code: number;
  reason: string;
}

/**
 * The product list folded to one product per code: the rows of one currency (the default currency if
 * listed, else the first accepted one; products in no accepted currency are skipped), their game
 * types, the best status (ACTIVATED over MAINTAINED over DEACTIVATED) and entry type 2 only when no
 * row asks for a game code.
 */
export function planProducts(
  rows: readonly GscProduct[],
  config: Pick<GscConfig, "currencies" | "defaultCurrency">,
): {
  products: PlannedProduct[];
  skipped: SkippedProduct[];
} {
  const byCode = new Map<number, GscProduct[]>();
  for (const row of rows) {
    if (!Number.isInteger(row.product_code) || row.product_code <= 0) continue;
    const list = byCode.get(row.product_code) ?? [];
    list.push(row);
    byCode.set(row.product_code, list);
  }
  const products: PlannedProduct[] = [];
  const skipped: SkippedProduct[] = [];
  for (const [productCode, list] of [...byCode.entries()].sort((a, b) => a[0] - b[0])) {
    const currencyOf = (r: GscProduct) => (r.currency ?? config.defaultCurrency).trim().toUpperCase();
    const accepted = list.filter((r) => currencyOf(r) in config.currencies);
    if (accepted.length === 0) {
      skipped.push({
        product_code: productCode,
        reason: `currency ${[...new Set(list.map(currencyOf))].join(", ")} is not accepted (GSC_CURRENCIES)`,
      });
      continue;
    }
    const currency = accepted.some((r) => currencyOf(r) === config.defaultCurrency)
      ? config.defaultCurrency
      : currencyOf(accepted[0] as GscProduct);
    const mine = accepted.filter((r) => currencyOf(r) === currency);
    const statuses = mine.map((r) => statusOf(r.status));
    const status: GscStatus = statuses.includes("ACTIVATED") ? "ACTIVATED" : statuses.includes("MAINTAINED") ? "MAINTAINED" : "DEACTIVATED";
    const gameTypes = [...new Set(mine.map((r) => (r.game_type ?? "").trim().toUpperCase()).filter((t) => t !== ""))];
    const entryTypes = mine.map((r) => (r.entry_type === 2 ? 2 : 1));
    const first = mine[0] as GscProduct;
    const title = (
      mine.find((r) => r.product_title?.trim())?.product_title ??
      first.provider ??
      first.product_name ??
      `Product ${productCode}`
    ).trim();
    products.push({
      productCode,
      providerGroup: (first.provider ?? "").trim(),
      productName: (first.product_name ?? "").trim(),
      title,
      gameTypes,
      currency,
      entryType: entryTypes.every((e) => e === 2) ? 2 : 1,
      status,
      name: title.slice(0, 80),
      active: status !== "DEACTIVATED",
      maintenance: status === "MAINTAINED",
    });
  }
  return { products, skipped };
}

/** What a game should look like in the catalogue. */
export interface PlannedGame {
  gameCode: string;
  gameType: string;
  categoryId: number;
  currencies: string[];
  status: GscStatus;
  name: string;
  image: string;
  active: boolean;
}

export const GSC_FALLBACK_IMAGE = "/img/fallback.svg";

/** Game codes of the lobby entries made for lobby-only products: `lobby:<GAME_TYPE>`. */
export const LOBBY_PREFIX = "lobby:";

/** An image address fit for the catalogue: http(s) or a site path, else undefined. */
function usableImage(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const v = value.trim();
  if (/^https?:\/\/[^\s"'<>]+$/i.test(v) || /^\/[^/\s"'<>][^\s"'<>]*$/.test(v)) return v.slice(0, 500);
  return undefined;
}

/** image_url, else lang_icon's English (0 / "en"), Burmese (13 / "my"), else any of its entries. */
export function imageOf(game: GscGame): string {
  const direct = usableImage(game.image_url);
  if (direct) return direct;
  const icons = game.lang_icon ?? {};
  for (const key of ["0", "en", "13", "my"]) {
    const icon = usableImage(icons[key]);
    if (icon) return icon;
  }
  for (const value of Object.values(icons)) {
    const icon = usableImage(value);
    if (icon) return icon;
  }
  return GSC_FALLBACK_IMAGE;
}

/** The currencies of support_currency ("MMK2", "MMK,MMK2" or "ALL"); an empty list means all. */
export function currenciesOf(supportCurrency: string | undefined): string[] {
  const list = (supportCurrency ?? "")
    .split(",")
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== "");
  return list.includes("ALL") ? [] : list;
}

/**
 * A product's game list folded to one game per game_code (the list repeats a game once per
 * currency): games not offered in the product's currency are left out; the row of that currency
 * decides name, image and status.
 */
export function planGames(
  rows: readonly GscGame[],
  product: Pick<PlannedProduct, "productCode" | "currency" | "gameTypes">,
): PlannedGame[] {
  const byCode = new Map<string, { row: GscGame; ours: boolean; currencies: Set<string>; all: boolean }>();
  for (const row of rows) {
    const code = row.game_code.trim();
    if (code === "" || code.length > 100) continue;
    const currencies = currenciesOf(row.support_currency);
    const offered = currencies.length === 0 || currencies.includes(product.currency);
    const entry = byCode.get(code) ?? { row, ours: false, currencies: new Set<string>(), all: false };
    for (const c of currencies) entry.currencies.add(c);
    if (currencies.length === 0) entry.all = true;
    if (offered && !entry.ours) {
      entry.row = row;
      entry.ours = true;
    }
    byCode.set(code, entry);
  }
  const out: PlannedGame[] = [];
  for (const [gameCode, { row, ours, currencies, all }] of byCode) {
    if (!ours) continue;
    const gameType = (row.game_type ?? product.gameTypes[0] ?? "OTHER").trim().toUpperCase();
    const status = statusOf(row.status);
    out.push({
      gameCode,
      gameType,
      categoryId: categoryOfGameType(gameType, product.productCode),
      currencies: all ? ["ALL"] : [...currencies].sort(),
      status,
      name: (row.game_name?.trim() || gameCode).slice(0, 120),
      image: imageOf(row),
      active: status === "ACTIVATED",
    });
  }
  return out;
}

/** The lobby entries of a lobby-only product: one per game type, named after the product. */
export function lobbyGames(product: PlannedProduct): PlannedGame[] {
  const types = product.gameTypes.length > 0 ? product.gameTypes : ["OTHER"];
  return types.map((gameType) => ({
    gameCode: `${LOBBY_PREFIX}${gameType}`,
    gameType,
    categoryId: categoryOfGameType(gameType, product.productCode),
    currencies: [product.currency],
    status: product.status,
    name: types.length > 1 ? `${product.title} ${gameType.replaceAll("_", " ").toLowerCase()}` : product.title,
    image: GSC_FALLBACK_IMAGE,
    active: product.status !== "DEACTIVATED",
  }));
}

/**
 * A sync's new value of a catalogue field: the aggregator's value while the field still holds what
 * the last sync wrote; the operator's value once they changed it.
 */
export function merged<T>(current: T, lastSynced: T, incoming: T): { value: T; operatorKept: boolean } {
  if (current === lastSynced) return { value: incoming, operatorKept: false };
  return { value: current, operatorKept: current !== incoming };
}
