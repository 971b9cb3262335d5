import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../db/client.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { balancesOf, expectLedgerClean, moneySnapshot } from "../../ledger/testing.ts";
import {
  connectTestProvider,
  expectRoundsReconciled,
  journalsOf,
  nextId,
  player,
  setFreeRoundCredits,
  TEST_PROVIDER,
  wallet,
} from "../wallet.test-helpers.ts";

/** No credit without a debit: a signed credit alone never creates money (docs/provider-wallet.md, "credit"). */
describe("provider wallet API: credits need a round with a debit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    connectTestProvider(t);
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await expectRoundsReconciled(t);
    await t.close();
  });

  async function roundsNamed(roundId: string): Promise<number> {
    const rows = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from provider_rounds where round_id = ${roundId}`),
    );
    return Number(rows[0]?.n ?? 0);
  }

  it("refuses a signed jackpot credit of 5,000,000 kyat with no debit: TRANSACTION_NOT_FOUND, nothing changes", async () => {
    const p = await player(t, 1_000);
    const before = await moneySnapshot(t.ctx.db);
    const body = { player: p.userCode, transaction_id: nextId("c"), round_id: nextId("r"), amount: 5_000_000, kind: "jackpot" };
    const res = await wallet(t, "credit", body);
    expect(res.statusCode).toBe(200);
    expect(res.answer).toEqual({ status: "TRANSACTION_NOT_FOUND", balance: 1_000, transaction_id: body.transaction_id });
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
    expect((await balancesOf(t, p.id)).game_balance).toBe(1_000);
    expect(await journalsOf(t, TEST_PROVIDER, body.transaction_id)).toBe(0);
    expect(await roundsNamed(body.round_id)).toBe(0);
    await expectLedgerClean(t);
  });

  it.each([["win"], ["bonus"], ["jackpot"], [undefined]])("refuses a credit of kind %s for a round without a debit", async (kind) => {
    const p = await player(t, 500);
    const before = await moneySnapshot(t.ctx.db);
    const body = { player: p.userCode, transaction_id: nextId("c"), round_id: nextId("r"), amount: 300, ...(kind ? { kind } : {}) };
    expect((await wallet(t, "credit", body)).answer).toMatchObject({ status: "TRANSACTION_NOT_FOUND", balance: 500 });
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("refuses a credit naming another player's round (the debit must be this player's)", async () => {
    const a = await player(t, 2_000);
    const b = await player(t, 2_000);
    const round = nextId("r");
    expect(
      (await wallet(t, "debit", { player: a.userCode, transaction_id: nextId("d"), round_id: round, amount: 500 })).answer.status,
    ).toBe("OK");
    const before = await moneySnapshot(t.ctx.db);
    const res = await wallet(t, "credit", { player: b.userCode, transaction_id: nextId("c"), round_id: round, amount: 900, kind: "bonus" });
    expect(res.answer).toMatchObject({ status: "TRANSACTION_NOT_FOUND", balance: 2_000 });
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("pays a win, then a jackpot, for a round with an applied debit", async () => {
    const p = await player(t, 10_000);
    const round = nextId("r");
    expect(
      (await wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 1_000 })).answer.balance,
    ).toBe(9_000);
    const win = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 1_500 });
    expect(win.answer).toMatchObject({ status: "OK", balance: 10_500 });
    const jackpot = await wallet(t, "credit", {
      player: p.userCode,
      transaction_id: nextId("c"),
      round_id: round,
      amount: 20_000,
      kind: "jackpot",
    });
    expect(jackpot.answer).toMatchObject({ status: "OK", balance: 30_500 });
  });

  it("a jackpot can end an open round that has a debit", async () => {
    const p = await player(t, 3_000);
    const round = nextId("r");
    await wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 1_000 });
    const jackpot = await wallet(t, "credit", {
      player: p.userCode,
      transaction_id: nextId("c"),
      round_id: round,
      amount: 4_000,
      kind: "jackpot",
    });
    expect(jackpot.answer).toMatchObject({ status: "OK", balance: 6_000 });
    const status = rowsOf<{ status: string }>(await t.ctx.db.execute(sql`select status from provider_rounds where round_id = ${round}`));
    expect(status).toEqual([{ status: "settled" }]);
  });

  it("refuses any credit for a round whose only debit was rolled back, and changes nothing", async () => {
    const p = await player(t, 4_000);
    const round = nextId("r");
    const debit = { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 1_000 };
    await wallet(t, "debit", debit);
    const rb = await wallet(t, "rollback", {
      player: p.userCode,
      transaction_id: nextId("rb"),
      reference_transaction_id: debit.transaction_id,
    });
    expect(rb.answer).toMatchObject({ status: "OK", balance: 4_000 });
    const before = await moneySnapshot(t.ctx.db);
    for (const kind of ["win", "bonus", "jackpot"]) {
      const res = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 2_000, kind });
      expect(res.answer).toMatchObject({ status: "ALREADY_ROLLED_BACK", balance: 4_000 });
    }
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("accepts a credit when one of the round's debits was rolled back and another still stands", async () => {
    const p = await player(t, 4_000);
    const round = nextId("r");
    const first = { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 1_000 };
    await wallet(t, "debit", first);
    await wallet(t, "debit", { ...first, transaction_id: nextId("d"), amount: 500 });
    await wallet(t, "rollback", { player: p.userCode, transaction_id: nextId("rb"), reference_transaction_id: first.transaction_id });
    const res = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 800, kind: "bonus" });
    expect(res.answer).toMatchObject({ status: "OK", balance: 4_300 });
  });

  it("refuses a credit for a round whose debit was refused (nothing taken, no round)", async () => {
    const p = await player(t, 100);
    const round = nextId("r");
    const refused = await wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 5_000 });
    expect(refused.answer.status).toBe("INSUFFICIENT_FUNDS");
    const res = await wallet(t, "credit", {
      player: p.userCode,
      transaction_id: nextId("c"),
      round_id: round,
      amount: 9_000,
      kind: "jackpot",
    });
    expect(res.answer).toMatchObject({ status: "TRANSACTION_NOT_FOUND", balance: 100 });
  });

  it("keeps a refusal final for its id: the same credit after the debit arrives replays TRANSACTION_NOT_FOUND", async () => {
    const p = await player(t, 2_000);
    const round = nextId("r");
    const credit = { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 700, kind: "bonus" };
    const first = await wallet(t, "credit", credit);
    expect(first.answer.status).toBe("TRANSACTION_NOT_FOUND");
    await wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 200 });
    expect((await wallet(t, "credit", credit)).answer).toEqual(first.answer);
    expect((await wallet(t, "credit", { ...credit, amount: 701 })).answer.status).toBe("DUPLICATE_TRANSACTION");
    const fresh = await wallet(t, "credit", { ...credit, transaction_id: nextId("c") });
    expect(fresh.answer).toMatchObject({ status: "OK", balance: 2_500 });
    expect(await journalsOf(t, TEST_PROVIDER, credit.transaction_id)).toBe(0);
  });

  describe("a provider with free-round credits", () => {
    beforeAll(async () => {
      await setFreeRoundCredits(t, TEST_PROVIDER, true);
    });
    afterAll(async () => {
      await setFreeRoundCredits(t, TEST_PROVIDER, false);
    });

    it("credits without a debit, exactly once per transaction id", async () => {
      const p = await player(t, 1_000);
      const body = { player: p.userCode, transaction_id: nextId("c"), round_id: nextId("r"), amount: 2_000, kind: "jackpot" };
      const first = await wallet(t, "credit", body);
      expect(first.answer).toEqual({ status: "OK", balance: 3_000, transaction_id: body.transaction_id });
      expect((await wallet(t, "credit", body)).answer).toEqual(first.answer);
      expect((await wallet(t, "credit", { ...body, amount: 9_999 })).answer.status).toBe("DUPLICATE_TRANSACTION");
      expect((await balancesOf(t, p.id)).game_balance).toBe(3_000);
      expect(await journalsOf(t, TEST_PROVIDER, body.transaction_id)).toBe(1);
      // A free round's win (no kind) is paid too; a second win on that ended round is not.
      const round = nextId("r");
      const win = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 400 });
      expect(win.answer).toMatchObject({ status: "OK", balance: 3_400 });
      const again = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 400 });
      expect(again.answer).toMatchObject({ status: "ALREADY_SETTLED", balance: 3_400 });
    });

    it("still refuses a credit for a round whose bets were rolled back", async () => {
      const p = await player(t, 1_000);
      const round = nextId("r");
      const debit = { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 600 };
      await wallet(t, "debit", debit);
      await wallet(t, "rollback", { player: p.userCode, transaction_id: nextId("rb"), reference_transaction_id: debit.transaction_id });
      const res = await wallet(t, "credit", {
        player: p.userCode,
        transaction_id: nextId("c"),
        round_id: round,
        amount: 600,
        kind: "bonus",
      });
      expect(res.answer).toMatchObject({ status: "ALREADY_ROLLED_BACK", balance: 1_000 });
    });
  });

  it("refuses a bonus for a free round once the provider's free-round credits are switched off", async () => {
    const p = await player(t, 1_000);
    const round = nextId("r");
    await setFreeRoundCredits(t, TEST_PROVIDER, true);
    try {
      const free = await wallet(t, "credit", {
        player: p.userCode,
        transaction_id: nextId("c"),
        round_id: round,
        amount: 100,
        kind: "bonus",
      });
      expect(free.answer).toMatchObject({ status: "OK", balance: 1_100 });
    } finally {
      await setFreeRoundCredits(t, TEST_PROVIDER, false);
    }
    const before = await moneySnapshot(t.ctx.db);
    const later = await wallet(t, "credit", {
      player: p.userCode,
      transaction_id: nextId("c"),
      round_id: round,
      amount: 100,
      kind: "bonus",
    });
    expect(later.answer).toMatchObject({ status: "TRANSACTION_NOT_FOUND", balance: 1_100 });
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });
});
