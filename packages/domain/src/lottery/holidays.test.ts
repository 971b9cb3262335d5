import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HolidayFileError, MAX_HOLIDAY_FILE_BYTES, parseHolidayFile } from "./holidays.ts";

const today = "2026-11-26";
/** UTF-8 bytes of a text (the domain package has no TextEncoder); a lone surrogate gives no bytes. */
function utf8(text: string): Uint8Array {
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    return new Uint8Array();
  }
  const out: number[] = [];
  for (let i = 0; i < encoded.length; ) {
    if (encoded[i] === "%") {
      out.push(Number.parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      out.push(encoded.charCodeAt(i));
      i++;
    }
  }
  return new Uint8Array(out);
}
const parse = (text: string, fileName?: string) => parseHolidayFile(utf8(text), { today, ...(fileName ? { fileName } : {}) });

function refusal(fn: () => unknown): HolidayFileError {
  try {
    fn();
  } catch (err) {
    if (err instanceof HolidayFileError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("holiday files", () => {
  it("reads CSV date,name with a header, quotes and blank lines, in date order", () => {
    const text =
      'date,name\r\n2026-12-31,"New Year\'s Eve"\r\n\r\n2026-12-10,"Constitution Day, observed"\r\n2026/12/05,King\'s Birthday\n';
    expect(parse(text)).toEqual([
      { day: "2026-12-05", name: "King's Birthday", line: 5 },
      { day: "2026-12-10", name: "Constitution Day, observed", line: 4 },
      { day: "2026-12-31", name: "New Year's Eve", line: 2 },
    ]);
  });

  it("reads iCalendar VEVENTs with DTSTART;VALUE=DATE and folded summaries", () => {
    const text = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "BEGIN:VEVENT",
      "DTSTART;VALUE=DATE:20261205",
      "SUMMARY:King Bhumibol",
      "  Memorial Day",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "SUMMARY:Constitution Day",
      "DTSTART;VALUE=DATE:20261210",
      "DTEND;VALUE=DATE:20261211",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    expect(parse(text, "set-2026.ics")).toEqual([
      { day: "2026-12-05", name: "King Bhumibol Memorial Day", line: 4 },
      { day: "2026-12-10", name: "Constitution Day", line: 10 },
    ]);
  });

  it("refuses a line that is not a date, naming it", () => {
    const err = refusal(() => parse("date,name\n2026-12-05,A\n5 Dec 2026,B\n"));
    expect(err.code).toBe("NOT_A_DATE");
    expect(err.line).toBe(3);
    expect(err.message).toMatch(/^Line 3: "5 Dec 2026" is not a date/);
    expect(refusal(() => parse("2026-02-30,No such day\n")).line).toBe(1);
    const ics = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART;VALUE=DATE:2026120\nEND:VEVENT\nEND:VCALENDAR";
    expect(refusal(() => parse(ics)).line).toBe(3);
  });

  it("refuses a file that is not UTF-8, naming the line of the bad bytes", () => {
    const bytes = new Uint8Array([...utf8("2026-12-05,A\n2026-12-06,"), 0xe0, 0x41, ...utf8("\n")]);
    const err = refusal(() => parseHolidayFile(bytes, { today }));
    expect(err.code).toBe("FILE_ENCODING");
    expect(err.line).toBe(2);
  });

  it("refuses a file that is too large", () => {
    const big = "2026-12-05,x\n".repeat(Math.ceil(MAX_HOLIDAY_FILE_BYTES / 13) + 1);
    expect(refusal(() => parse(big)).code).toBe("FILE_TOO_LARGE");
  });

  it("refuses an empty file and a file with only a header", () => {
    expect(refusal(() => parse("")).code).toBe("FILE_EMPTY");
    expect(refusal(() => parse(" \n\r\n")).code).toBe("FILE_EMPTY");
    expect(refusal(() => parse("date,name\n")).code).toBe("FILE_EMPTY");
    expect(refusal(() => parse("BEGIN:VCALENDAR\nEND:VCALENDAR\n")).code).toBe("FILE_EMPTY");
  });

  it("refuses a date given twice, naming both lines", () => {
    const err = refusal(() => parse("2026-12-05,A\n2026-12-10,B\n20261205,C\n"));
    expect(err.code).toBe("DUPLICATE_DATE");
    expect(err.line).toBe(3);
    expect(err.message).toContain("line 1");
  });

  it("refuses a past date but takes today", () => {
    const err = refusal(() => parse("2026-11-26,Today\n2026-11-25,Yesterday\n"));
    expect(err.code).toBe("PAST_DATE");
    expect(err.line).toBe(2);
    expect(parse("2026-11-26,Today\n")).toHaveLength(1);
  });

  it("reads Burmese and Thai names as UTF-8", () => {
    expect(parse("2026-12-05,ဗိုလ်ချုပ်နေ့\n2026-12-10,วันรัฐธรรมนูญ\n").map((h) => h.name)).toEqual(["ဗိုလ်ချုပ်နေ့", "วันรัฐธรรมนูญ"]);
    // An overlong form of "/" and a cut-off sequence are not UTF-8.
    expect(refusal(() => parseHolidayFile(new Uint8Array([0x32, 0xc0, 0xaf]), { today })).code).toBe("FILE_ENCODING");
    expect(refusal(() => parseHolidayFile(new Uint8Array([0x0a, 0x0a, 0xe1, 0x80]), { today })).line).toBe(3);
  });

  it("never crashes on junk: it answers holidays or a HolidayFileError", () => {
    const junk = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.string({ maxLength: 300 }).map(utf8),
      fc
        .array(
          fc.oneof(
            fc.constantFrom("BEGIN:VCALENDAR", "BEGIN:VEVENT", "END:VEVENT", "DTSTART;VALUE=DATE:20261205", " x", "2026-12-05,a", '"', ","),
            fc.string(),
          ),
          { maxLength: 20 },
        )
        .map((parts) => utf8(parts.join("\n"))),
    );
    fc.assert(
      fc.property(junk, fc.constantFrom(undefined, "h.ics", "h.csv"), (bytes, fileName) => {
        try {
          const out = parseHolidayFile(bytes, { today, ...(fileName ? { fileName } : {}) });
          for (const h of out) expect(h.day >= today).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(HolidayFileError);
        }
      }),
      { numRuns: 500 },
    );
  });
});
