import { YANGON_OFFSET_MINUTES, yangonDate, yangonDayBounds } from "@shwe/domain";
import { type SQL, sql } from "drizzle-orm";

/**
 * The Asia/Yangon day on the SQL side (decision 0025): the one place SQL writes the Yangon offset.
 * A query groups rows by `yangonDayOf(column)`; the instants it compares them with ("today", the
 * last n days) are computed here in TypeScript from the server's clock (`ctx.clock.now()`, passed
 * down), with the domain's `yangonDate` / `yangonDayBounds`, and sent as parameters, so the
 * database's own clock (`now()`) never decides which day it is.
 *
 * Asia/Yangon is UTC+06:30 all year (no daylight saving), so the fixed offset gives the same day
 * strings as `at time zone 'Asia/Yangon'`, whatever the session's time zone.
 */

const DAY_MS = 86_400_000;

/** The Asia/Yangon day of a timestamptz expression (a column, as `sql\`j.created_at\``), as YYYY-MM-DD text. */
export function yangonDayOf(column: SQL): SQL {
  return sql`to_char((${column} at time zone 'UTC') + ${sql.raw(`interval '${YANGON_OFFSET_MINUTES} minutes'`)}, 'YYYY-MM-DD')`;
}

/** The first instant (00:00 Yangon) of the Asia/Yangon day holding `now`. */
export function yangonDayStart(now: Date): Date {
  return yangonDayBounds(yangonDate(now)).start;
}

/** The first instant of the last `days` Asia/Yangon days up to the one holding `now` (days = 1: today's start). */
export function yangonDaysStart(now: Date, days: number): Date {
  return new Date(yangonDayStart(now).getTime() - (days - 1) * DAY_MS);
}
