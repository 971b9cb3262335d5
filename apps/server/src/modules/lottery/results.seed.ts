import type { LotteryType } from "@shwe/contracts";
import { demoHash, drawsOnDay, type FeedValues, resultFromFeed, yangonDate } from "@shwe/domain";
import { z } from "zod";
import type { Config } from "../../config/env.ts";
import type { Db } from "../../db/client.ts";
import { addSeeder } from "../../db/seed.ts";
import { defineSetting, readSetting, storeSetting } from "../content/settings.service.ts";
import { readGames } from "./lottery-config.ts";
import { insertPastResults, type PastResultRow } from "./stats.repository.ts";

/**
 * Demo mode only, idempotent: settled results (from a demo feed, without bets) of every game on its
 * draw days of the last `demoResultDays` days, so the results calendar and the number statistics
 * have something to show. The values are a fixed function of the game and the draw time, so every
 * start writes the same numbers, and a draw that exists (of the scheduler or an operator) is kept.
 * The days seeded are noted, so a start on a day already seeded costs one read of that note.
 */

const DAY_MS = 86_400_000;

/** The demo results seeded last: through which day (the day before the start) and how many days back. */
const SEEDED = defineSetting("demo.past_results_seeded", z.object({ through: z.string(), days: z.number().int() }).nullable(), null);
const DEMO_FEED_URL = "demo://feed";

/** The demo's stable randomness: a 32-bit hash of a text, mixed (its low bits are used directly). */
const hash = (text: string) => demoHash(text, { mixed: true });

function decimal2(whole: number, cents: number): string {
  return `${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/** The demo feed's values at a draw time: SET index and value (2D, 1D), first prize (3D), BTC price (crypto). */
export function demoFeedValues(type: LotteryType, at: Date): FeedValues {
  const key = at.toISOString();
  const a = hash(`set|${key}`);
  const b = hash(`value|${key}`);
  switch (type) {
    case "2D":
    case "1D":
      return { setIndex: decimal2(1300 + (a % 250), a >>> 8), setValue: decimal2(28_000 + (b % 30_000), b >>> 8) };
    case "3D":
      return { firstPrize: String(hash(`tgl|${key}`) % 1_000_000).padStart(6, "0") };
    case "C2D":
    case "C1D":
      return { price: decimal2(88_000 + (a % 12_000), b) };
  }
}

export async function seedPastResults(db: Db, config: Config, today: Date = new Date()): Promise<number> {
  if (config.mode !== "demo" || config.demoResultDays <= 0) return 0;
  const todayStart = Date.parse(`${yangonDate(today)}T00:00:00Z`);
  const through = new Date(todayStart - DAY_MS).toISOString().slice(0, 10);
  const seeded = await readSetting(db, SEEDED);
  // Every draw day of these days was seeded at an earlier start (a game added since waits for tomorrow's start).
  if (seeded && seeded.through === through && seeded.days >= config.demoResultDays) return 0;
  const games = await readGames(db);
  const rows: PastResultRow[] = [];
  for (const game of games) {
    if (!game.schedule) continue;
    for (let i = config.demoResultDays; i >= 1; i--) {
      const day = new Date(todayStart - i * DAY_MS).toISOString().slice(0, 10);
      for (const draw of drawsOnDay(game.schedule, day)) {
        const values = demoFeedValues(game.type, draw.at);
        const fetchedAt = new Date(draw.at.getTime() + 5_000).toISOString();
        rows.push({
          type: game.type,
          drawAt: draw.at,
          closesAt: draw.closesAt,
          odds: game.odds,
          result: resultFromFeed(game.type, values),
          feedValues: { url: DEMO_FEED_URL, fetched_at: fetchedAt, values },
        });
      }
    }
  }
  const added = await insertPastResults(db, rows);
  await storeSetting(db, SEEDED, { through, days: config.demoResultDays });
  return added;
}

addSeeder(async (db, config) => {
  await seedPastResults(db, config);
});
