import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accrueReferral,
  DEFAULT_FARMING_RULE,
  EMPTY_ACCRUAL,
  farmingGroups,
  ipRangeOf,
  type RefereeOrigin,
  type ReferralAccrual,
} from "./referral.ts";

const HOUR = 3_600_000;

function run(nets: readonly number[], bp: number | readonly number[]) {
  let state: ReferralAccrual = EMPTY_ACCRUAL;
  let total = 0;
  const shares: number[] = [];
  nets.forEach((net, i) => {
    const step = accrueReferral(state, net, typeof bp === "number" ? bp : (bp[i] as number));
    state = step.state;
    total += step.share;
    shares.push(step.share);
  });
  return { state, total, shares };
}

const roundNet = fc.integer({ min: -5_000_000, max: 5_000_000 });

describe("referral accrual on the referee's net loss", () => {
  it("pays the share of the net loss, not of each losing round", () => {
    // lost 8,000 → 400; won 4,000 back; lost 1,999: still below the 8,000 already paid on → nothing
    expect(run([8_000, -4_000, 1_999], 500).shares).toEqual([400, 0, 0]);
    // a further loss of 3,000 lifts the net to 8,999: share of the 999 above 8,000 (49.95 → 49, 0.95 carried);
    // one more kyat of loss completes the carried fraction
    expect(run([8_000, -4_000, 1_999, 3_000, 1], 500).shares).toEqual([400, 0, 0, 49, 1]);
    expect(run([8_000, -4_000, 1_999, 3_000, 1], 500).state).toEqual({ netLoss: 9_000, paidLoss: 9_000, carry: 0 });
    // a referee who only wins earns the referrer nothing
    expect(run([-1_000, -50], 500).total).toBe(0);
  });

  it("property: the total earned is exactly the share of the highest net loss reached, never negative", () => {
    fc.assert(
      fc.property(fc.array(roundNet, { maxLength: 60 }), fc.integer({ min: 0, max: 10_000 }), (nets, bp) => {
        const { total, shares, state } = run(nets, bp);
        let cum = 0;
        let peak = 0;
        for (const n of nets) {
          cum += n;
          peak = Math.max(peak, cum);
        }
        expect(shares.every((s) => Number.isSafeInteger(s) && s >= 0)).toBe(true);
        expect(total).toBe(Math.floor((peak * bp) / 10_000));
        expect(state.netLoss).toBe(cum);
        expect(state.paidLoss).toBe(peak);
        expect(state.carry).toBe((peak * bp) % 10_000);
      }),
    );
  });

  it("property: with a changing share, nothing is paid twice and no fraction is lost", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(roundNet, fc.integer({ min: 0, max: 10_000 })), { maxLength: 60 }), (steps) => {
        const { total, state } = run(
          steps.map((s) => s[0]),
          steps.map((s) => s[1]),
        );
        // Σ over the rises above the high-water mark of rise × share in force, in 1/10,000 kyat
        let cum = 0;
        let peak = 0;
        let units = 0n;
        for (const [net, bp] of steps) {
          cum += net;
          if (cum > peak) {
            units += BigInt(cum - peak) * BigInt(bp);
            peak = cum;
          }
        }
        expect(BigInt(total) * 10_000n + BigInt(state.carry)).toBe(units);
        expect(state.carry).toBeGreaterThanOrEqual(0);
        expect(state.carry).toBeLessThan(10_000);
        expect(state.paidLoss).toBeGreaterThanOrEqual(Math.max(0, state.netLoss));
      }),
    );
  });

  it("stays exact for the largest amounts", () => {
    const big = 9_000_000_000_000;
    expect(accrueReferral(EMPTY_ACCRUAL, big, 10_000).share).toBe(big);
    expect(accrueReferral(EMPTY_ACCRUAL, big + 1, 1).share).toBe(900_000_000);
    expect(() => accrueReferral(EMPTY_ACCRUAL, 1.5, 500)).toThrow(RangeError);
    expect(() => accrueReferral(EMPTY_ACCRUAL, 1, 10_001)).toThrow(RangeError);
  });
});

describe("ipRangeOf", () => {
  it("answers the /24 of IPv4 and the /64 of IPv6", () => {
    expect(ipRangeOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(ipRangeOf("::ffff:203.0.113.9")).toBe("203.0.113.0/24");
    expect(ipRangeOf("::FFFF:cb00:7109")).toBe("203.0.113.0/24");
    expect(ipRangeOf("2001:db8:0:1:abcd::5")).toBe("2001:db8:0:1::/64");
    expect(ipRangeOf("2001:0DB8:0000:0001:0000:0000:0000:0001")).toBe("2001:db8:0:1::/64");
    expect(ipRangeOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(ipRangeOf("::1")).toBe("0:0:0:0::/64");
    for (const bad of ["", "1.2.3", "1.2.3.256", "1.2.3.4.5", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9", "g::1", "localhost"]) {
      expect(ipRangeOf(bad)).toBeNull();
    }
  });

  it("property: addresses in one /24 or one /64 share a range, others do not", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(octet, octet, octet, octet, octet, (a, b, c, d, e) => {
        expect(ipRangeOf(`${a}.${b}.${c}.${d}`)).toBe(ipRangeOf(`${a}.${b}.${c}.${e}`));
        expect(ipRangeOf(`${a}.${b}.${c}.${d}`)).not.toBe(ipRangeOf(`${a}.${b}.${(c + 1) % 256}.${d}`));
      }),
    );
    const group = fc.integer({ min: 0, max: 0xffff });
    const hex = (n: number) => n.toString(16);
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), group, (g, other) => {
        const addr = g.map(hex).join(":");
        const sameNet = [...g.slice(0, 4), other, 0, 0, 1].map(hex).join(":");
        expect(ipRangeOf(addr)).toBe(ipRangeOf(sameNet));
        const otherNet = [...g.slice(0, 3), ((g[3] as number) + 1) % 0x10000, ...g.slice(4)].map(hex).join(":");
        expect(ipRangeOf(addr)).not.toBe(ipRangeOf(otherNet));
      }),
    );
  });
});

describe("farmingGroups", () => {
  const origin = (id: number, hours: number, deviceId: string | null, ipRange: string | null): RefereeOrigin => ({
    id,
    at: hours * HOUR,
    deviceId,
    ipRange,
  });

  it("flags three referees from one device or one network within 24 hours", () => {
    const referees = [
      origin(1, 0, "dev-a", "10.0.0.0/24"),
      origin(2, 5, "dev-a", "10.0.1.0/24"),
      origin(3, 23, "dev-a", "10.0.2.0/24"),
      origin(4, 1, "dev-b", "10.9.9.0/24"),
      origin(5, 2, "dev-c", "10.9.9.0/24"),
      origin(6, 30, "dev-d", "10.9.9.0/24"),
    ];
    expect(farmingGroups(referees, DEFAULT_FARMING_RULE)).toEqual([
      { kind: "device", key: "dev-a", refereeIds: [1, 2, 3], from: 0, to: 23 * HOUR },
    ]);
    expect(farmingGroups([...referees, origin(7, 20, null, "10.9.9.0/24")], DEFAULT_FARMING_RULE)).toEqual([
      { kind: "device", key: "dev-a", refereeIds: [1, 2, 3], from: 0, to: 23 * HOUR },
      { kind: "ip_range", key: "10.9.9.0/24", refereeIds: [4, 5, 7], from: HOUR, to: 20 * HOUR },
    ]);
  });

  it("does not flag spread-out sign-ups, unknown origins or fewer than the threshold", () => {
    const spread = [origin(1, 0, "d", "r"), origin(2, 25, "d", "r"), origin(3, 50, "d", "r")];
    expect(farmingGroups(spread, DEFAULT_FARMING_RULE)).toEqual([]);
    expect(farmingGroups([origin(1, 0, null, null), origin(2, 0, null, null), origin(3, 0, null, null)], DEFAULT_FARMING_RULE)).toEqual([]);
    expect(farmingGroups(spread.slice(0, 2), { threshold: 3, windowMs: 100 * HOUR })).toEqual([]);
  });

  it("property: a group is flagged exactly when some window holds threshold sign-ups of one key", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 96 }), device: fc.constantFrom("a", "b", null) }), { maxLength: 25 }),
        fc.integer({ min: 2, max: 5 }),
        (rows, threshold) => {
          const referees = rows.map((r, i) => origin(i + 1, r.at, r.device, null));
          const groups = farmingGroups(referees, { threshold, windowMs: 24 * HOUR });
          for (const key of ["a", "b"]) {
            const times = referees.filter((r) => r.deviceId === key).map((r) => r.at);
            const dense = times.some((t0) => times.filter((t) => t >= t0 && t - t0 <= 24 * HOUR).length >= threshold);
            const group = groups.find((g) => g.key === key);
            expect(group !== undefined).toBe(dense);
            if (group) {
              expect(group.refereeIds.length).toBeGreaterThanOrEqual(threshold);
              expect(group.to - group.from).toBeLessThanOrEqual(24 * HOUR);
            }
          }
        },
      ),
    );
  });
});
