/** Whole kyat with thousands separators: 1234567 → "1,234,567" (floors fractional input). */
export function formatAmount(value: number | string | null | undefined): string {
  const n = typeof value === "string" ? Number(value) : (value ?? 0);
  if (!Number.isFinite(n)) return "0";
  const whole = Math.trunc(n) === n ? n : Math.floor(n);
  const sign = whole < 0 ? "-" : "";
  const digits = String(Math.abs(whole));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Points and claimable balance are shown rounded down (spec §5). */
export function formatFloor(value: number | string | null | undefined): string {
  const n = typeof value === "string" ? Number(value) : (value ?? 0);
  return formatAmount(Number.isFinite(n) ? Math.floor(n) : 0);
}

/**
 * Asia/Yangon is UTC+06:30 all year (no daylight saving). The Yangon day, its bounds and its wall time
 * are computed here only (yangonDate, yangonDayBounds, yangonTime, yangonInstant); SQL names a row's Yangon day
 * through the server's db/yangon-day.ts (the same rule, `(t AT TIME ZONE 'UTC') + interval '390 minutes'`),
 * as does bet_place's off-day rule in the money functions.
 */
export const YANGON_OFFSET_MINUTES = 390;
const YANGON_OFFSET_MS = YANGON_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * `new Date(time).toISOString()`, written from the instant's UTC fields (years 0 to 9999; the rest, and
 * an invalid time, go to the browser's own, which throws RangeError for the latter as before).
 *
 * A browser's first date-to-text conversion of a page (toISOString, toJSON, toString, …) loads its
 * date formatting: 17–40 ms on a desktop CPU in Chromium 156, ten times that on a cheap phone, in the
 * middle of the page's start (bench/README.md, "The first date written as text"). Reading the fields
 * costs nothing, so what runs while a page starts writes instants through this.
 */
export function isoInstant(time: number | Date): string {
  const d = new Date(time);
  const year = d.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return d.toISOString();
  return (
    `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}Z`
  );
}

/** The instant as Yangon wall time, written as if it were UTC (an ISO string of the local day and time). */
function yangonLocal(at: Date | string | number): string {
  return isoInstant(new Date(at).getTime() + YANGON_OFFSET_MS);
}

/** The Asia/Yangon calendar day of an instant, as YYYY-MM-DD (the request format). */
export function yangonDate(at: Date | string | number = new Date()): string {
  return yangonLocal(at).slice(0, 10);
}

/** "HH:MM" of an instant in Asia/Yangon time. */
export function yangonTime(at: Date | string | number): string {
  return yangonLocal(at).slice(11, 16);
}

/** The instants [start, end) of an Asia/Yangon day written YYYY-MM-DD: its first instant and the next day's. */
export function yangonDayBounds(day: string): { start: Date; end: Date } {
  const start = Date.parse(`${day}T00:00:00Z`) - YANGON_OFFSET_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/** The instant of a Yangon wall-clock time ("HH:MM") on a Yangon day written YYYY-MM-DD. */
export function yangonInstant(day: string, time: string): Date {
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new Date(yangonDayBounds(day).start.getTime() + (hh * 60 + mm) * 60_000);
}

/** DD-MM-YYYY for display, from an instant (Asia/Yangon day) or a YYYY-MM-DD day. */
export function formatDisplayDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const day = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : yangonDate(value);
  if (Number.isNaN(Date.parse(day))) return "";
  const [y, m, d] = day.split("-");
  return `${d}-${m}-${y}`;
}

/** DD-MM-YYYY HH:mm in Asia/Yangon time. */
export function formatDisplayDateTime(value: Date | string | number): string {
  const t = new Date(value).getTime();
  if (Number.isNaN(t)) return "";
  return `${formatDisplayDate(yangonDate(t))} ${yangonTime(t)}`;
}
