import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { yangonDayRange } from "./history-range.ts";

const NOW = new Date("2025-03-07T05:00:00Z");

function refusal(start: string | undefined, end: string | undefined): AppError {
  try {
    yangonDayRange(start, end, NOW);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`accepted ${start} … ${end}`);
}

describe("yangonDayRange", () => {
  it("turns Asia/Yangon days into instants (midnight to the midnight after the last day)", () => {
    expect(yangonDayRange("2025-03-01", "2025-03-02", NOW)).toEqual({
      from: new Date("2025-02-28T17:30:00Z"),
      to: new Date("2025-03-02T17:30:00Z"),
    });
    expect(yangonDayRange(undefined, undefined, NOW)).toEqual({
      from: new Date("2025-03-06T17:30:00Z"),
      to: new Date("2025-03-07T17:30:00Z"),
    });
    expect(yangonDayRange("2000-01-01", "2000-01-01", NOW).from).toEqual(new Date("1999-12-31T17:30:00Z"));
  });

  it("refuses with 400 naming the field a day that is not real or outside 2000-01-01 … 2100-12-31", () => {
    const cases: [string | undefined, string | undefined, string][] = [
      ["0001-01-01", "0001-01-02", "start_date"],
      [undefined, "0001-01-01", "start_date"],
      ["2025-01-01", "9999-12-31", "end_date"],
      ["1999-12-31", "2000-01-01", "start_date"],
      ["2024-02-30", "2024-03-01", "start_date"],
      ["2025-01-01", "2025-1-2", "end_date"],
      ["+275760-09-13", undefined, "start_date"],
    ];
    for (const [start, end, field] of cases) {
      const err = refusal(start, end);
      expect(err.status).toBe(400);
      expect(err.code).toBe("VALIDATION_FAILED");
      expect(err.details?.fields).toEqual([{ field, message: expect.stringMatching(/2000-01-01 to 2100-12-31/) }]);
    }
  });

  it("still refuses a reversed or too long range", () => {
    expect(refusal("2025-03-05", "2025-03-01").details?.fields).toEqual([{ field: "start_date", message: "must not be after end_date" }]);
    expect(refusal("2020-01-01", "2025-01-01").status).toBe(400);
  });
});
