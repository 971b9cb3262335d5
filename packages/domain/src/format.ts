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

export const YANGON_OFFSET_MINUTES = 390;

/** The Asia/Yangon calendar day of an instant, as YYYY-MM-DD (the request format). */
export function yangonDate(at: Date | string | number = new Date()): string {
  const t = new Date(at).getTime() + YANGON_OFFSET_MINUTES * 60_000;
  return new Date(t).toISOString().slice(0, 10);
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
  const local = new Date(t + YANGON_OFFSET_MINUTES * 60_000).toISOString();
  return `${formatDisplayDate(local.slice(0, 10))} ${local.slice(11, 16)}`;
}
