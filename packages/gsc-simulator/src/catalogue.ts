/**
 * The simulator's catalogue: the product table of gsc-plus.md §8 as data (one row per product and
 * game type, as the aggregator's product list answers it) and a handful of made-up games per row,
 * with the game-list quirks of §7.3 in some products.
 */

export type ProductStatus = "ACTIVATED" | "DEACTIVATED" | "MAINTAINED";

/** One row of GET /api/operators/available-products (§7.2). */
export interface ProductRow {
  provider: string;
  currency: string;
  status: ProductStatus;
  provider_id: number;
  product_id: number;
  product_code: number;
  product_name: string;
  game_type: string;
  product_title: string;
  /** 1: launch needs a game_code; 2: lobby only. */
  entry_type: 1 | 2;
}

/** One row of GET /api/operators/provider-games (§7.3). */
export interface GameRow {
  game_code: string;
  game_name: string;
  game_type: string;
  image_url: string;
  product_id: number;
  product_code: number;
  support_currency: string;
  status: string;
  lang_icon?: Record<string, string>;
}

interface ProductSpec {
  code: number;
  provider: string;
  providerId: number;
  productId: number;
  name: string;
  title: string;
  gameTypes: string[];
  currency: string;
  status: ProductStatus;
  /** Game types launched as a lobby (entry_type 2); the rest need a game_code. */
  lobbyTypes?: string[];
}

/** gsc-plus.md §8 (product_id / provider_id are the simulator's own numbers, except 1006 → 1185 and 1007 → 1141). */
const PRODUCTS: ProductSpec[] = [
  {
    code: 1006,
    provider: "PragmaticPlay",
    providerId: 1,
    productId: 1185,
    name: "pragmatic_play",
    title: "Pragmatic Play",
    gameTypes: ["SLOT", "LIVE_CASINO", "LIVE_CASINO_PREMIUM", "VIRTUAL_SPORT"],
    currency: "MMK",
    status: "ACTIVATED",
    lobbyTypes: ["LIVE_CASINO", "LIVE_CASINO_PREMIUM"],
  },
  {
    code: 1007,
    provider: "PG Soft",
    providerId: 2,
    productId: 1141,
    name: "pg_soft",
    title: "PG Soft",
    gameTypes: ["SLOT"],
    currency: "MMK2",
    status: "ACTIVATED",
  },
  {
    code: 1009,
    provider: "CQ9",
    providerId: 3,
    productId: 1143,
    name: "cq9",
    title: "CQ9",
    gameTypes: ["SLOT", "FISHING"],
    currency: "MMK",
    status: "ACTIVATED",
  },
  {
    code: 1012,
    provider: "SBO",
    providerId: 4,
    productId: 1146,
    name: "sbo",
    title: "SBO",
    gameTypes: ["SPORT_BOOK", "VIRTUAL_SPORT", "LIVE_CASINO", "POKER"],
    currency: "MMK",
    status: "ACTIVATED",
    lobbyTypes: ["SPORT_BOOK", "VIRTUAL_SPORT"],
  },
  {
    code: 1018,
    provider: "Live22",
    providerId: 5,
    productId: 1150,
    name: "live_22",
    title: "Live22",
    gameTypes: ["SLOT"],
    currency: "MMK",
    status: "ACTIVATED",
  },
  {
    code: 1020,
    provider: "WMCasino",
    providerId: 6,
    productId: 1152,
    name: "wm_casino",
    title: "WM Casino",
    gameTypes: ["LIVE_CASINO"],
    currency: "MMK",
    status: "ACTIVATED",
    lobbyTypes: ["LIVE_CASINO"],
  },
  {
    code: 1033,
    provider: "AWC",
    providerId: 7,
    productId: 1160,
    name: "sv388cockfighting",
    title: "SV388",
    gameTypes: ["COCK_FIGHTING"],
    currency: "MMK",
    status: "ACTIVATED",
    lobbyTypes: ["COCK_FIGHTING"],
  },
  {
    code: 1040,
    provider: "WBet",
    providerId: 8,
    productId: 1166,
    name: "wbet",
    title: "WBet",
    gameTypes: ["SPORT_BOOK"],
    currency: "MMK2",
    status: "ACTIVATED",
    lobbyTypes: ["SPORT_BOOK"],
  },
  {
    code: 1046,
    provider: "IBC",
    providerId: 9,
    productId: 1170,
    name: "saba",
    title: "Saba Sports",
    gameTypes: ["SPORT_BOOK", "VIRTUAL_SPORT", "OTHER"],
    currency: "MMK2",
    status: "ACTIVATED",
    lobbyTypes: ["SPORT_BOOK", "VIRTUAL_SPORT"],
  },
  {
    code: 1004,
    provider: "BigGaming",
    providerId: 10,
    productId: 1131,
    name: "big_gaming",
    title: "Big Gaming",
    gameTypes: ["LIVE_CASINO", "FISHING"],
    currency: "MMK2",
    status: "DEACTIVATED",
    lobbyTypes: ["LIVE_CASINO"],
  },
  {
    code: 1058,
    provider: "MrSlotty",
    providerId: 11,
    productId: 1176,
    name: "bgaming",
    title: "BGaming",
    gameTypes: ["SLOT", "LOTTERY", "OTHER"],
    currency: "MMK",
    status: "ACTIVATED",
  },
  {
    code: 1085,
    provider: "JDB",
    providerId: 12,
    productId: 1190,
    name: "jdb",
    title: "JDB",
    gameTypes: ["SLOT", "FISHING", "OTHER"],
    currency: "MMK",
    status: "ACTIVATED",
  },
  {
    code: 1091,
    provider: "Jili",
    providerId: 13,
    productId: 1194,
    name: "jili_tcg",
    title: "Jili",
    gameTypes: ["SLOT", "FISHING", "LIVE_CASINO", "POKER"],
    currency: "MMK",
    status: "ACTIVATED",
    lobbyTypes: ["LIVE_CASINO"],
  },
  {
    code: 1138,
    provider: "Spribe",
    providerId: 14,
    productId: 1210,
    name: "spribe",
    title: "Spribe",
    gameTypes: ["OTHER"],
    currency: "MMK",
    status: "ACTIVATED",
  },
  {
    code: 1148,
    provider: "WOW GAMING",
    providerId: 15,
    productId: 1215,
    name: "wow_gaming",
    title: "WOW Gaming",
    gameTypes: ["POKER", "SLOT", "P2P"],
    currency: "MMK",
    status: "ACTIVATED",
  },
  {
    code: 1183,
    provider: "FB Sports",
    providerId: 16,
    productId: 1230,
    name: "fb_sports",
    title: "FB Sports",
    gameTypes: ["SPORT_BOOK"],
    currency: "MMK",
    status: "MAINTAINED",
    lobbyTypes: ["SPORT_BOOK"],
  },
  {
    code: 1185,
    provider: "SA Gaming",
    providerId: 17,
    productId: 1232,
    name: "sa_gaming",
    title: "SA Gaming",
    gameTypes: ["LIVE_CASINO"],
    currency: "MMK",
    status: "ACTIVATED",
    lobbyTypes: ["LIVE_CASINO"],
  },
  {
    code: 1191,
    provider: "CT855(K0)",
    providerId: 18,
    productId: 1236,
    name: "king855_k0",
    title: "King855",
    gameTypes: ["LIVE_CASINO"],
    currency: "MMK2",
    status: "ACTIVATED",
    lobbyTypes: ["LIVE_CASINO"],
  },
  {
    code: 1194,
    provider: "PrettyGaming",
    providerId: 19,
    productId: 1238,
    name: "prettygaming",
    title: "Pretty Gaming",
    gameTypes: ["LIVE_CASINO"],
    currency: "MMK3",
    status: "ACTIVATED",
    lobbyTypes: ["LIVE_CASINO"],
  },
  {
    code: 1203,
    provider: "PlayAce",
    providerId: 20,
    productId: 1242,
    name: "playace",
    title: "PlayAce",
    gameTypes: ["SLOT", "LIVE_CASINO"],
    currency: "MMK3",
    status: "ACTIVATED",
    lobbyTypes: ["LIVE_CASINO"],
  },
  {
    code: 1221,
    provider: "SpadeGaming",
    providerId: 21,
    productId: 1250,
    name: "spadegaming",
    title: "Spade Gaming",
    gameTypes: ["SLOT", "FISHING"],
    currency: "MMK2",
    status: "ACTIVATED",
  },
  {
    code: 1225,
    provider: "Joker",
    providerId: 22,
    productId: 1252,
    name: "joker",
    title: "Joker",
    gameTypes: ["SLOT", "FISHING", "OTHER"],
    currency: "MMK",
    status: "ACTIVATED",
  },
];

/** The currency each product runs in by default (§8). */
export const PRODUCT_CURRENCIES: Readonly<Record<number, string>> = Object.fromEntries(PRODUCTS.map((p) => [p.code, p.currency]));

/** Products whose game codes are numeric strings, as PG Soft's "65", "74" (§8). */
const NUMERIC_CODES = new Set([1007, 1009, 1091, 1085, 1221]);

const FIRST = ["Golden", "Lucky", "Mandalay", "Ruby", "Jade", "Royal", "Shwe", "Irrawaddy", "Dragon", "Lotus", "Tiger", "Pagoda"];
const SECOND: Record<string, string[]> = {
  SLOT: ["Ways", "Fortune", "Riches", "Spins", "Treasure"],
  FISHING: ["Fishing", "Ocean Hunt", "Reef King"],
  LIVE_CASINO: ["Baccarat", "Roulette", "Dragon Tiger"],
  LIVE_CASINO_PREMIUM: ["VIP Baccarat", "Speed Roulette"],
  SPORT_BOOK: ["Sportsbook", "Football Live"],
  VIRTUAL_SPORT: ["Virtual League", "Virtual Racing"],
  POKER: ["Poker", "Shan Koe Mee", "Blackjack"],
  P2P: ["Rummy", "Teen Patti"],
  LOTTERY: ["Keno", "Lotto"],
  COCK_FIGHTING: ["Cockfight Arena"],
  OTHER: ["Aviator", "Plinko", "Mines"],
};

/** Game codes given outright (PG Soft's "65" and "74" as in the contract's examples). */
const FIXED_CODES: Record<number, string[]> = { 1007: ["65", "74", "89", "126"] };

/** How many games the simulator lists per product and game type. */
const GAMES_PER_TYPE = 4;

/** The simulator's state of the catalogue: products (statuses can be changed by tests) and games. */
export class Catalogue {
  readonly products: ProductSpec[];
  private readonly currencyOverrides: Record<number, string>;

  constructor(currencyOverrides: Record<number, string> = {}, statusOverrides: Record<number, ProductStatus> = {}) {
    this.products = PRODUCTS.map((p) => ({ ...p, status: statusOverrides[p.code] ?? p.status }));
    this.currencyOverrides = currencyOverrides;
  }

  product(code: number): ProductSpec | undefined {
    return this.products.find((p) => p.code === code);
  }

  currencyOf(code: number): string | undefined {
    return this.currencyOverrides[code] ?? this.product(code)?.currency;
  }

  setStatus(code: number, status: ProductStatus): void {
    const p = this.product(code);
    if (!p) throw new RangeError(`no product ${code}`);
    p.status = status;
  }

  entryType(code: number, gameType: string): 1 | 2 {
    return this.product(code)?.lobbyTypes?.includes(gameType) ? 2 : 1;
  }

  productRows(): ProductRow[] {
    const rows: ProductRow[] = [];
    for (const p of this.products) {
      for (const gameType of p.gameTypes) {
        rows.push({
          provider: p.provider,
          currency: this.currencyOf(p.code) ?? p.currency,
          status: p.status,
          provider_id: p.providerId,
          product_id: p.productId,
          product_code: p.code,
          product_name: p.name,
          game_type: gameType,
          product_title: p.title,
          entry_type: this.entryType(p.code, gameType),
        });
      }
    }
    return rows;
  }

  /** Every game of a product (optionally of one game type), image URLs under `imageBase`. */
  games(code: number, imageBase: string, gameType?: string): GameRow[] {
    const p = this.product(code);
    if (!p) return [];
    const currency = this.currencyOf(code) ?? p.currency;
    const rows: GameRow[] = [];
    p.gameTypes.forEach((type, typeIndex) => {
      if (gameType !== undefined && type !== gameType) return;
      const seconds = SECOND[type] ?? ["Game"];
      for (let i = 0; i < GAMES_PER_TYPE; i++) {
        const first = FIRST[(code + typeIndex * 5 + i * 7) % FIRST.length] as string;
        const second = seconds[i % seconds.length] as string;
        const gameCode =
          FIXED_CODES[code]?.[i] ??
          (NUMERIC_CODES.has(code)
            ? String(60 + typeIndex * 20 + i * 3 + (code % 7))
            : `${p.name.slice(0, 4)}_${type.toLowerCase()}_${i + 1}`);
        const row: GameRow = {
          game_code: gameCode,
          game_name: `${first} ${second}`,
          game_type: type,
          image_url: `${imageBase}/${code}/${type}/${encodeURIComponent(gameCode)}.svg`,
          product_id: p.productId,
          product_code: code,
          support_currency: currency,
          status: "ACTIVATED",
        };
        applyQuirks(row, code, i, imageBase);
        rows.push(row);
        // §7.3: the same game_code can repeat once per currency (PG Soft's first game is also listed in MMK).
        if (code === 1007 && i === 0) rows.push({ ...row, support_currency: "MMK" });
      }
    });
    return rows;
  }

  /** One game by product and code (the first listing when the code repeats). */
  game(code: number, gameCode: string, imageBase: string): GameRow | undefined {
    return this.games(code, imageBase).find((g) => g.game_code === gameCode);
  }
}

/** The game-list quirks of §7.3, in fixed places so tests can rely on them. */
function applyQuirks(row: GameRow, code: number, index: number, imageBase: string): void {
  // Jili lists its games for every currency at once.
  if (code === 1091) row.support_currency = "ALL";
  // Joker's games come in a comma-separated list of currencies; one of them is under maintenance,
  // one is switched off and one carries the truncated status G7 saw.
  if (code === 1225) {
    row.support_currency = "MMK,MMK2,THB";
    if (index === 1) row.status = "MAINTAINED";
    if (index === 2) row.status = "DEACTIVATED";
    if (index === 3) row.status = "ACTIVAT";
  }
  // BGaming adds per-language icons besides image_url.
  if (code === 1058) {
    const file = `${imageBase}/${code}/${row.game_type}/${encodeURIComponent(row.game_code)}.svg`;
    row.lang_icon = { en: file, my: `${file}?lang=my` };
  }
}

/** Escapes text for XML and HTML. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

/** A small square SVG tile for a game: a colour from its code, its name and its product. */
export function gameTileSvg(title: string, subtitle: string): string {
  let hash = 0;
  for (const c of `${title}${subtitle}`) hash = (hash * 31 + (c.codePointAt(0) ?? 0)) >>> 0;
  const hue = hash % 360;
  const words = title.split(" ");
  const lines =
    words.length > 1
      ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")]
      : [title];
  const text = lines
    .map(
      (line, i) =>
        `<text x="100" y="${92 + i * 28}" font-size="22" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,25%)"/></linearGradient></defs><rect width="200" height="200" rx="24" fill="url(#g)"/><circle cx="100" cy="44" r="18" fill="#ffd54a" opacity="0.9"/>${text}<text x="100" y="176" font-size="13" text-anchor="middle" fill="#ffe9a8">${escapeXml(subtitle)}</text></svg>`;
}
