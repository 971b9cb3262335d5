import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_AMOUNT } from "../money.ts";
import {
  addWeeks,
  basisPointsToPercent,
  cashbackAmount,
  claimableAmount,
  isCashbackPercent,
  lastClosedWeek,
  netLoss,
  percentToBasisPoints,
  weekOf,
  weekStarting,
  weeksToProcess,
} from "./cashback.ts";

const YANGON_MS = 390 * 60_000;
/** Instants from 2000 to 2100. */
const instant = fc.integer({ min: Date.UTC(2000, 0, 3), max: Date.UTC(2100, 0, 1) });
const bp = fc.integer({ min: 0, max: 10_000 });
const loss = fc.integer({ min: -MAX_AMOUNT, max: MAX_AMOUNT * 100 });

describe("cashback amount (domain-rules §7)", () => {
  it("5 % of a 123,456 loss is 6,172 (floored); nothing for a win, a zero loss or a share below 1 kyat", () => {
    expect(cashbackAmount(123_456, 500)).toBe(6_172);
    expect(cashbackAmount(-5_000, 500)).toBe(0);
    expect(cashbackAmount(0, 500)).toBe(0);
    expect(cashbackAmount(19, 500)).toBe(0);
    expect(cashbackAmount(20, 500)).toBe(1);
    expect(cashbackAmount(1_000, 250)).toBe(25);
  });

  it("is floor(loss × bp / 10,000) exactly, never above the loss, never negative", () => {
    fc.assert(
      fc.property(loss, bp, (l, b) => {
        const a = cashbackAmount(l, b);
        expect(Number.isSafeInteger(a)).toBe(true);
        if (l <= 0) {
          expect(a).toBe(0);
          return;
        }
        const exact = (BigInt(l) * BigInt(b)) / 10_000n;
        expect(a).toBe(exact >= 1n ? Number(exact) : 0);
        expect(a).toBeLessThanOrEqual(l);
        expect(BigInt(a) * 10_000n <= BigInt(l) * BigInt(b)).toBe(true);
      }),
    );
  });

  it("grows with the loss and with the percent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT }), fc.integer({ min: 0, max: MAX_AMOUNT }), bp, (l, more, b) => {
        expect(cashbackAmount(l + more, b)).toBeGreaterThanOrEqual(cashbackAmount(l, b));
        if (b < 10_000) expect(cashbackAmount(l, b + 1)).toBeGreaterThanOrEqual(cashbackAmount(l, b));
      }),
    );
  });

  it("net loss is stakes minus payouts", () => {
    fc.assert(
      fc.property(fc.nat(MAX_AMOUNT), fc.nat(MAX_AMOUNT), (staked, paid) => {
        expect(netLoss({ staked, paid })).toBe(staked - paid);
      }),
    );
  });

  it("refuses percents outside 0–100 or with more than two decimals", () => {
    expect(isCashbackPercent(5)).toBe(true);
    expect(isCashbackPercent(2.55)).toBe(true);
    expect(isCashbackPercent(2.555)).toBe(false);
    expect(isCashbackPercent(-1)).toBe(false);
    expect(isCashbackPercent(100.01)).toBe(false);
    expect(() => cashbackAmount(100, 10_001)).toThrow(RangeError);
    fc.assert(
      fc.property(bp, (b) => {
        expect(percentToBasisPoints(basisPointsToPercent(b))).toBe(b);
      }),
    );
  });
});

describe("cashback weeks (Asia/Yangon, Monday–Sunday)", () => {
  it("a week starts Monday 00:00 Yangon = Sunday 17:30 UTC", () => {
    const w = weekStarting("2024-06-03");
    expect(w.startsAt.toISOString()).toBe("2024-06-02T17:30:00.000Z");
    expect(w.endsAt.toISOString()).toBe("2024-06-09T17:30:00.000Z");
    expect(weekOf(new Date("2024-06-02T17:29:59.999Z")).weekStart).toBe("2024-05-27");
    expect(weekOf(new Date("2024-06-02T17:30:00.000Z")).weekStart).toBe("2024-06-03");
    expect(() => weekStarting("2024-06-04")).toThrow(RangeError);
  });

  it("every instant lies in exactly its week, which starts on a Yangon Monday and lasts 7 days", () => {
    fc.assert(
      fc.property(instant, (t) => {
        const w = weekOf(t);
        expect(w.startsAt.getTime()).toBeLessThanOrEqual(t);
        expect(t).toBeLessThan(w.endsAt.getTime());
        expect(w.endsAt.getTime() - w.startsAt.getTime()).toBe(7 * 86_400_000);
        const localStart = new Date(w.startsAt.getTime() + YANGON_MS);
        expect(localStart.getUTCDay()).toBe(1);
        expect(localStart.getUTCHours()).toBe(0);
        expect(localStart.getUTCMinutes()).toBe(0);
        expect(localStart.toISOString().slice(0, 10)).toBe(w.weekStart);
        expect(weekOf(w.endsAt).weekStart).toBe(addWeeks(w.weekStart, 1));
      }),
    );
  });

  it("the last closed week has ended (grace included) and the week after it has not", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 86_400_000 }), (t, grace) => {
        const closed = lastClosedWeek(t, grace);
        expect(closed.endsAt.getTime() + grace).toBeLessThanOrEqual(t);
        const next = weekStarting(addWeeks(closed.weekStart, 1));
        expect(next.endsAt.getTime() + grace).toBeGreaterThan(t);
      }),
    );
  });

  it("a run processes each closed week after the latest processed, oldest first, once, and catches up", () => {
    expect(weeksToProcess(null, "2024-06-03", 10)).toEqual(["2024-06-03"]);
    expect(weeksToProcess("2024-06-03", "2024-06-03", 10)).toEqual([]);
    expect(weeksToProcess("2024-05-20", "2024-06-03", 10)).toEqual(["2024-05-27", "2024-06-03"]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        (start, gap, limit) => {
          const latest = addWeeks("2001-01-01", start);
          const last = addWeeks(latest, gap);
          const weeks = weeksToProcess(latest, last, limit);
          expect(weeks.length).toBe(Math.min(gap, limit));
          weeks.forEach((w, i) => {
            expect(w).toBe(addWeeks(latest, i + 1));
            expect(w <= last).toBe(true);
          });
        },
      ),
    );
  });
});

describe("claim (floor of p_balance)", () => {
  it("claims the whole kyat part, nothing below 1", () => {
    expect(claimableAmount(0)).toBe(0);
    expect(claimableAmount(0.99)).toBe(0);
    expect(claimableAmount(1)).toBe(1);
    expect(claimableAmount(1234.7)).toBe(1234);
    fc.assert(
      fc.property(fc.double({ min: 0, max: MAX_AMOUNT, noNaN: true }), (p) => {
        const a = claimableAmount(p);
        expect(Number.isInteger(a)).toBe(true);
        expect(a).toBeLessThanOrEqual(p);
        expect(p - a < 1 || a === 0).toBe(true);
        if (p >= 1) expect(a).toBe(Math.floor(p));
      }),
    );
  });
});
