import { yangonDate } from "@shwe/domain";

/** The Asia/Yangon day `days` before today, YYYY-MM-DD (a request date). */
export function daysAgo(days: number, from: number = Date.now()): string {
  return yangonDate(from - days * 86_400_000);
}

export interface DateRange {
  start: string;
  end: string;
}

/** A range whose start is never after its end (the later field wins when the player swaps them). */
export function orderedRange(range: DateRange): DateRange {
  return range.start <= range.end ? range : { start: range.end, end: range.start };
}
