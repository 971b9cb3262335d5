import { type FeedConfig, feedConfigSchema, type LotteryType, type SlipLimits, slipLimitsSchema } from "@shwe/contracts";
import {
  DEFAULT_SLIP_LIMITS,
  LOTTERY_TYPES,
  parseScheduleConfig,
  type ScheduleConfig,
  ScheduleConfigError,
  type SlipRules,
} from "@shwe/domain";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { defineSetting, readSetting, readSettings, type SettingDef } from "../content/settings.service.ts";
import { type LotteryGameRow, selectLotteryGame, selectLotteryGames, selectLotteryGameWithSetting } from "./lottery-games.repository.ts";

/**
 * Per-game configuration of the lotteries: the lottery_games row (name, odds, enabled, schedule,
 * result source) and the operator settings keyed by game: stake limits `lottery.limits.<type>` and
 * the result feed `lottery.feed.<type>`; plus `lottery.points` (kyat of settled stake per point).
 */

const limitsSettingSchema = slipLimitsSchema.refine((l) => l.min_stake <= l.max_stake, "min_stake must not exceed max_stake");

export const DEFAULT_LIMITS: SlipLimits = {
  min_stake: DEFAULT_SLIP_LIMITS.minStake,
  max_stake: DEFAULT_SLIP_LIMITS.maxStake,
  max_lines: DEFAULT_SLIP_LIMITS.maxLines,
  number_cap: DEFAULT_SLIP_LIMITS.numberCap,
  hot_cap: DEFAULT_SLIP_LIMITS.hotCap,
};

/** Where each game's feed value is found by default (a feed answering {"setIndex": …, "setValue": …} etc.). */
const DEFAULT_FEED_PATHS: Record<LotteryType, FeedConfig["paths"]> = {
  "1D": { setIndex: "setIndex", setValue: "setValue" },
  "2D": { setIndex: "setIndex", setValue: "setValue" },
  "3D": { firstPrize: "firstPrize" },
  C1D: { price: "price" },
  C2D: { price: "price" },
};

function byType<T>(make: (type: LotteryType) => T): Record<LotteryType, T> {
  return Object.fromEntries(LOTTERY_TYPES.map((t) => [t, make(t)])) as Record<LotteryType, T>;
}

export const LIMITS_SETTINGS: Record<LotteryType, SettingDef<SlipLimits>> = byType((type) =>
  defineSetting(`lottery.limits.${type}`, limitsSettingSchema, DEFAULT_LIMITS),
);

export const FEED_SETTINGS: Record<LotteryType, SettingDef<FeedConfig>> = byType((type) =>
  defineSetting(`lottery.feed.${type}`, feedConfigSchema, { url: null, paths: DEFAULT_FEED_PATHS[type], timeout_ms: 5000 }),
);

/** Points earned from settled lottery stakes: one point per `kyat_per_point` kyat (domain-rules §7). */
export const POINTS_SETTING = defineSetting("lottery.points", z.object({ kyat_per_point: z.number().int().min(1).max(1_000_000_000) }), {
  kyat_per_point: 1000,
});

export interface GameConfig {
  type: LotteryType;
  name: string;
  odds: number;
  enabled: boolean;
  resultSource: "manual" | "feed" | "fair";
  /** The parsed schedule, or null when the stored one is unusable (no draws are made then). */
  schedule: ScheduleConfig | null;
  scheduleError: string | null;
  raw: LotteryGameRow;
}

function toConfig(row: LotteryGameRow): GameConfig {
  let schedule: ScheduleConfig | null = null;
  let scheduleError: string | null = null;
  try {
    schedule = parseScheduleConfig(row.schedule);
  } catch (err) {
    if (!(err instanceof ScheduleConfigError)) throw err;
    scheduleError = err.message;
  }
  return {
    type: row.type,
    name: row.name,
    odds: row.odds,
    enabled: row.enabled,
    resultSource: row.resultSource,
    schedule,
    scheduleError,
    raw: row,
  };
}

export async function readGame(db: Db, type: LotteryType): Promise<GameConfig | undefined> {
  const row = await selectLotteryGame(db, type);
  return row ? toConfig(row) : undefined;
}

export async function readGames(db: Db): Promise<GameConfig[]> {
  return (await selectLotteryGames(db)).map(toConfig);
}

export async function readLimits(db: Db, type: LotteryType): Promise<SlipLimits> {
  return readSetting(db, LIMITS_SETTINGS[type]);
}

/** A game and its stake limits in one read (what readGame and readLimits answer). */
export interface GameAndLimits {
  game: GameConfig | undefined;
  limits: SlipLimits;
  /** The md5 of the game row and of the limits setting as read (none when the game does not exist). */
  fingerprint?: { game: string; limits: string | null };
}

export async function readGameAndLimits(db: Db, type: LotteryType): Promise<GameAndLimits> {
  const key = LIMITS_SETTINGS[type].key;
  const row = await selectLotteryGameWithSetting(db, type, key);
  if (!row) return { game: undefined, limits: await readLimits(db, type) };
  // As readSetting: a missing or malformed value reads as the default.
  const parsed = row.setting === null || row.setting === undefined ? undefined : LIMITS_SETTINGS[type].schema.safeParse(row.setting);
  return {
    game: toConfig(row.game),
    limits: parsed?.success ? parsed.data : LIMITS_SETTINGS[type].defaultValue,
    fingerprint: { game: row.gameMd5, limits: row.settingMd5 },
  };
}

export async function readAllLimits(db: Db): Promise<Record<LotteryType, SlipLimits>> {
  return readSettings(db, LIMITS_SETTINGS) as Promise<Record<LotteryType, SlipLimits>>;
}

export async function readFeedConfig(db: Db, type: LotteryType): Promise<FeedConfig> {
  return readSetting(db, FEED_SETTINGS[type]);
}

/** The slip rules of a draw for the pure checks (caps, stakes, hot and blocked numbers, stakes placed so far). */
export function slipRulesOf(
  type: LotteryType,
  limits: SlipLimits,
  rules: { hot: ReadonlySet<string>; blocked: ReadonlySet<string> },
  staked: ReadonlyMap<string, number>,
): SlipRules {
  return {
    type,
    minStake: limits.min_stake,
    maxStake: limits.max_stake,
    maxLines: limits.max_lines,
    numberCap: limits.number_cap,
    hotCap: limits.hot_cap,
    hot: rules.hot,
    blocked: rules.blocked,
    staked,
  };
}

/** The limits as the board shows them (the hot cap never above the number cap). */
export function boardLimits(limits: SlipLimits): SlipLimits {
  return { ...limits, hot_cap: Math.min(limits.hot_cap, limits.number_cap) };
}
