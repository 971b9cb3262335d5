import type { FeedConfig, LotteryType } from "@shwe/contracts";
import { type FeedValues, resultFromFeed, type ScheduleConfig } from "@shwe/domain";
import type { Db } from "../../db/client.ts";
import { seedSetting } from "../content/settings.service.ts";
import { extractFeedValues, fetchFeedJson } from "./feed.ts";
import { FEED_SETTINGS, readFeedConfig, readGame } from "./lottery-config.ts";

/**
 * What the live market readings (modules/market) need of the lottery: a game's result feed and
 * schedule, and the running numbers of a feed document derived by the very rules a feed result
 * uses (feed.ts reads the values, resultFromFeed derives the number). A running number is never a
 * result: nothing here touches a draw.
 */

export interface LiveFeedSource {
  feed: FeedConfig;
  /** The game's schedule (draw days, off days), or null when the game is missing or its schedule unusable. */
  schedule: ScheduleConfig | null;
  enabled: boolean;
}

export async function readLiveFeedSource(db: Db, type: LotteryType): Promise<LiveFeedSource> {
  const [feed, game] = await Promise.all([readFeedConfig(db, type), readGame(db, type)]);
  return { feed, schedule: game?.schedule ?? null, enabled: game?.enabled ?? false };
}

/** The values of `type`'s feed fields in a feed document; throws naming the first missing one. */
export function feedValuesOf(type: LotteryType, doc: unknown, paths: FeedConfig["paths"]): FeedValues {
  return extractFeedValues(type, doc, paths);
}

/** The number the result rules would give `type` for these values (MALFORMED_VALUE on junk). */
export function runningNumberOf(type: LotteryType, values: FeedValues): string {
  return resultFromFeed(type, values);
}

/** Fetches a feed document over HTTP(S), as a feed result is fetched at draw time. */
export const fetchFeedDocument: (url: string, timeoutMs: number) => Promise<unknown> = fetchFeedJson;

/** Demo data: points a game's result feed at `url` unless an operator has set the feed already. */
export async function seedDemoFeedUrl(db: Db, type: LotteryType, url: string): Promise<void> {
  await seedSetting(db, FEED_SETTINGS[type], { ...FEED_SETTINGS[type].defaultValue, url });
}
