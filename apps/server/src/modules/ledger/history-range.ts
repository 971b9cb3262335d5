import { FIRST_DAY, isUsableDay, LAST_DAY } from "@shwe/contracts";
import { yangonDate, yangonDayBounds } from "@shwe/domain";
import { badRequest } from "../../lib/errors.ts";

const DAY_MS = 86_400_000;
/** The longest range a history call may ask for. */
const MAX_DAYS = 366;

/**
 * The instants of an inclusive range of Asia/Yangon days (api.md: start_date / end_date default to
 * today): from the first day's midnight to the midnight after the last day. A day that is not a real
 * calendar day from FIRST_DAY to LAST_DAY answers 400, whatever schema let it through.
 */
export function yangonDayRange(startDate: string | undefined, endDate: string | undefined, now: Date): { from: Date; to: Date } {
  const today = yangonDate(now);
  const start = startDate ?? endDate ?? today;
  const end = endDate ?? today;
  for (const [field, day] of [
    ["start_date", start],
    ["end_date", end],
  ] as const) {
    if (!isUsableDay(day)) {
      const message = `must be a real day from ${FIRST_DAY} to ${LAST_DAY} (YYYY-MM-DD)`;
      throw badRequest(`Invalid input: ${field} ${message}.`, { fields: [{ field, message }] });
    }
  }
  if (start > end) {
    throw badRequest("Invalid input: start_date must not be after end_date.", {
      fields: [{ field: "start_date", message: "must not be after end_date" }],
    });
  }
  const from = yangonDayBounds(start).start.getTime();
  const to = yangonDayBounds(end).end.getTime();
  if ((to - from) / DAY_MS > MAX_DAYS) {
    throw badRequest(`Invalid input: the date range may cover at most ${MAX_DAYS} days.`, {
      fields: [{ field: "start_date", message: `at most ${MAX_DAYS} days before end_date` }],
    });
  }
  return { from: new Date(from), to: new Date(to) };
}

/** A timestamp as the API sends it (ISO 8601). */
export function isoOf(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}
