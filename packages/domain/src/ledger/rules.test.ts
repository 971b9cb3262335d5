import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_AMOUNT } from "../money.ts";
import {
  cappedCashInBonus,
  cashInBonus,
  cashInTurnover,
  checkAdjustmentAmount,
  checkAmount,
  decideCashInRequest,
  decideCashOutRequest,
  decideTransferIn,
  decideTransferOut,
  needsSecondOperator,
  promoCodeRefusal,
  promoCodeState,
  reduceTurnover,
} from "./rules.ts";

const base = { main: 10_000, game: 0, turnover: 0, hasTransferredIn: true };
const method = { enabled: true, minAmount: 2_000, maxAmount: 50_000 };

describe("main ↔ game (domain-rules §4)", () => {
  it("main → game moves the amount and is refused at the turnover boundary of 500", () => {
    expect(decideTransferIn(base, 1_000)).toEqual({
      ok: true,
      value: [
        { account: "main", amount: -1_000 },
        { account: "game", amount: 1_000 },
      ],
    });
    expect(decideTransferIn({ ...base, turnover: 1, game: 499 }, 100).ok).toBe(true);
    const refused = decideTransferIn({ ...base, turnover: 1, game: 500 }, 100);
    expect(refused).toMatchObject({
      ok: false,
      status: 422,
      code: "TURNOVER_EXISTS",
      message: "Turnover is existed, and game balance is above 500.",
    });
    expect(decideTransferIn({ ...base, turnover: 0, game: 5_000 }, 100).ok).toBe(true);
    expect(decideTransferIn({ ...base, turnover: 1, game: 900 }, 100, 1_000).ok).toBe(true);
    expect(decideTransferIn(base, 10_001)).toMatchObject({ ok: false, code: "INSUFFICIENT_FUNDS" });
    expect(decideTransferIn(base, 10_000).ok).toBe(true);
  });

  it("game → main needs a first transfer in and no turnover", () => {
    expect(decideTransferOut({ ...base, game: 100, hasTransferredIn: false }, 50)).toMatchObject({
      code: "NO_TRANSFER_IN",
      message: "Please at least transfer Main to Game once.",
    });
    expect(decideTransferOut({ ...base, game: 100, turnover: 1 }, 50)).toMatchObject({ status: 422, code: "TURNOVER_EXISTS" });
    expect(decideTransferOut({ ...base, game: 100 }, 101)).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(decideTransferOut({ ...base, game: 100 }, 100)).toEqual({
      ok: true,
      value: [
        { account: "game", amount: -100 },
        { account: "main", amount: 100 },
      ],
    });
  });

  it("every transfer that is accepted keeps main + game", () => {
    fc.assert(
      fc.property(
        fc.record({ main: fc.nat(1e9), game: fc.nat(1e9), turnover: fc.nat(1e6), hasTransferredIn: fc.boolean() }),
        fc.integer({ min: 1, max: 2e9 }),
        fc.boolean(),
        (state, amount, inward) => {
          const d = inward ? decideTransferIn(state, amount) : decideTransferOut(state, amount);
          if (!d.ok) return;
          expect(d.value.reduce((s, e) => s + e.amount, 0)).toBe(0);
          const from = inward ? state.main : state.game;
          expect(from).toBeGreaterThanOrEqual(amount);
        },
      ),
    );
  });
});

describe("amounts", () => {
  it.each([0, -1, 1.5, "100", Number.NaN, 2 ** 53, 1e20, MAX_AMOUNT + 1, null, undefined, [], {}, true])("refuses %j", (v) => {
    expect(checkAmount(v)).toMatchObject({ ok: false, status: 400, code: "VALIDATION_FAILED" });
  });
  it("accepts 1 and the cap", () => {
    expect(checkAmount(1)).toBeNull();
    expect(checkAmount(MAX_AMOUNT)).toBeNull();
  });
  it("adjustments are signed but never zero", () => {
    expect(checkAdjustmentAmount(-5)).toBeNull();
    expect(checkAdjustmentAmount(0)).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(checkAdjustmentAmount(-(MAX_AMOUNT + 1))).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(needsSecondOperator(1_000_000)).toBe(false);
    expect(needsSecondOperator(-1_000_001)).toBe(true);
  });
});

describe("cash-in and cash-out (domain-rules §5)", () => {
  it("bonus is floor(amount × percent / 100) and turnover grows by (amount + bonus) × multiplier", () => {
    expect(cashInBonus(10_005, 10)).toBe(1_000);
    expect(cashInBonus(MAX_AMOUNT, 100)).toBe(MAX_AMOUNT);
    expect(cashInTurnover(7, 10_005, 1_000, 3)).toBe(7 + 33_015);
    expect(reduceTurnover(100, 30)).toBe(70);
    expect(reduceTurnover(100, 300)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT }), fc.integer({ min: 0, max: 100 }), (amount, percent) => {
        const bonus = cashInBonus(amount, percent);
        expect(Number.isSafeInteger(bonus)).toBe(true);
        expect(bonus * 100).toBeLessThanOrEqual(amount * percent);
        expect((bonus + 1) * 100).toBeGreaterThan(amount * percent);
      }),
    );
  });

  it("cash-in: method, limits, then one pending request", () => {
    expect(decideCashInRequest({ method, hasPending: false }, 2_000)).toBeNull();
    expect(decideCashInRequest({ method: null, hasPending: false }, 2_000)).toMatchObject({ code: "PAYMENT_METHOD_UNAVAILABLE" });
    expect(decideCashInRequest({ method: { ...method, enabled: false }, hasPending: false }, 2_000)).toMatchObject({
      code: "PAYMENT_METHOD_UNAVAILABLE",
    });
    expect(decideCashInRequest({ method, hasPending: false }, 1_999)).toMatchObject({
      code: "AMOUNT_BELOW_MIN",
      details: { min_amount: 2_000 },
    });
    expect(decideCashInRequest({ method, hasPending: false }, 50_001)).toMatchObject({ code: "AMOUNT_ABOVE_MAX" });
    expect(decideCashInRequest({ method, hasPending: true }, 2_000)).toMatchObject({ status: 409, code: "DUPLICATE" });
  });

  it("cash-out: level 2, method, the larger of the two minimums, maximum", () => {
    const input = { level: 2, requiresLevel2: true, minAmount: 1_000, method: { ...method, minAmount: 500 } };
    expect(decideCashOutRequest(input, 1_000)).toBeNull();
    expect(decideCashOutRequest(input, 999)).toMatchObject({ code: "AMOUNT_BELOW_MIN", details: { min_amount: 1_000 } });
    expect(decideCashOutRequest({ ...input, level: 1 }, 5_000)).toMatchObject({
      status: 403,
      code: "LEVEL_2_REQUIRED",
      message: "Your account need to be level 2.",
    });
    expect(decideCashOutRequest({ ...input, level: 1, requiresLevel2: false }, 5_000)).toBeNull();
    expect(decideCashOutRequest(input, 50_001)).toMatchObject({ code: "AMOUNT_ABOVE_MAX" });
  });
});

describe("promo codes (domain-rules §5, console → Promo codes)", () => {
  const now = new Date("2026-11-26T09:00:00Z");
  const open = { active: true, startsAt: null, endsAt: null, maxUses: null, maxUsesPerPlayer: null };

  it("caps the percent bonus, never raising it", () => {
    expect(cappedCashInBonus(100_000, 50, 5_000)).toBe(5_000);
    expect(cappedCashInBonus(4_000, 50, 5_000)).toBe(2_000);
    expect(cappedCashInBonus(100_000, 50, null)).toBe(50_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (a, p, cap) => {
          const bonus = cappedCashInBonus(a, p, cap);
          return bonus <= cap && bonus === Math.min(cashInBonus(a, p), cap);
        },
      ),
    );
  });

  it("is ended, not started, used up or running, in that order of precedence", () => {
    expect(promoCodeState(open, 0, now)).toBe("running");
    expect(promoCodeState({ ...open, active: false }, 0, now)).toBe("ended");
    expect(promoCodeState({ ...open, endsAt: now }, 0, now)).toBe("ended");
    expect(promoCodeState({ ...open, endsAt: new Date(now.getTime() + 1) }, 0, now)).toBe("running");
    expect(promoCodeState({ ...open, startsAt: new Date(now.getTime() + 1) }, 0, now)).toBe("scheduled");
    expect(promoCodeState({ ...open, startsAt: now }, 0, now)).toBe("running");
    expect(promoCodeState({ ...open, maxUses: 2 }, 2, now)).toBe("used_up");
    expect(promoCodeState({ ...open, maxUses: 2, active: false }, 2, now)).toBe("ended");
  });

  it("refuses a player who used up their own share", () => {
    expect(promoCodeRefusal({ ...open, maxUsesPerPlayer: 1 }, 5, 0, now)).toBeUndefined();
    expect(promoCodeRefusal({ ...open, maxUsesPerPlayer: 1 }, 5, 1, now)).toBe("player_limit");
    expect(promoCodeRefusal({ ...open, maxUses: 5 }, 5, 0, now)).toBe("used_up");
    expect(promoCodeRefusal({ ...open, startsAt: new Date(now.getTime() + 60_000) }, 0, 0, now)).toBe("not_started");
    expect(promoCodeRefusal({ ...open, active: false }, 0, 0, now)).toBe("ended");
  });
});
