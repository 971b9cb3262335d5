import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../lib/clock.ts";
import { move, product, uid } from "../modules/gsc/gsc.test-helpers.ts";
import { simulatedGscConfig } from "../modules/gsc/gsc-config.ts";
import { gscPathCounts, setGscOneCall } from "../modules/gsc/gsc-one-call.ts";
import { createSystemAccount } from "../modules/ledger/ledger.repository.ts";
import { createUser, expectErrorBody, expectLedgerClean, fund, type TestUser } from "../modules/ledger/testing.ts";
import { betPathCounts, setOneCallBets } from "../modules/lottery/betting.service.ts";
import { bet, createDraw } from "../modules/lottery/lottery.test-helpers.ts";
import { setOneCallWallet, walletPathCounts } from "../modules/providers/wallet/wallet-one-call.ts";
import { CASINO_HOUSE_SHARDS, casinoAccountOf } from "../modules/providers/wallet/wallet-transaction.ts";
import { connectTestProvider, nextId, type Player, player, TEST_PROVIDER, wallet } from "../modules/providers/wallet.test-helpers.ts";
import { casinoPointsAccountOf } from "../modules/rewards/points.service.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { rowsOf } from "./client.ts";

/**
 * One clock for both money paths (decision 0025): the one-call functions (bet_place, wallet_debit,
 * gsc_element, through money_batch) judge a break by the server's instant, as the general path does, and
 * a draw's cut-off by the later of the server's instant and the database clock, as the general path
 * does. The server's clock here is a test's clock set an hour away from the database's, so a rule
 * judged by the wrong clock answers differently.
 */
const HOUR = 3_600_000;
/** A GSC+ product in kyat (MMK). */
const GSC_PRODUCT = 1006;

describe("one clock for the one-call and the general money paths", () => {
  let t: TestApp;
  const clock = new ManualClock(new Date());

  /** The database clock now. */
  async function databaseNow(): Promise<Date> {
    const row = rowsOf<{ now: string | Date }>(await t.ctx.db.execute(sql`select clock_timestamp() as now`))[0];
    return new Date(row?.now ?? 0);
  }

  /** Sets the server's clock `ms` away from the database clock. */
  async function serverClockAt(ms: number): Promise<void> {
    clock.set(new Date((await databaseNow()).getTime() + ms));
  }

  /** A break until `minutes` from the database clock's now. */
  async function breakUntil(userId: number, minutes: number): Promise<void> {
    await t.ctx.db.execute(
      sql`update users set excluded_until = clock_timestamp() + make_interval(mins => ${minutes}), excluded_forever = false where id = ${userId}`,
    );
  }

  /** Both paths: the one call first (as the server runs), then the general path alone. */
  function onBothPaths(enabled: boolean): void {
    setOneCallBets(t.ctx, enabled);
    setOneCallWallet(t.ctx, enabled);
    setGscOneCall(t.ctx, enabled);
  }

  /** A lottery player whose house shard exists (its first bet is the general path's) and a game-balance player. */
  async function players(drawId: number): Promise<{ bettor: TestUser; gamer: Player }> {
    const bettor = await createUser(t);
    await fund(t, bettor.id, 100_000);
    onBothPaths(true);
    expect((await bet(t, bettor.token, "2D", drawId, [{ number: "99", amount: 100 }])).statusCode).toBe(201);
    const gamer = await player(t, 100_000);
    return { bettor, gamer };
  }

  beforeAll(async () => {
    t = await createTestApp({ config: { gsc: simulatedGscConfig(), rateLimits: { enabled: false, factor: 1 } }, clock });
    connectTestProvider(t);
    await product(t, GSC_PRODUCT);
    for (let shard = 0; shard < CASINO_HOUSE_SHARDS; shard++) {
      await createSystemAccount(t.ctx.db, casinoAccountOf(TEST_PROVIDER, shard));
      await createSystemAccount(t.ctx.db, casinoAccountOf(`GSC${GSC_PRODUCT}`, shard));
      await createSystemAccount(t.ctx.db, casinoPointsAccountOf(shard));
    }
  }, 240_000);
  afterAll(async () => {
    onBothPaths(true);
    await expectLedgerClean(t);
    await t.close();
  });

  it("a break over by the server's clock (ahead of the database's): the one call accepts the slip, the debit and the GSC+ bet, as the general path does", async () => {
    const drawId = await createDraw(t, "2D", { closesIn: 3 * 3600 });
    for (const enabled of [true, false]) {
      await serverClockAt(0);
      const { bettor, gamer } = await players(drawId);
      onBothPaths(enabled);
      // Over in 30 minutes by the database clock, over already by the server's.
      await breakUntil(bettor.id, 30);
      await breakUntil(gamer.id, 30);
      await serverClockAt(HOUR);
      const bets = betPathCounts(t.ctx);
      const debits = walletPathCounts(t.ctx);

      const slip = await bet(t, bettor.token, "2D", drawId, [{ number: "12", amount: 500 }]);
      expect(slip.statusCode, `one call ${enabled}: ${slip.body}`).toBe(201);
      const debit = await wallet(t, "debit", { player: gamer.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 700 });
      expect(debit.answer, `one call ${enabled}`).toMatchObject({ status: "OK", balance: 99_300 });
      const elements = gscPathCounts(t.ctx);
      const gscBet = await move(t, "withdraw", gamer.userCode, GSC_PRODUCT, "MMK", [
        { id: uid("b"), action: "BET", amount: "300", wager_code: uid("w") },
      ]);
      expect(gscBet.answer.data?.[0], `one call ${enabled}`).toMatchObject({ code: 0, before_balance: 99_300, balance: 99_000 });

      const betsAfter = betPathCounts(t.ctx);
      const debitsAfter = walletPathCounts(t.ctx);
      expect(gscPathCounts(t.ctx)).toEqual(
        enabled ? { ...elements, oneCall: elements.oneCall + 1 } : { ...elements, general: elements.general + 1 },
      );
      // With the one call on, both took it: no hand-back to the general path.
      if (enabled) {
        expect(betsAfter).toEqual({ ...bets, oneCall: bets.oneCall + 1 });
        expect(debitsAfter).toEqual({ ...debits, oneCall: debits.oneCall + 1 });
      } else {
        expect(betsAfter).toEqual({ ...bets, general: bets.general + 1 });
        expect(debitsAfter).toEqual({ ...debits, general: debits.general + 1 });
      }
    }
  });

  it("a break still on by the server's clock (behind the database's): both paths refuse the slip, the debit and the GSC+ bet alike", async () => {
    const drawId = await createDraw(t, "2D", { closesIn: 3 * 3600 });
    for (const enabled of [true, false]) {
      await serverClockAt(0);
      const { bettor, gamer } = await players(drawId);
      onBothPaths(enabled);
      // Over 30 minutes ago by the database clock, on for half an hour more by the server's.
      await breakUntil(bettor.id, -30);
      await breakUntil(gamer.id, -30);
      await serverClockAt(-HOUR);

      const slip = await bet(t, bettor.token, "2D", drawId, [{ number: "34", amount: 500 }]);
      expectErrorBody(slip, 403, "SELF_EXCLUDED");
      const debit = await wallet(t, "debit", { player: gamer.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 700 });
      expect(debit.answer, `one call ${enabled}`).toMatchObject({ status: "PLAYER_BLOCKED", balance: 100_000 });
      const gscBet = await move(t, "withdraw", gamer.userCode, GSC_PRODUCT, "MMK", [
        { id: uid("b"), action: "BET", amount: "300", wager_code: uid("w") },
      ]);
      expect(gscBet.answer.data?.[0], `one call ${enabled}`).toMatchObject({ code: 999, balance: 100_000 });
    }
  });

  it("the cut-off: a server clock behind the database's never reopens a closed draw; one ahead closes it on both paths", async () => {
    const closedByDatabase = await createDraw(t, "2D", { closesIn: -5 });
    const closedByServer = await createDraw(t, "2D", { closesIn: 1800 });
    const open = await createDraw(t, "2D", { closesIn: 3 * 3600 });
    for (const enabled of [true, false]) {
      await serverClockAt(0);
      const { bettor } = await players(open);
      onBothPaths(enabled);
      // The server's clock runs an hour late: by it the draw closes in 55 minutes; by the database's it closed.
      await serverClockAt(-HOUR);
      expectErrorBody(await bet(t, bettor.token, "2D", closedByDatabase, [{ number: "56", amount: 500 }]), 422, "BETTING_CLOSED");
      // The server's clock an hour ahead: past a cut-off the database clock has 30 minutes to go.
      await serverClockAt(HOUR);
      expectErrorBody(await bet(t, bettor.token, "2D", closedByServer, [{ number: "56", amount: 500 }]), 422, "BETTING_CLOSED");
      // Before both: taken.
      expect((await bet(t, bettor.token, "2D", open, [{ number: "56", amount: 500 }])).statusCode).toBe(201);
    }
    const slips = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from bet_slips where draw_id in (${closedByDatabase}, ${closedByServer})`),
    );
    expect(Number(slips[0]?.n)).toBe(0);
  });
});
