import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDay, rangeFromParams, rangeQuery } from "./date-range.ts";
import { formatSigned, winLose, winLoseTone } from "./win-lose.ts";

describe("report periods", () => {
  const today = "2025-03-10";
  const range = (q: string) => rangeFromParams(new URLSearchParams(q), today);

  it("defaults to today and keeps a valid period", () => {
    expect(range("")).toEqual({ start: today, end: today });
    expect(range("start_date=2025-03-01&end_date=2025-03-05")).toEqual({ start: "2025-03-01", end: "2025-03-05" });
  });

  it("replaces invalid or future days by today and puts a reversed period in order", () => {
    expect(range("start_date=2025-02-30&end_date=nope")).toEqual({ start: today, end: today });
    expect(range("start_date=2025-03-01&end_date=2030-01-01")).toEqual({ start: "2025-03-01", end: today });
    expect(range("start_date=2025-03-05&end_date=2025-03-01")).toEqual({ start: "2025-03-01", end: "2025-03-05" });
  });

  it("always gives real days with start ≤ end ≤ today", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const r = range(new URLSearchParams({ start_date: a, end_date: b }).toString());
        expect(isDay(r.start) && isDay(r.end)).toBe(true);
        expect(r.start <= r.end && r.end <= today).toBe(true);
      }),
    );
  });

  it("writes the period as the query the server and the links use", () => {
    expect(rangeQuery({ start: "2025-03-01", end: "2025-03-05" })).toBe("start_date=2025-03-01&end_date=2025-03-05");
  });
});

describe("win/lose", () => {
  it("is payout minus bet, green for a win and red for a loss", () => {
    expect(winLose({ bet_amount: 1_000, payout_amount: 2_500 })).toBe(1_500);
    expect(winLose({ bet_amount: 1_000, payout_amount: 0 })).toBe(-1_000);
    expect(winLoseTone(1)).toBe("text-win");
    expect(winLoseTone(-1)).toBe("text-danger");
    expect(winLoseTone(0)).toBe("text-muted");
    expect(formatSigned(1_500, String)).toBe("+1500");
    expect(formatSigned(-2, String)).toBe("-2");
    expect(formatSigned(0, String)).toBe("0");
  });
});
