import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatAmount,
  formatDisplayDate,
  formatDisplayDateTime,
  formatFloor,
  isoInstant,
  yangonDate,
  yangonDayBounds,
  yangonInstant,
  yangonTime,
} from "./format.ts";

describe("formatAmount", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [1234567, "1,234,567"],
    [-2500, "-2,500"],
    [10_000_000_000, "10,000,000,000"],
    ["5000", "5,000"],
  ])("%j → %s", (v, out) => expect(formatAmount(v)).toBe(out));

  it("removing the commas gives the number back", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(Number(formatAmount(n).replaceAll(",", ""))).toBe(n);
      }),
    );
  });
  it("groups digits in threes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 }), (n) => {
        const groups = formatAmount(n).split(",");
        expect(groups.slice(1).every((g) => g.length === 3)).toBe(true);
        expect(groups[0]?.length).toBeGreaterThan(0);
        expect(groups[0]?.length).toBeLessThanOrEqual(3);
      }),
    );
  });
});

describe("formatFloor", () => {
  it("rounds down", () => {
    expect(formatFloor(1999.99)).toBe("1,999");
    expect(formatFloor("12.5")).toBe("12");
    expect(formatFloor(undefined)).toBe("0");
  });
});

describe("dates", () => {
  it("uses the Asia/Yangon day", () => {
    // 2026-01-31 18:00 UTC is 2026-02-01 00:30 in Yangon.
    expect(yangonDate("2026-01-31T18:00:00Z")).toBe("2026-02-01");
    expect(yangonDate("2026-01-31T17:29:00Z")).toBe("2026-01-31");
  });
  it("shows DD-MM-YYYY", () => {
    expect(formatDisplayDate("2026-11-21")).toBe("21-11-2026");
    expect(formatDisplayDate("2026-11-20T20:00:00Z")).toBe("21-11-2026");
    expect(formatDisplayDate(null)).toBe("");
    expect(formatDisplayDateTime("2026-11-21T05:30:00Z")).toBe("21-11-2026 12:00");
  });
  it("bounds a Yangon day from 00:00 to the next 00:00 (UTC+06:30) and reads its wall time", () => {
    expect(yangonDayBounds("2026-02-01")).toEqual({ start: new Date("2026-01-31T17:30:00Z"), end: new Date("2026-02-01T17:30:00Z") });
    expect(yangonTime("2026-01-31T17:29:00Z")).toBe("23:59");
    expect(yangonTime("2026-01-31T17:30:00Z")).toBe("00:00");
  });
  it("puts every instant inside the bounds of its own Yangon day, at its wall time", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }), (d) => {
        const { start, end } = yangonDayBounds(yangonDate(d));
        expect(start.getTime() <= d.getTime() && d.getTime() < end.getTime()).toBe(true);
        const minutes = (d.getTime() - start.getTime()) / 60_000;
        expect(yangonTime(d)).toBe(
          `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(Math.floor(minutes % 60)).padStart(2, "0")}`,
        );
      }),
    );
  });
  it("reads a Yangon day and wall time back as the instant it names (the inverse of yangonDate and yangonTime)", () => {
    expect(yangonInstant("2026-02-01", "00:00")).toEqual(new Date("2026-01-31T17:30:00Z"));
    expect(yangonInstant("2026-03-20", "16:30")).toEqual(new Date("2026-03-20T10:00:00Z"));
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }), (d) => {
        const minute = new Date(Math.floor(d.getTime() / 60_000) * 60_000);
        expect(yangonInstant(yangonDate(minute), yangonTime(minute))).toEqual(minute);
      }),
    );
  });
  it("round-trips any day", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }), (d) => {
        const day = yangonDate(d);
        const [dd, mm, yyyy] = formatDisplayDate(day).split("-");
        expect(`${yyyy}-${mm}-${dd}`).toBe(day);
      }),
    );
  });
});

describe("isoInstant", () => {
  it("writes any instant exactly as toISOString does", () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (d) => {
        expect(isoInstant(d)).toBe(d.toISOString());
        expect(isoInstant(d.getTime())).toBe(d.toISOString());
      }),
      { numRuns: 2000 },
    );
  });
  it.each([
    [0, "1970-01-01T00:00:00.000Z"],
    [Date.UTC(2026, 10, 27, 6, 5, 4, 3), "2026-11-27T06:05:04.003Z"],
    [Date.UTC(2026, 0, 1, 0, 0, 0, 45), "2026-01-01T00:00:00.045Z"],
    [Date.UTC(9999, 11, 31, 23, 59, 59, 999), "9999-12-31T23:59:59.999Z"],
    [Date.UTC(10000, 0, 1), "+010000-01-01T00:00:00.000Z"],
    [-1, "1969-12-31T23:59:59.999Z"],
    [Date.UTC(-1, 0, 1), "-000001-01-01T00:00:00.000Z"],
  ])("%d → %s", (time, text) => {
    expect(isoInstant(time)).toBe(text);
  });
  it("refuses an invalid time as toISOString does", () => {
    expect(() => isoInstant(Number.NaN)).toThrow(RangeError);
    expect(() => isoInstant(new Date("not a date"))).toThrow(RangeError);
    expect(() => yangonDate("not a date")).toThrow(RangeError);
  });
});
