import type { LotteryType } from "@shwe/contracts";
import { nextDraw, parseScheduleConfig, ScheduleConfigError } from "@shwe/domain";
import type { Db } from "../../db/client.ts";
import { nextDrawTimes } from "../lottery/public.service.ts";
import { selectEnabledLotteryGames } from "./catalogue.repository.ts";

export interface LotteryListItem {
  type: LotteryType;
  name: string;
  odds: number;
  next_draw_at: string | null;
}

/**
 * The enabled lottery games with their odds and next draw after `now`: the next draw the scheduler
 * has created, or else the next one of the game's schedule. A game whose stored schedule is unusable
 * (or has no draw in sight) answers next_draw_at: null and is reported through `onBadSchedule`.
 */
export async function lotteryList(db: Db, now: Date, onBadSchedule: (type: string, err: Error) => void): Promise<LotteryListItem[]> {
  const rows = await selectEnabledLotteryGames(db);
  const created = await nextDrawTimes(db, now);
  return rows.map((row) => {
    let nextAt: string | null = created.get(row.type)?.toISOString() ?? null;
    if (nextAt !== null) return { type: row.type, name: row.name, odds: row.odds, next_draw_at: nextAt };
    try {
      nextAt = nextDraw(parseScheduleConfig(row.schedule), now)?.at.toISOString() ?? null;
    } catch (err) {
      if (!(err instanceof ScheduleConfigError)) throw err;
      onBadSchedule(row.type, err);
    }
    return { type: row.type, name: row.name, odds: row.odds, next_draw_at: nextAt };
  });
}
