import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { yangonDate, yangonInstant } from "../format.ts";
import {
  cutoffFor,
  DEFAULT_SCHEDULES,
  drawsOnDay,
  isDrawDay,
  nextDraw,
  nextDraws,
  parseScheduleConfig,
  type ScheduleConfig,
  ScheduleConfigError,
} from "./schedule.ts";

/** An instant written in Yangon wall-clock time. */
const ygn = (local: string) => new Date(`${local}:00+06:30`);
const iso = (d: Date | null | undefined) => d?.toISOString();

const TWO_D = DEFAULT_SCHEDULES["2D"];
const THREE_D = DEFAULT_SCHEDULES["3D"];
const CRYPTO = DEFAULT_SCHEDULES.C2D;

const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
const instant = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T00:00:00Z"), noInvalidDate: true });
/** Off days near the generated instants, so they really get hit. */
const offDaysNear = (from: Date) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 12 })
    .map((offsets) => offsets.map((n) => new Date(from.getTime() + n * 86_400_000)).map((d) => yangonDate(d)));

const weeklyConfig = fc.record({
  weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
  times: fc.uniqueArray(hhmm, { minLength: 1, maxLength: 5 }),
  minutes: fc.integer({ min: 0, max: 120 }),
});

describe("nextDraw examples (Asia/Yangon)", () => {
  it.each([
    // 2D / 1D: Mon–Fri 12:01 and 16:30
    ["2D Monday morning → 12:01 the same day", TWO_D, "2025-03-03T09:00", "2025-03-03T12:01"],
    ["2D exactly at 12:01 → the 16:30 draw (strictly after)", TWO_D, "2025-03-03T12:01", "2025-03-03T16:30"],
    ["2D Friday after 16:30 → Monday 12:01", TWO_D, "2025-03-07T16:31", "2025-03-10T12:01"],
    ["2D Saturday → Monday", TWO_D, "2025-03-08T10:00", "2025-03-10T12:01"],
    ["2D New Year's Eve (Wed) evening → Thu 1 Jan", TWO_D, "2025-12-31T20:00", "2026-01-01T12:01"],
    ["2D month end on a Friday → the next month's Monday", TWO_D, "2025-10-31T17:00", "2025-11-03T12:01"],
    // 3D: 1st and 16th at 15:00
    ["3D on the 2nd → the 16th", THREE_D, "2025-03-02T08:00", "2025-03-16T15:00"],
    ["3D after the 16th draw → the 1st of next month", THREE_D, "2025-01-16T15:00", "2025-02-01T15:00"],
    ["3D at the end of February → 1 March", THREE_D, "2024-02-29T23:59", "2024-03-01T15:00"],
    ["3D after 16 December → 1 January", THREE_D, "2025-12-16T15:01", "2026-01-01T15:00"],
    // crypto: daily 10:00, 14:00, 18:00, 21:00
    ["crypto at 13:59 → 14:00", CRYPTO, "2025-06-15T13:59", "2025-06-15T14:00"],
    ["crypto after 21:00 → 10:00 the next day (Sunday too)", CRYPTO, "2025-06-14T21:00", "2025-06-15T10:00"],
    ["crypto on 31 December 22:00 → 1 January 10:00", CRYPTO, "2025-12-31T22:00", "2026-01-01T10:00"],
  ])("%s", (_name, config, from, expected) => {
    expect(iso(nextDraw(config, ygn(from))?.at)).toBe(iso(ygn(expected)));
  });

  it("handles Yangon midnight against the UTC day (00:10 local is still the previous UTC day)", () => {
    const from = ygn("2025-03-10T00:10"); // Sunday 18:40 UTC
    expect(from.getUTCDay()).toBe(0);
    expect(iso(nextDraw(TWO_D, from)?.at)).toBe(iso(ygn("2025-03-10T12:01")));
  });

  it("skips off days (a holiday Monday moves the next 2D draw to Tuesday)", () => {
    const config: ScheduleConfig = { ...TWO_D, off_days: ["2025-03-10"] };
    expect(iso(nextDraw(config, ygn("2025-03-07T17:00"))?.at)).toBe(iso(ygn("2025-03-11T12:01")));
  });

  it("an off 3D day and an extra day move the draw", () => {
    const config: ScheduleConfig = { ...THREE_D, off_days: ["2025-04-16"], extra_days: ["2025-04-17"] };
    expect(iso(nextDraw(config, ygn("2025-04-02T00:00"))?.at)).toBe(iso(ygn("2025-04-17T15:00")));
    expect(isDrawDay(config, "2025-04-16")).toBe(false);
    expect(drawsOnDay(config, "2025-04-16")).toEqual([]);
  });

  it("an off day wins over an extra day", () => {
    const config: ScheduleConfig = { ...THREE_D, off_days: ["2025-04-17"], extra_days: ["2025-04-17"] };
    expect(isDrawDay(config, "2025-04-17")).toBe(false);
  });

  it("skips month days a month does not have", () => {
    const config: ScheduleConfig = { month_days: [31], times: ["15:00"], cutoff: { at: "12:00" }, off_days: [] };
    expect(iso(nextDraw(config, ygn("2025-01-31T16:00"))?.at)).toBe(iso(ygn("2025-03-31T15:00")));
  });

  it("returns null when every day is off", () => {
    const config: ScheduleConfig = { extra_days: ["2025-01-01"], times: ["10:00"], cutoff: { minutes_before: 10 }, off_days: [] };
    expect(nextDraw(config, ygn("2025-01-01T10:00"))).toBeNull();
    expect(nextDraws(config, ygn("2024-12-31T10:00"), 3)).toHaveLength(1);
  });
});

describe("cutoffFor", () => {
  it("closes 10 minutes before a 2D draw", () => {
    const draw = { at: ygn("2025-03-03T12:01") };
    expect(iso(cutoffFor(draw, TWO_D))).toBe(iso(ygn("2025-03-03T11:51")));
  });

  it("closes a 3D draw at 12:00 on the draw day", () => {
    const draw = { at: ygn("2025-03-16T15:00") };
    expect(iso(cutoffFor(draw, THREE_D))).toBe(iso(ygn("2025-03-16T12:00")));
  });

  it("never closes after the draw itself", () => {
    const draw = { at: ygn("2025-03-16T09:00") };
    expect(iso(cutoffFor(draw, THREE_D))).toBe(iso(draw.at));
  });

  it("is part of every scheduled draw", () => {
    const [a, b] = nextDraws(CRYPTO, ygn("2025-06-15T00:00"), 2);
    expect(iso(a?.closesAt)).toBe(iso(ygn("2025-06-15T09:50")));
    expect(b?.time).toBe("14:00");
    expect(b?.day).toBe("2025-06-15");
  });
});

describe("schedule properties", () => {
  it("the next draw is strictly after `from`, on a draw day, at a configured time, and the earliest such draw", () => {
    fc.assert(
      fc.property(
        weeklyConfig,
        instant.chain((from) => fc.tuple(fc.constant(from), offDaysNear(from))),
        (w, [from, offDays]) => {
          const config: ScheduleConfig = { weekdays: w.weekdays, times: w.times, cutoff: { minutes_before: w.minutes }, off_days: offDays };
          const draw = nextDraw(config, from);
          expect(draw).not.toBeNull();
          if (!draw) return;
          expect(draw.at.getTime()).toBeGreaterThan(from.getTime());
          expect(config.times).toContain(draw.time);
          expect(yangonDate(draw.at)).toBe(draw.day);
          expect(offDays).not.toContain(draw.day);
          expect(w.weekdays).toContain(new Date(`${draw.day}T00:00:00Z`).getUTCDay());
          expect(iso(yangonInstant(draw.day, draw.time))).toBe(iso(draw.at));
          // Brute force: no configured draw lies between `from` and the answer.
          for (let d = yangonDate(from); d <= draw.day; d = yangonDate(new Date(Date.parse(`${d}T12:00:00+06:30`) + 86_400_000))) {
            for (const other of drawsOnDay(config, d)) {
              if (other.at.getTime() > from.getTime()) expect(other.at.getTime()).toBeGreaterThanOrEqual(draw.at.getTime());
            }
          }
        },
      ),
    );
  });

  it("2D and 1D draws never fall on a weekend or an off day", () => {
    fc.assert(
      fc.property(
        instant.chain((from) => fc.tuple(fc.constant(from), offDaysNear(from))),
        fc.constantFrom(DEFAULT_SCHEDULES["2D"], DEFAULT_SCHEDULES["1D"]),
        ([from, offDays], base) => {
          const config: ScheduleConfig = { ...base, off_days: offDays };
          for (const draw of nextDraws(config, from, 12)) {
            const weekday = new Date(`${draw.day}T00:00:00Z`).getUTCDay();
            expect(weekday).not.toBe(0);
            expect(weekday).not.toBe(6);
            expect(offDays).not.toContain(draw.day);
            expect(["12:01", "16:30"]).toContain(draw.time);
            expect(draw.closesAt.getTime()).toBe(draw.at.getTime() - 10 * 60_000);
          }
        },
      ),
    );
  });

  it("3D draws fall on the 1st or 16th at 15:00 and close at 12:00 the same day", () => {
    fc.assert(
      fc.property(instant, (from) => {
        for (const draw of nextDraws(THREE_D, from, 6)) {
          expect(["01", "16"]).toContain(draw.day.slice(8, 10));
          expect(draw.time).toBe("15:00");
          expect(iso(draw.closesAt)).toBe(iso(yangonInstant(draw.day, "12:00")));
        }
      }),
    );
  });

  it("nextDraws is strictly increasing and each draw is the next one after the previous", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(DEFAULT_SCHEDULES)), instant, fc.integer({ min: 1, max: 20 }), (config, from, count) => {
        const draws = nextDraws(config, from, count);
        expect(draws).toHaveLength(count);
        let previous = from;
        for (const draw of draws) {
          expect(draw.at.getTime()).toBeGreaterThan(previous.getTime());
          expect(iso(nextDraw(config, previous)?.at)).toBe(iso(draw.at));
          expect(draw.closesAt.getTime()).toBeLessThanOrEqual(draw.at.getTime());
          previous = draw.at;
        }
      }),
    );
  });
});

describe("parseScheduleConfig", () => {
  it("accepts every default and returns it in canonical form", () => {
    for (const config of Object.values(DEFAULT_SCHEDULES)) expect(parseScheduleConfig(config)).toEqual(config);
    expect(parseScheduleConfig({ weekdays: [5, 1, 1], times: ["16:30", "12:01"], cutoff: { minutes_before: 10 } })).toEqual({
      weekdays: [1, 5],
      times: ["12:01", "16:30"],
      cutoff: { minutes_before: 10 },
      off_days: [],
    });
  });

  it.each([
    ["not an object", "2D"],
    ["no times", { weekdays: [1], times: [], cutoff: { minutes_before: 10 }, off_days: [] }],
    ["a bad time", { weekdays: [1], times: ["24:00"], cutoff: { minutes_before: 10 }, off_days: [] }],
    ["a bad weekday", { weekdays: [7], times: ["10:00"], cutoff: { minutes_before: 10 }, off_days: [] }],
    ["a bad month day", { month_days: [0], times: ["10:00"], cutoff: { at: "12:00" }, off_days: [] }],
    ["a bad off day", { weekdays: [1], times: ["10:00"], cutoff: { minutes_before: 10 }, off_days: ["2025-02-30"] }],
    ["a bad cutoff", { weekdays: [1], times: ["10:00"], cutoff: { minutes_before: -1 }, off_days: [] }],
    ["two cutoff rules", { weekdays: [1], times: ["10:00"], cutoff: { minutes_before: 5, at: "09:00" }, off_days: [] }],
    ["no draw days", { times: ["10:00"], cutoff: { minutes_before: 10 }, off_days: [] }],
    ["an unknown field", { weekdays: [1], times: ["10:00"], cutoff: { minutes_before: 10 }, off_days: [], every: "day" }],
  ])("refuses %s", (_name, value) => {
    expect(() => parseScheduleConfig(value)).toThrow(ScheduleConfigError);
  });
});
