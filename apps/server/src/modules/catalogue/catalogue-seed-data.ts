import { DEFAULT_SCHEDULES, type LotteryGameType, type ScheduleConfig } from "@shwe/domain";

/**
 * The seeded catalogue: the nine categories with the spec's fixed ids, original fictional providers
 * (no real brands) and their games. Art lives in apps/web/public/img and ships with the web build.
 */
export interface SeedCategory {
  id: number;
  code: string;
  name: string;
  sort: number;
}

export const SEED_CATEGORIES: SeedCategory[] = [
  { id: 10, code: "sports", name: "Sports", sort: 1 },
  { id: 6, code: "live-casino", name: "Live Casino", sort: 2 },
  { id: 2, code: "slot", name: "Slot", sort: 3 },
  { id: 3, code: "fishing", name: "Fishing", sort: 4 },
  { id: 4, code: "arcade", name: "Arcade", sort: 5 },
  { id: 5, code: "table", name: "Table", sort: 6 },
  { id: 7, code: "crash", name: "Crash", sort: 7 },
  { id: 9, code: "bingo", name: "Bingo", sort: 8 },
  { id: 8, code: "lottery", name: "Lottery", sort: 9 },
];

export const categoryImage = (code: string) => `/img/categories/${code}.webp`;

export interface SeedGame {
  code: string;
  name: string;
  image: string;
}

export interface SeedProviderCategory {
  categoryId: number;
  hot: boolean;
  /** Generated games in this category (ignored when `games` is given). */
  count: number;
  games?: SeedGame[];
}

export interface SeedProvider {
  id: number;
  code: string;
  name: string;
  slug: string;
  sort: number;
  categories: SeedProviderCategory[];
}

/** The built-in provider (domain-rules §6): its two games are playable offline in the game overlay. */
export const HOUSE_PROVIDER_ID = 1;
export const HOUSE_GAMES = {
  slot: { code: "house-slot", name: "Golden Pagoda Slots", image: "/img/games/pagoda.webp" },
  crash: { code: "house-crash", name: "Rocket Crash", image: "/img/games/rocket.webp" },
} as const;

export const SEED_PROVIDERS: SeedProvider[] = [
  {
    id: HOUSE_PROVIDER_ID,
    code: "HOUSE",
    name: "Shwe House Games",
    slug: "shwe-house",
    sort: 1,
    categories: [
      { categoryId: 2, hot: true, count: 0, games: [HOUSE_GAMES.slot] },
      { categoryId: 7, hot: true, count: 0, games: [HOUSE_GAMES.crash] },
    ],
  },
  {
    id: 11,
    code: "GDG",
    name: "Golden Dragon Gaming",
    slug: "golden-dragon",
    sort: 2,
    categories: [
      { categoryId: 2, hot: true, count: 14 },
      { categoryId: 3, hot: true, count: 6 },
      { categoryId: 4, hot: false, count: 6 },
      { categoryId: 5, hot: false, count: 6 },
    ],
  },
  {
    id: 12,
    code: "AYL",
    name: "Ayeyar Live",
    slug: "ayeyar-live",
    sort: 3,
    categories: [
      { categoryId: 6, hot: true, count: 16 },
      { categoryId: 5, hot: false, count: 6 },
    ],
  },
  {
    id: 13,
    code: "MDS",
    name: "Mandalay Sports",
    slug: "mandalay-sports",
    sort: 4,
    categories: [{ categoryId: 10, hot: true, count: 18 }],
  },
  {
    id: 14,
    code: "BGF",
    name: "Bagan Fish",
    slug: "bagan-fish",
    sort: 5,
    categories: [
      { categoryId: 3, hot: true, count: 16 },
      { categoryId: 4, hot: false, count: 6 },
    ],
  },
  {
    id: 15,
    code: "ILS",
    name: "Inle Lotus Slots",
    slug: "inle-lotus",
    sort: 6,
    categories: [
      { categoryId: 2, hot: false, count: 24 },
      { categoryId: 9, hot: true, count: 8 },
    ],
  },
  {
    id: 16,
    code: "MRG",
    name: "Mogok Ruby Games",
    slug: "mogok-ruby",
    sort: 7,
    categories: [
      { categoryId: 2, hot: false, count: 12 },
      { categoryId: 7, hot: false, count: 6 },
      { categoryId: 4, hot: true, count: 10 },
    ],
  },
  {
    id: 17,
    code: "PTC",
    name: "Pyay Table Club",
    slug: "pyay-table",
    sort: 8,
    categories: [
      { categoryId: 5, hot: true, count: 14 },
      { categoryId: 6, hot: false, count: 6 },
    ],
  },
  {
    id: 18,
    code: "CHB",
    name: "Chinthe Bingo",
    slug: "chinthe-bingo",
    sort: 9,
    categories: [
      { categoryId: 9, hot: false, count: 12 },
      { categoryId: 8, hot: true, count: 8 },
    ],
  },
  {
    id: 19,
    code: "LPL",
    name: "Lucky Padauk Lotto",
    slug: "padauk-lotto",
    sort: 10,
    categories: [{ categoryId: 8, hot: false, count: 15 }],
  },
  {
    id: 20,
    code: "YAS",
    name: "Yangon Arena Sports",
    slug: "yangon-arena",
    sort: 11,
    categories: [
      { categoryId: 10, hot: false, count: 12 },
      { categoryId: 7, hot: true, count: 8 },
    ],
  },
];

export const providerImage = (slug: string) => `/img/providers/${slug}.webp`;
export const providerSecImage = (slug: string) => `/img/providers/${slug}-sec.webp`;

/** The reusable game tile artworks (300×300) in /img/games. */
export const GAME_ART = [
  "sevens",
  "cherries",
  "gems",
  "pagoda",
  "fish",
  "crab",
  "cards",
  "roulette",
  "dice",
  "rocket",
  "bingo",
  "football",
  "trophy",
] as const;

interface NamePool {
  first: string[];
  second: string[];
  art: (typeof GAME_ART)[number][];
}

/** Word pools per category code; names combine them, so every provider gets its own varied list. */
const NAME_POOLS: Record<string, NamePool> = {
  slot: {
    first: [
      "Golden",
      "Lucky",
      "Jade",
      "Royal",
      "Mystic",
      "Thunder",
      "Lotus",
      "Sapphire",
      "Emerald",
      "Midnight",
      "Blazing",
      "Sacred",
      "Silk Road",
      "Monsoon",
    ],
    second: [
      "Pagoda",
      "Tiger",
      "Riches",
      "Treasure",
      "Phoenix",
      "Elephant",
      "Spins",
      "Gems",
      "Temple",
      "Harvest",
      "Peacock",
      "Empire",
      "Reels",
      "Fortune",
    ],
    art: ["sevens", "cherries", "gems", "pagoda"],
  },
  fishing: {
    first: ["Deep Sea", "Golden Carp", "Coral", "Pearl", "Mermaid", "River", "Lantern", "Tidal", "Jade", "Shark Bay"],
    second: ["Hunter", "Catch", "Fortune", "Reef", "Party", "Legend", "Harvest", "Voyage", "Blast", "Quest"],
    art: ["fish", "crab"],
  },
  arcade: {
    first: ["Pixel", "Neon", "Turbo", "Candy", "Star", "Jungle", "Rocket", "Mini", "Magic", "Lucky"],
    second: ["Plinko", "Dash", "Mines", "Tower", "Keno", "Wheel", "Coins", "Hop", "Match", "Drop"],
    art: ["gems", "dice", "rocket", "cherries"],
  },
  table: {
    first: [
      "Baccarat",
      "Blackjack",
      "Roulette",
      "Sic Bo",
      "Dragon Tiger",
      "Three Card Poker",
      "Teen Patti",
      "Fan Tan",
      "Shan Koe Mee",
      "Hi-Lo",
    ],
    second: ["Classic", "Gold", "Speed", "VIP", "Squeeze", "Royal", "Multi-hand", "Express"],
    art: ["cards", "roulette", "dice"],
  },
  "live-casino": {
    first: ["Live Baccarat", "Live Roulette", "Live Sic Bo", "Live Dragon Tiger", "Live Blackjack", "Live Fan Tan", "Live Hi-Lo"],
    second: ["Jade Room", "Gold Room", "Ruby Hall", "Lotus Lounge", "Express", "VIP", "Classic"],
    art: ["cards", "roulette"],
  },
  sports: {
    first: ["Football", "Basketball", "Tennis", "Badminton", "Volleyball", "Esports", "Lethwei", "Cricket", "Table Tennis", "Chinlone"],
    second: ["Live", "Pre-match", "Outrights", "Parlay", "Specials", "Cup"],
    art: ["football", "trophy"],
  },
  crash: {
    first: ["Rocket", "Jet", "Balloon", "Comet", "Kite", "Moon", "Paper Plane", "Fire Dragon"],
    second: ["Crash", "Rush", "Launch", "Climb", "Boom", "Flight"],
    art: ["rocket"],
  },
  bingo: {
    first: ["Bingo 75", "Bingo 90", "Lucky Bingo", "Pattern Bingo", "Speed Bingo", "Jungle Bingo", "Pagoda Bingo", "Festival Bingo"],
    second: ["Classic", "Blast", "Party", "Jackpot", "Express", "Gold"],
    art: ["bingo"],
  },
  lottery: {
    first: ["Quick Pick", "Lucky 5", "Keno", "Fast Lotto", "Daily Draw", "Number Wheel", "Golden Ball", "Happy 8"],
    second: ["Express", "Classic", "Minute", "Gold", "Jackpot", "Turbo"],
    art: ["bingo", "sevens", "dice"],
  },
};

/**
 * The generated games of a provider in a category. Deterministic: the same provider always gets the
 * same names and codes, so seeding twice adds nothing.
 */
export function generateGames(provider: SeedProvider, categoryCode: string, count: number): SeedGame[] {
  const pool = NAME_POOLS[categoryCode];
  if (!pool) throw new Error(`no name pool for category ${categoryCode}`);
  const names = new Set<string>();
  const out: SeedGame[] = [];
  const F = pool.first.length;
  const S = pool.second.length;
  for (let k = 0; out.length < count && k < 4 * F * S; k++) {
    // A per-provider walk over the (first, second) grid, so lists differ between providers.
    const first = pool.first[(k + provider.id) % F] ?? "";
    const second = pool.second[(k * 3 + provider.id * 2 + Math.floor(k / F)) % S] ?? "";
    const name = `${first} ${second}`;
    if (names.has(name)) continue;
    names.add(name);
    const n = out.length + 1;
    const art = pool.art[(n + provider.id) % pool.art.length] ?? pool.art[0];
    out.push({
      code: `${provider.code.toLowerCase()}-${categoryCode}-${String(n).padStart(2, "0")}`,
      name,
      image: `/img/games/${art}.webp`,
    });
  }
  return out;
}

export interface SeedLotteryGame {
  type: LotteryGameType;
  name: string;
  odds: number;
  sort: number;
  schedule: ScheduleConfig;
}

/** The five lottery games with the house odds (domain-rules §3) and default schedules. */
export const SEED_LOTTERY_GAMES: SeedLotteryGame[] = [
  { type: "2D", name: "Thai 2D", odds: 85, sort: 1, schedule: DEFAULT_SCHEDULES["2D"] },
  { type: "1D", name: "Thai 1D", odds: 9, sort: 2, schedule: DEFAULT_SCHEDULES["1D"] },
  { type: "3D", name: "Thai 3D", odds: 600, sort: 3, schedule: DEFAULT_SCHEDULES["3D"] },
  { type: "C2D", name: "Crypto 2D", odds: 85, sort: 4, schedule: DEFAULT_SCHEDULES.C2D },
  { type: "C1D", name: "Crypto 1D", odds: 9, sort: 5, schedule: DEFAULT_SCHEDULES.C1D },
];
