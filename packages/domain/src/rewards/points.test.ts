import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkPointClaim, DEFAULT_KYAT_PER_POINT, pointsForStake } from "./points.ts";

const stake = fc.integer({ min: 0, max: 10_000_000_000 });
const rate = fc.integer({ min: 1, max: 1_000_000_000 });

describe("pointsForStake", () => {
  it("earns 1 point per 1,000 kyat by default, rounded down", () => {
    expect(pointsForStake(999, DEFAULT_KYAT_PER_POINT)).toBe(0);
    expect(pointsForStake(1_000, DEFAULT_KYAT_PER_POINT)).toBe(1);
    expect(pointsForStake(1_999, DEFAULT_KYAT_PER_POINT)).toBe(1);
    expect(pointsForStake(25_500, DEFAULT_KYAT_PER_POINT)).toBe(25);
  });

  it("is a whole number never above stake / rate and less than one point below it", () => {
    fc.assert(
      fc.property(stake, rate, (s, r) => {
        const p = pointsForStake(s, r);
        expect(Number.isSafeInteger(p)).toBe(true);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p * r).toBeLessThanOrEqual(s);
        expect((p + 1) * r).toBeGreaterThan(s);
      }),
    );
  });

  it("never gives more for two stakes settled together than for them apart plus one point", () => {
    fc.assert(
      fc.property(stake, stake, rate, (a, b, r) => {
        const apart = pointsForStake(a, r) + pointsForStake(b, r);
        const together = pointsForStake(a + b, r);
        expect(together).toBeGreaterThanOrEqual(apart);
        expect(together).toBeLessThanOrEqual(apart + 1);
      }),
    );
  });

  it("earns nothing for no stake or a negative one, and refuses a rate below 1", () => {
    expect(pointsForStake(0, 1)).toBe(0);
    expect(pointsForStake(-5_000, 1)).toBe(0);
    expect(() => pointsForStake(1_000, 0)).toThrow(RangeError);
    expect(() => pointsForStake(1_000, 1.5)).toThrow(RangeError);
  });
});

describe("checkPointClaim", () => {
  const reward = { points: 100, amount: 1_000, active: true };

  it("spends exactly the reward's points and pays its amount when the player holds enough", () => {
    expect(checkPointClaim(100, reward)).toEqual({ ok: true, value: { points: 100, amount: 1_000 } });
  });

  it("refuses short points with the points needed and held", () => {
    expect(checkPointClaim(99, reward)).toEqual({
      ok: false,
      status: 422,
      code: "INSUFFICIENT_POINTS",
      message: "Not enough points for this reward.",
      details: { needed: 100, point: 99 },
    });
  });

  it("refuses an inactive reward whatever the player holds", () => {
    expect(checkPointClaim(10_000, { ...reward, active: false })).toMatchObject({ ok: false, code: "REWARD_INACTIVE", status: 422 });
  });

  it("never leaves the player below zero points", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), (held, cost, active) => {
        const d = checkPointClaim(held, { points: cost, amount: 1, active });
        if (d.ok) {
          expect(active).toBe(true);
          expect(held - d.value.points).toBeGreaterThanOrEqual(0);
        } else {
          expect(d.status).toBe(422);
          expect(!active || held < cost).toBe(true);
        }
      }),
    );
  });
});
