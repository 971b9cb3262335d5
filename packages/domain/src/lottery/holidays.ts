import { isCalendarDay } from "./schedule.ts";

/**
 * The exchange's holiday file an operator uploads (CSV `date,name` or iCalendar VEVENTs with
 * `DTSTART;VALUE=DATE`), read into the off days of the games that follow that market. Every refusal
 * names the line of the file it is about, so the operator can correct the file.
 */

/** Larger files are refused: a year of holidays is a few hundred bytes. */
export const MAX_HOLIDAY_FILE_BYTES = 64 * 1024;
/** At most this many holidays in one file. */
export const MAX_HOLIDAYS_PER_FILE = 400;

export type HolidayFileErrorCode =
  | "FILE_EMPTY"
  | "FILE_TOO_LARGE"
  | "FILE_ENCODING"
  | "FILE_FORMAT"
  | "NOT_A_DATE"
  | "DUPLICATE_DATE"
  | "PAST_DATE"
  | "TOO_MANY_HOLIDAYS";

export class HolidayFileError extends Error {
  override name = "HolidayFileError";
  constructor(
    readonly code: HolidayFileErrorCode,
    message: string,
    /** The 1-based line of the file the refusal is about (none for the file as a whole). */
    readonly line?: number,
  ) {
    super(line === undefined ? message : `Line ${line}: ${message}`);
  }
}

export interface Holiday {
  /** YYYY-MM-DD. */
  day: string;
  name: string;
  /** The 1-based line of the file the holiday was read from. */
  line: number;
}

export type HolidayFileFormat = "csv" | "ics";

/** The text of a UTF-8 file (strict: overlong forms, surrogates and cut sequences are refused, naming the line). */
function decodeUtf8(bytes: Uint8Array): string {
  const parts: string[] = [];
  let line = 1;
  let i = 0;
  const refuse = () => {
    throw new HolidayFileError("FILE_ENCODING", "the file is not UTF-8 text (save it as UTF-8 CSV or .ics).", line);
  };
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    let len: number;
    let cp: number;
    let min: number;
    if (b < 0x80) [len, cp, min] = [1, b, 0];
    else if (b >= 0xc2 && b <= 0xdf) [len, cp, min] = [2, b & 0x1f, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [len, cp, min] = [3, b & 0x0f, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [len, cp, min] = [4, b & 0x07, 0x10000];
    else return refuse();
    for (let k = 1; k < len; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return refuse();
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return refuse();
    if (cp === 0x0a) line++;
    parts.push(String.fromCodePoint(cp));
    i += len;
  }
  return parts.join("");
}

/** ICS when the text begins with BEGIN:VCALENDAR (or the name ends .ics), CSV otherwise. */
export function holidayFileFormat(text: string, fileName?: string): HolidayFileFormat {
  if (/^\s*BEGIN:VCALENDAR/i.test(text)) return "ics";
  return fileName?.toLowerCase().endsWith(".ics") ? "ics" : "csv";
}

/** Accepts YYYY-MM-DD, YYYY/MM/DD and YYYYMMDD; answers YYYY-MM-DD or null. */
function dayOf(text: string): string | null {
  const m = /^(\d{4})[-/]?(\d{2})[-/]?(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  return isCalendarDay(day) ? day : null;
}

/** One CSV field list of a line: commas split, double quotes group ("" is a quote). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out.map((f) => f.trim());
}

function parseCsv(lines: string[]): Holiday[] {
  const out: Holiday[] = [];
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === "" || raw.trim().startsWith("#")) return;
    const [first = "", ...rest] = csvFields(raw);
    const day = dayOf(first);
    if (!day) {
      // A header row (date,name) is allowed as the first row with content.
      if (out.length === 0 && /^[a-z _]+$/i.test(first) && !lines.slice(0, i).some((l) => l.trim() !== "")) return;
      throw new HolidayFileError("NOT_A_DATE", `"${first.slice(0, 40)}" is not a date (write YYYY-MM-DD).`, line);
    }
    out.push({ day, name: rest.join(", ").slice(0, 120), line });
  });
  return out;
}

/** iCalendar: unfolds continuation lines, reads DTSTART (and SUMMARY) of every VEVENT. */
function parseIcs(lines: string[]): Holiday[] {
  const out: Holiday[] = [];
  let event: { line: number; day?: string; dayLine?: number; name: string } | null = null;
  const unfolded: { text: string; line: number }[] = [];
  lines.forEach((text, i) => {
    const last = unfolded[unfolded.length - 1];
    if ((text.startsWith(" ") || text.startsWith("\t")) && last) last.text += text.slice(1);
    else unfolded.push({ text, line: i + 1 });
  });
  if (!unfolded.some((l) => /^BEGIN:VCALENDAR$/i.test(l.text.trim()))) {
    throw new HolidayFileError("FILE_FORMAT", "an iCalendar file must begin with BEGIN:VCALENDAR.", 1);
  }
  for (const { text, line } of unfolded) {
    const trimmed = text.trim();
    const colon = trimmed.indexOf(":");
    const head = (colon < 0 ? trimmed : trimmed.slice(0, colon)).toUpperCase();
    const value = colon < 0 ? "" : trimmed.slice(colon + 1);
    const [prop = "", ...params] = head.split(";");
    if (prop === "BEGIN" && value.toUpperCase() === "VEVENT") {
      event = { line, name: "" };
    } else if (prop === "END" && value.toUpperCase() === "VEVENT") {
      if (!event) throw new HolidayFileError("FILE_FORMAT", "END:VEVENT without BEGIN:VEVENT.", line);
      if (!event.day) throw new HolidayFileError("NOT_A_DATE", "this event has no DTSTART date.", event.line);
      out.push({ day: event.day, name: event.name.slice(0, 120), line: event.dayLine ?? event.line });
      event = null;
    } else if (event && prop === "DTSTART") {
      // A whole-day holiday: DTSTART;VALUE=DATE:20261205 (a date-time keeps its date).
      const isDate = params.includes("VALUE=DATE") || /^\d{8}$/.test(value.trim());
      const day = isDate ? dayOf(value) : dayOf(value.trim().slice(0, 8));
      if (!day) throw new HolidayFileError("NOT_A_DATE", `"${value.slice(0, 40)}" is not a date (DTSTART;VALUE=DATE:YYYYMMDD).`, line);
      event.day = day;
      event.dayLine = line;
    } else if (event && prop === "SUMMARY") {
      event.name = value.replace(/\\([,;\\])/g, "$1").replace(/\\n/gi, " ");
    }
  }
  if (event) throw new HolidayFileError("FILE_FORMAT", "BEGIN:VEVENT without END:VEVENT.", event.line);
  return out;
}

/**
 * Reads a holiday file. Refuses (HolidayFileError, naming the line) a file that is empty, larger
 * than MAX_HOLIDAY_FILE_BYTES, not UTF-8, has a line that is not a date, a date twice, or a date
 * before `today` (YYYY-MM-DD, Asia/Yangon). Answers the holidays in date order.
 */
export function parseHolidayFile(bytes: Uint8Array, opts: { today: string; fileName?: string }): Holiday[] {
  if (bytes.length > MAX_HOLIDAY_FILE_BYTES) {
    throw new HolidayFileError("FILE_TOO_LARGE", `the file is larger than ${MAX_HOLIDAY_FILE_BYTES / 1024} KB.`);
  }
  const text = decodeUtf8(bytes).replace(/^\uFEFF/, "");
  if (text.trim() === "") throw new HolidayFileError("FILE_EMPTY", "the file is empty.");
  const lines = text.split(/\r\n|\r|\n/);
  const holidays = holidayFileFormat(text, opts.fileName) === "ics" ? parseIcs(lines) : parseCsv(lines);
  if (holidays.length === 0) throw new HolidayFileError("FILE_EMPTY", "the file holds no holiday.");
  if (holidays.length > MAX_HOLIDAYS_PER_FILE) {
    throw new HolidayFileError("TOO_MANY_HOLIDAYS", `the file holds more than ${MAX_HOLIDAYS_PER_FILE} holidays.`);
  }
  const seen = new Map<string, number>();
  for (const h of holidays) {
    const first = seen.get(h.day);
    if (first !== undefined) throw new HolidayFileError("DUPLICATE_DATE", `${h.day} is already on line ${first}.`, h.line);
    seen.set(h.day, h.line);
    if (h.day < opts.today)
      throw new HolidayFileError("PAST_DATE", `${h.day} has passed; only today or later days can be off days.`, h.line);
  }
  return [...holidays].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}
