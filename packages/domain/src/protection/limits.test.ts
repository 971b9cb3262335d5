import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decideLimitChange,
  exclusionEnd,
  extendExclusion,
  firstLimitPassed,
  isExcluded,
  LIMIT_COOLING_MS,
  LIMIT_PERIODS,
  limitInForce,
  periodEnd,
  periodStart,
} from "./limits.ts";

const YANGON_MS = 390 * 60_000;
const instant = fc.integer({ min: Date.UTC(2000, 0, 3), max: Date.UTC(2100, 0, 1) }).map((t) => new Date(t));
const amount = fc.integer({ min: 1, max: 1_000_000_000 });

describe("limit periods in Asia/Yangon", () => {
  it("a day starts at 00:00 Yangon, a week on Monday, a month on the 1st", () => {
    // 2026-11-25 (a Wednesday) 18:00 UTC is Thursday 26th 00:30 in Yangon.
    const now = new Date("2026-11-25T18:00:00Z");
    expect(periodStart(now, "day").toISOString()).toBe("2026-11-25T17:30:00.000Z");
    expect(periodStart(now, "week").toISOString()).toBe("2026-11-22T17:30:00.000Z");
    expect(periodStart(now, "month").toISOString()).toBe("2026-10-31T17:30:00.000Z");
    expect(periodEnd(now, "day").toISOString()).toBe("2026-11-26T17:30:00.000Z");
    expect(periodEnd(now, "week").toISOString()).toBe("2026-11-29T17:30:00.000Z");
    expect(periodEnd(now, "month").toISOString()).toBe("2026-11-30T17:30:00.000Z");
  });

  it("every instant lies in its period, which starts at a Yangon midnight on the right weekday or day", () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...LIMIT_PERIODS), (now, period) => {
        const start = periodStart(now, period);
        const end = periodEnd(now, period);
        expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(end.getTime()).toBeGreaterThan(now.getTime());
        const local = new Date(start.getTime() + YANGON_MS);
        expect(local.getUTCHours() * 60 + local.getUTCMinutes()).toBe(0);
        if (period === "week") expect(local.getUTCDay()).toBe(1);
        if (period === "month") expect(local.getUTCDate()).toBe(1);
        // The next period starts where this one ends.
        expect(periodStart(end, period).getTime()).toBe(end.getTime());
      }),
    );
  });
});

/** The implementation before the domain's Yangon helpers (its own offset arithmetic), kept as the reference. */
const OLD_OFFSET_MS = 390 * 60_000;
const OLD_DAY_MS = 86_400_000;
function oldPeriodStart(now: Date, period: "day" | "week" | "month"): Date {
  const local = new Date(now.getTime() + OLD_OFFSET_MS);
  let startLocal: number;
  if (period === "month") {
    startLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  } else {
    startLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
    if (period === "week") startLocal -= ((local.getUTCDay() + 6) % 7) * OLD_DAY_MS;
  }
  return new Date(startLocal - OLD_OFFSET_MS);
}
function oldPeriodEnd(now: Date, period: "day" | "week" | "month"): Date {
  const start = oldPeriodStart(now, period);
  if (period === "day") return new Date(start.getTime() + OLD_DAY_MS);
  if (period === "week") return new Date(start.getTime() + 7 * OLD_DAY_MS);
  const local = new Date(start.getTime() + OLD_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - OLD_OFFSET_MS);
}

describe("limit periods on the domain's Yangon helpers give the old answers", () => {
  /** Yangon midnights at month and year ends, a leap day, Mondays and Sundays, within ±1 ms and ±1 s. */
  const edges = fc
    .tuple(
      fc.integer({ min: 2000, max: 2099 }),
      fc.integer({ min: 0, max: 11 }),
      fc.constantFrom(1, 2, 27, 28, 29, 30, 31),
      fc.constantFrom(-1_000, -1, 0, 1, 1_000),
    )
    .map(([y, m, d, delta]) => new Date(Date.UTC(y, m, d) - OLD_OFFSET_MS + delta));
  const check = (now: Date) => {
    for (const period of LIMIT_PERIODS) {
      expect(periodStart(now, period).toISOString(), `${period} ${now.toISOString()}`).toBe(oldPeriodStart(now, period).toISOString());
      expect(periodEnd(now, period).toISOString(), `${period} ${now.toISOString()}`).toBe(oldPeriodEnd(now, period).toISOString());
    }
  };

  it("over many instants", () => {
    fc.assert(fc.property(instant, check), { numRuns: 500 });
  });

  it("around Yangon midnights, month ends and year ends", () => {
    fc.assert(fc.property(edges, check), { numRuns: 500 });
    for (const at of ["2024-02-29", "2024-03-01", "2025-12-31", "2026-01-01", "2026-11-30", "2026-12-01", "2027-01-04"]) {
      const midnight = Date.parse(`${at}T00:00:00Z`) - OLD_OFFSET_MS;
      for (const delta of [-1, 0, 1]) check(new Date(midnight + delta));
    }
  });
});

describe("changing a limit", () => {
  const now = new Date("2026-11-25T10:00:00Z");

  it("a first limit and a lower one apply at once and drop a waiting raise", () => {
    expect(decideLimitChange(undefined, 50_000, now)).toEqual({ amount: 50_000, pendingAmount: null, pendingAt: null });
    const waiting = { amount: 50_000, pendingAmount: 90_000, pendingAt: new Date(now.getTime() + 1000) };
    expect(decideLimitChange(waiting, 20_000, now)).toEqual({ amount: 20_000, pendingAmount: null, pendingAt: null });
  });

  it("a higher limit or a removal waits 24 hours, the lower limit staying in force until then", () => {
    const raised = decideLimitChange({ amount: 50_000, pendingAmount: null, pendingAt: null }, 80_000, now);
    expect(raised).toEqual({ amount: 50_000, pendingAmount: 80_000, pendingAt: new Date(now.getTime() + LIMIT_COOLING_MS) });
    expect(limitInForce(raised, new Date(now.getTime() + LIMIT_COOLING_MS - 1))).toBe(50_000);
    expect(limitInForce(raised, new Date(now.getTime() + LIMIT_COOLING_MS))).toBe(80_000);
    const removed = decideLimitChange({ amount: 50_000, pendingAmount: null, pendingAt: null }, null, now);
    expect(limitInForce(removed, now)).toBe(50_000);
    expect(limitInForce(removed, new Date(now.getTime() + LIMIT_COOLING_MS))).toBeNull();
  });

  it("asking again for a raise does not restart or shorten anything below the limit in force", () => {
    fc.assert(
      fc.property(
        fc.option(amount, { nil: null }),
        fc.option(amount, { nil: null }),
        fc.integer({ min: 0, max: 3 * LIMIT_COOLING_MS }),
        (first, second, later) => {
          const t0 = now;
          const s1 = decideLimitChange(undefined, first, t0);
          const t1 = new Date(t0.getTime() + later);
          const before = limitInForce(s1, t1);
          const s2 = decideLimitChange(s1, second, t1);
          const after = limitInForce(s2, t1);
          // Right after any change the limit in force is never higher (less protective) than before.
          if (before !== null) expect(after === null ? Number.POSITIVE_INFINITY : after).toBeLessThanOrEqual(before);
          // A change to a less protective limit only ever takes effect a full cooling period later.
          if (before !== null && (second === null || second > before)) {
            expect(s2.pendingAt?.getTime()).toBe(t1.getTime() + LIMIT_COOLING_MS);
          }
        },
      ),
    );
  });

  it("refuses amounts that are not whole positive kyat", () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 2e15]) expect(() => decideLimitChange(undefined, bad, now)).toThrow(RangeError);
  });
});

describe("checking limits", () => {
  it("answers the first limit the amount would pass, with what remains of it", () => {
    const checks = [
      { kind: "stake" as const, period: "day" as const, limit: 10_000, used: 4_000 },
      { kind: "loss" as const, period: "week" as const, limit: 5_000, used: 4_500 },
    ];
    expect(firstLimitPassed(checks, 500)).toBeUndefined();
    expect(firstLimitPassed(checks, 501)).toMatchObject({ kind: "loss", remaining: 500 });
    expect(firstLimitPassed(checks, 7_000)).toMatchObject({ kind: "stake", remaining: 6_000 });
    expect(firstLimitPassed([{ kind: "loss", period: "day", limit: 100, used: 300 }], 1)).toMatchObject({ remaining: 0 });
  });
});

describe("self-exclusion", () => {
  const now = new Date("2026-01-31T12:00:00Z");

  it("runs a day, a week, calendar months (clamped to the month's end) or indefinitely", () => {
    expect(exclusionEnd(now, "1d")?.toISOString()).toBe("2026-02-01T12:00:00.000Z");
    expect(exclusionEnd(now, "1w")?.toISOString()).toBe("2026-02-07T12:00:00.000Z");
    expect(exclusionEnd(now, "1m")?.toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(exclusionEnd(now, "6m")?.toISOString()).toBe("2026-07-31T12:00:00.000Z");
    expect(exclusionEnd(now, "indefinite")).toBeNull();
  });

  it("is in force until its end, and indefinitely when indefinite", () => {
    const ex = extendExclusion(undefined, "1d", now);
    expect(isExcluded(ex, now)).toBe(true);
    expect(isExcluded(ex, new Date(now.getTime() + 86_400_000))).toBe(false);
    expect(isExcluded({ until: null, indefinite: true }, new Date("2099-01-01"))).toBe(true);
    expect(isExcluded(undefined, now)).toBe(false);
  });

  it("a new request never shortens the exclusion in force", () => {
    const month = extendExclusion(undefined, "1m", now);
    expect(extendExclusion(month, "1d", now)).toEqual(month);
    expect(extendExclusion(month, "6m", now).until?.toISOString()).toBe("2026-07-31T12:00:00.000Z");
    expect(extendExclusion(month, "indefinite", now)).toEqual({ until: null, indefinite: true });
    expect(extendExclusion({ until: null, indefinite: true }, "1d", now)).toEqual({ until: null, indefinite: true });
    // An exclusion that has ended does not hold a new one back.
    const ended = { until: new Date(now.getTime() - 1), indefinite: false };
    expect(extendExclusion(ended, "1d", now).until?.toISOString()).toBe("2026-02-01T12:00:00.000Z");
  });
});
