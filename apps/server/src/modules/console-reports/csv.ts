/**
 * CSV (RFC 4180) for the console's report downloads: a header row, then one row per record, CRLF
 * line ends. Text cells are quoted when they hold a comma, quote or line break; text that a
 * spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading apostrophe.
 * Numbers are written as they are.
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [columns.map(csvCell), ...rows.map((r) => r.map(csvCell))].map((r) => r.join(","));
  return `${lines.join("\r\n")}\r\n`;
}
