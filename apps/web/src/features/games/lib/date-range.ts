import { isoInstant, yangonDate } from "@shwe/domain";

/** A report period: two Asia/Yangon days, YYYY-MM-DD, start ≤ end. */
export interface DateRange {
  start: string;
  end: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && isoInstant(parsed).startsWith(value);
}

/**
 * The period from the page address (?start_date&end_date); a missing or invalid day is today
 * (Asia/Yangon), a day after today is today, and a reversed period is put in order.
 */
export function rangeFromParams(params: URLSearchParams, today = yangonDate()): DateRange {
  const pick = (value: string | null) => (isDay(value) && value <= today ? value : today);
  const start = pick(params.get("start_date"));
  const end = pick(params.get("end_date"));
  return start <= end ? { start, end } : { start: end, end: start };
}

/** The query string of a period, for links that keep it (history → report and back). */
export function rangeQuery(range: DateRange): string {
  return new URLSearchParams({ start_date: range.start, end_date: range.end }).toString();
}
