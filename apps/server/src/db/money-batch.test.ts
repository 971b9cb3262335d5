import { sql } from "drizzle-orm";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSystemAccount } from "../modules/ledger/ledger.repository.ts";
import { PLAYER_ACCOUNT_KINDS } from "../modules/ledger/player-accounts.repository.ts";
import { balancesOf, createUser, expectLedgerClean, fund, type TestUser } from "../modules/ledger/testing.ts";
import { betPlaceReasonOf } from "../modules/lottery/betting.repository.ts";
import { betPathCounts, lotteryHouse } from "../modules/lottery/betting.service.ts";
import { bet, createDraw } from "../modules/lottery/lottery.test-helpers.ts";
import { LIMITS_SETTINGS, readGameAndLimits } from "../modules/lottery/lottery-config.ts";
import { walletLaneOf, walletLanes, walletPathCounts } from "../modules/providers/wallet/wallet-one-call.ts";
import { CASINO_HOUSE_SHARDS, casinoAccountOf } from "../modules/providers/wallet/wallet-transaction.ts";
import {
  connectTestProvider,
  expectRoundsReconciled,
  nextId,
  type Player,
  player,
  TEST_PROVIDER,
  wallet,
} from "../modules/providers/wallet.test-helpers.ts";
import { CASINO_POINT_SHARDS, casinoPointsAccountOf } from "../modules/rewards/points.service.ts";
import { createTestApp, databaseUrlOf, onRealPostgres, type TestApp } from "../test/test-app.ts";
import { rowsOf } from "./client.ts";
import { createMoneyBatcher, MoneyCallError } from "./money-batch.ts";

/**
 * Group commit (money_batch): calls arriving together share one statement and one commit, each call
 * still all-or-nothing on its own, each answer sent only after the commit.
 */
describe("group commit of the one-call money paths", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    connectTestProvider(t);
    for (let shard = 0; shard < 16; shard++) await createSystemAccount(t.ctx.db, `house:lottery:${shard}`);
    for (let shard = 0; shard < CASINO_HOUSE_SHARDS; shard++) {
      await createSystemAccount(t.ctx.db, casinoAccountOf(TEST_PROVIDER, shard));
      await createSystemAccount(t.ctx.db, casinoPointsAccountOf(shard));
    }
  });
  afterAll(async () => {
    await expectRoundsReconciled(t);
    await expectLedgerClean(t);
    await t.close();
  });

  it("bets sent at once share batches; a refused slip among them changes nothing and the others stand", async () => {
    const drawId = await createDraw(t, "2D");
    const rich: TestUser[] = [];
    const poor: TestUser[] = [];
    for (let i = 0; i < 24; i++) {
      const u = await createUser(t);
      await fund(t, u.id, i % 3 === 0 ? 50 : 10_000);
      (i % 3 === 0 ? poor : rich).push(u);
    }
    const batcher = t.ctx.moneyBatcher;
    if (!batcher) throw new Error("the test app batches money calls");
    const before = batcher.stats();
    const counts = betPathCounts(t.ctx);
    // Every player twice, all at once: the poor ones cannot pay (the general path refuses them).
    const all = [...rich, ...poor, ...rich, ...poor];
    const answers = await Promise.all(
      all.map((u, i) => bet(t, u.token, "2D", drawId, [{ number: String(i % 100).padStart(2, "0"), amount: 1_000 }])),
    );
    for (const [i, res] of answers.entries()) {
      const u = all[i] as TestUser;
      expect(res.statusCode, res.body).toBe(poor.includes(u) ? 422 : 201);
    }
    const after = batcher.stats();
    expect(after.calls - before.calls).toBe(all.length);
    // Fewer statements than calls: calls really went together.
    expect(after.batches - before.batches).toBeLessThan(all.length);
    expect(after.largest).toBeGreaterThan(1);
    expect(betPathCounts(t.ctx).oneCall - counts.oneCall).toBe(rich.length * 2);
    for (const u of rich) expect((await balancesOf(t, u.id)).balance).toBe(8_000);
    for (const u of poor) expect((await balancesOf(t, u.id)).balance).toBe(50);
    const slips = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from bet_slips where draw_id = ${drawId}`));
    expect(Number(slips[0]?.n)).toBe(rich.length * 2);
  });

  it("wallet calls sent at once share batches; repeats and refusals are answered as one by one", async () => {
    const players: Player[] = [];
    for (let i = 0; i < 12; i++) players.push(await player(t, 5_000));
    const rounds = players.map(() => nextId("r"));
    const debits = players.map(() => nextId("d"));
    const counts = walletPathCounts(t.ctx);
    // Each player's debit twice at once (the same transaction id), and a debit beyond the balance.
    const first = await Promise.all(
      players.flatMap((p, i) => [
        wallet(t, "debit", { player: p.userCode, transaction_id: debits[i], round_id: rounds[i], amount: 1_000 }),
        wallet(t, "debit", { player: p.userCode, transaction_id: debits[i], round_id: rounds[i], amount: 1_000 }),
        wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: rounds[i], amount: 9_000 }),
      ]),
    );
    for (let i = 0; i < players.length; i++) {
      const [a, b, c] = first.slice(i * 3, i * 3 + 3);
      expect(a?.answer).toEqual({ status: "OK", balance: 4_000, transaction_id: debits[i] });
      expect(b?.answer).toEqual(a?.answer);
      expect(c?.answer.status).toBe("INSUFFICIENT_FUNDS");
    }
    // Then every round's result and a rollback of a debit already settled, at once.
    const second = await Promise.all(
      players.flatMap((p, i) => [
        wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: rounds[i], amount: 2_500 }),
      ]),
    );
    for (const res of second) expect(res.answer).toMatchObject({ status: "OK", balance: 6_500 });
    const late = await Promise.all(
      players.map((p, i) =>
        wallet(t, "rollback", { player: p.userCode, transaction_id: nextId("b"), reference_transaction_id: debits[i] }),
      ),
    );
    for (const res of late) expect(res.answer.status).toBe("ALREADY_SETTLED");
    // Every call took one path or the other, and some went in one call. Not all of them need to: a
    // repeat answered by the general path holds the player's rows, and a batched call that waits more
    // than 2 ms for them is sent to the general path too (55P03), as in production.
    const moved = walletPathCounts(t.ctx);
    expect(moved.oneCall - counts.oneCall).toBeGreaterThan(0);
    expect(moved.oneCall + moved.refused + moved.general - (counts.oneCall + counts.refused + counts.general)).toBeGreaterThanOrEqual(
      players.length * 5,
    );
    for (const p of players) expect((await balancesOf(t, p.id)).game_balance).toBe(6_500);
  });

  it("a burst of one player's wallet calls reads the player's id once, not once per call", async () => {
    const [a, b] = [await player(t, 0), await player(t, 0)];
    const execute = vi.spyOn(t.ctx.db, "execute");
    try {
      const lanes = await Promise.all([
        ...Array.from({ length: 50 }, () => walletLaneOf(t.ctx, a.userCode)),
        ...Array.from({ length: 50 }, () => walletLaneOf(t.ctx, b.userCode)),
        ...Array.from({ length: 5 }, () => walletLaneOf(t.ctx, "NOSUCHCODE")),
      ]);
      expect(lanes.slice(0, 50)).toEqual(Array(50).fill({ lane: "wallet", part: a.id % 2 }));
      expect(lanes.slice(50, 100)).toEqual(Array(50).fill({ lane: "wallet", part: b.id % 2 }));
      expect(lanes.slice(100)).toEqual(Array(5).fill(undefined));
      // One read per player (and one for the unknown code, which is never kept).
      expect(execute).toHaveBeenCalledTimes(3);
      expect(await walletLaneOf(t.ctx, a.userCode)).toEqual({ lane: "wallet", part: a.id % 2 });
      expect(await walletLaneOf(t.ctx, "NOSUCHCODE")).toBeUndefined();
      expect(execute).toHaveBeenCalledTimes(4);
    } finally {
      execute.mockRestore();
    }
  });

  it("wallet calls go in their lane in a part per player id parity, and no call of one part is sent back for a lock of the other", async () => {
    const batcher = t.ctx.moneyBatcher;
    if (!batcher) throw new Error("the test app batches money calls");
    const players: Player[] = [];
    for (let i = 0; i < 16; i++) players.push(await player(t, 5_000));
    expect(new Set(players.map((p) => p.id % 2))).toEqual(new Set([0, 1]));
    const lanesBefore = batcher.stats().lanes;
    const counts = walletPathCounts(t.ctx);
    for (const p of players) expect(await walletLaneOf(t.ctx, p.userCode)).toEqual({ lane: "wallet", part: p.id % 2 });
    expect(await walletLaneOf(t.ctx, "NOSUCHCODE")).toBeUndefined();
    const rounds = players.map(() => nextId("r"));
    // Three waves of every player at once: a debit, its round's credit, a second debit rolled back.
    const debits = players.map(() => nextId("d"));
    const waves: Array<(p: Player, i: number) => ReturnType<typeof wallet>> = [
      (p, i) => wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: rounds[i], amount: 1_000 }),
      (p, i) => wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: rounds[i], amount: 1_500 }),
      (p, i) => wallet(t, "debit", { player: p.userCode, transaction_id: debits[i], round_id: nextId("r"), amount: 700 }),
      (p, i) => wallet(t, "rollback", { player: p.userCode, transaction_id: nextId("b"), reference_transaction_id: debits[i] }),
    ];
    for (const wave of waves) {
      const answers = await Promise.all(players.map(wave));
      for (const res of answers) expect(res.answer.status).toBe("OK");
    }
    const lanes = batcher.stats().lanes;
    const sent = (lane: string) => (lanes[lane] ?? 0) - (lanesBefore[lane] ?? 0);
    const even = players.filter((p) => p.id % 2 === 0).length;
    expect([sent("wallet:0"), sent("wallet:1"), sent("money")]).toEqual([even * 4, (players.length - even) * 4, 0]);
    // Two parts lock no row in common: their batches, in the database side by side, send no call back
    // for a row the other holds. lock_timeout (2 ms) applies to every lock wait, not only rows (such as
    // extending a table both batches write to: journals, entries, outbox, callbacks), and now and then
    // a call is sent to the general path with the other part's batch as the only other statement running
    // (seen: 1 to 3 of 64, in about 1 run in 10); a shared house or points shard would send back most
    // calls of every wave. Every call is answered once either way, and the balances are exact.
    const oneCall = walletPathCounts(t.ctx).oneCall - counts.oneCall;
    const general = walletPathCounts(t.ctx).general - counts.general;
    expect(oneCall + general).toBe(players.length * 4);
    expect(general).toBeLessThanOrEqual(4);
    for (const p of players) expect((await balancesOf(t, p.id)).game_balance).toBe(5_500);
  });

  it("any part count is cut to a divisor of both shard counts, so two parts never share a house or points shard", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.nat(1_000_000), fc.nat(1_000_000), (configured, a, b) => {
        const lanes = walletLanes(configured);
        expect(CASINO_HOUSE_SHARDS % lanes).toBe(0);
        expect(CASINO_POINT_SHARDS % lanes).toBe(0);
        expect(lanes).toBeLessThanOrEqual(configured);
        if (a % lanes !== b % lanes) {
          expect(a % CASINO_HOUSE_SHARDS).not.toBe(b % CASINO_HOUSE_SHARDS);
          expect(a % CASINO_POINT_SHARDS).not.toBe(b % CASINO_POINT_SHARDS);
        }
      }),
    );
    expect([1, 2, 3, 4, 6, 16, 17].map(walletLanes)).toEqual([1, 2, 1, 4, 2, 16, 1]);
  });

  it("calls of several lanes at once: each lane sends one batch at a time, drain waits for all", async () => {
    const batcher = createMoneyBatcher(t.ctx.db, { windowMs: 5, maxCalls: 4, walletLanes: 1 });
    const debit = (lane: string, n: number) =>
      batcher.run({
        fn: "wallet_debit",
        lane,
        args: [
          TEST_PROVIDER,
          `nobody-${n}`,
          `t-${n}`,
          "r-1",
          null,
          100,
          "h",
          16,
          7,
          "GDG",
          "debit",
          {},
          "{}",
          null,
          t.ctx.clock.now().toISOString(),
        ],
      });
    const calls = [...Array(10).keys()].map((n) => debit(n % 2 === 0 ? "a" : "b", n).catch((err: MoneyCallError) => err.code));
    await batcher.drain();
    const stats = batcher.stats();
    expect(stats.lanes).toEqual({ a: 5, b: 5 });
    // 5 calls a lane, at most 4 a batch: two batches each; one per lane at a time.
    expect(stats).toMatchObject({ batches: 4, calls: 10, largest: 4, mostAtOnce: 2 });
    expect(await Promise.all(calls)).toEqual(calls.map(() => "SWW01"));
  });

  it("a call that raises is undone alone: the batch's other calls commit", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 10_000);
    const drawId = await createDraw(t, "2D");
    const { fingerprint } = await readGameAndLimits(t.ctx.db, "2D");
    if (!fingerprint) throw new Error("2D has a game row");
    const batcher = createMoneyBatcher(t.ctx.db, { windowMs: 5, maxCalls: 64, walletLanes: 1 });
    const slip = (number: string, amount: number) =>
      batcher.run({
        fn: "bet_place",
        args: [
          u.id,
          "2D",
          drawId,
          [number],
          [amount],
          1_000_000,
          1_000_000,
          [],
          fingerprint.game,
          LIMITS_SETTINGS["2D"].key,
          fingerprint.limits,
          null,
          null,
          null,
          lotteryHouse(u.id).code,
          PLAYER_ACCOUNT_KINDS.length,
          t.ctx.clock.now().toISOString(),
        ],
      });
    const outcomes = await Promise.allSettled([
      slip("01", 100),
      batcher.run({
        fn: "wallet_debit",
        args: [
          TEST_PROVIDER,
          "nobody",
          "t-1",
          "r-1",
          null,
          100,
          "h",
          16,
          7,
          "GDG",
          "debit",
          {},
          "{}",
          null,
          t.ctx.clock.now().toISOString(),
        ],
      }),
      slip("02", 50_000),
      slip("03", 100),
    ]);
    expect(batcher.stats()).toMatchObject({ batches: 1, calls: 4 });
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    const reason = (i: number) => (outcomes[i] as PromiseRejectedResult).reason as MoneyCallError;
    expect(reason(1)).toBeInstanceOf(MoneyCallError);
    expect([reason(1).code, reason(1).message]).toEqual(["SWW01", "wallet_debit: PLAYER"]);
    expect(reason(2).code).toBe("SWB01");
    expect(betPlaceReasonOf(reason(2))).toEqual({ code: "FUNDS", readings: { hot: [], blocked: [], staked: { "02": 0 }, balance: 9_900 } });
    const slips = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from bet_slips where draw_id = ${drawId}`));
    expect(Number(slips[0]?.n)).toBe(2);
    expect((await balancesOf(t, u.id)).balance).toBe(9_800);
  });

  it("a call without the server's instant (a server from before migration 0042) is handed back, having written nothing", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 10_000);
    const drawId = await createDraw(t, "2D");
    const { fingerprint } = await readGameAndLimits(t.ctx.db, "2D");
    if (!fingerprint) throw new Error("2D has a game row");
    const batcher = createMoneyBatcher(t.ctx.db, { windowMs: 5, maxCalls: 64, walletLanes: 1 });
    const args = [
      u.id,
      "2D",
      drawId,
      ["07"],
      [100],
      1_000_000,
      1_000_000,
      [],
      fingerprint.game,
      LIMITS_SETTINGS["2D"].key,
      fingerprint.limits,
      null,
      null,
      null,
      lotteryHouse(u.id).code,
      PLAYER_ACCOUNT_KINDS.length,
    ];
    const outcomes = await Promise.allSettled([
      batcher.run({ fn: "bet_place", args }),
      batcher.run({ fn: "bet_place", args: [...args, null] }),
      batcher.run({ fn: "bet_place", args: [...args, t.ctx.clock.now().toISOString()] }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "fulfilled"]);
    for (const o of outcomes.slice(0, 2)) {
      expect(betPlaceReasonOf((o as PromiseRejectedResult).reason)).toEqual({ code: "SHAPE" });
    }
    const slips = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from bet_slips where draw_id = ${drawId}`));
    expect(Number(slips[0]?.n)).toBe(1);
    expect((await balancesOf(t, u.id)).balance).toBe(9_900);
  });

  it("a call carrying text jsonb refuses (NUL, a lone surrogate) goes alone and fails alone", async () => {
    const batcher = createMoneyBatcher(t.ctx.db, { windowMs: 5, maxCalls: 64, walletLanes: 1 });
    const debit = (player: string) =>
      batcher.run({
        fn: "wallet_debit",
        args: [TEST_PROVIDER, player, "t-1", "r-1", null, 100, "h", 16, 7, "GDG", "debit", {}, "{}", null, t.ctx.clock.now().toISOString()],
      });
    const outcomes = await Promise.allSettled([debit("nobody"), debit("no\u0000body"), debit("no\ud800body"), debit("nobody-either")]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
    const codes = outcomes.map((o) => ((o as PromiseRejectedResult).reason as { code?: string }).code);
    // The two good calls went together and were answered by wallet_debit; the other two alone, by PostgreSQL's JSON parser.
    expect([codes[0], codes[3]]).toEqual(["SWW01", "SWW01"]);
    expect(codes[1]).not.toBe("SWW01");
    expect(codes[2]).not.toBe("SWW01");
    expect(batcher.stats()).toMatchObject({ batches: 1, calls: 2 });
  });

  it.skipIf(!onRealPostgres)(
    "a batch never waits on a row lock held elsewhere: that call goes to the general path, which waits its turn",
    async () => {
      const u = await createUser(t);
      await fund(t, u.id, 10_000);
      const drawId = await createDraw(t, "2D");
      const other = new pg.Client({ connectionString: await databaseUrlOf(t.database) });
      await other.connect();
      try {
        // Another transaction (another instance's batch, a transfer) holds the player's accounts.
        await other.query("begin");
        await other.query("select id from ledger_accounts where user_id = $1 for update", [u.id]);
        const counts = betPathCounts(t.ctx);
        const pending = bet(t, u.token, "2D", drawId, [{ number: "21", amount: 100 }]);
        const others = await Promise.all(
          [1, 2, 3].map(async (i) => {
            const v = await createUser(t);
            await fund(t, v.id, 1_000);
            return bet(t, v.token, "2D", drawId, [{ number: `3${i}`, amount: 100 }]);
          }),
        );
        // Meanwhile the other players' slips are not held up behind the lock.
        for (const res of others) expect(res.statusCode).toBe(201);
        await new Promise((r) => setTimeout(r, 100));
        await other.query("commit");
        const res = await pending;
        expect(res.statusCode, res.body).toBe(201);
        expect(betPathCounts(t.ctx).general - counts.general).toBeGreaterThanOrEqual(1);
        expect((await balancesOf(t, u.id)).balance).toBe(9_900);
      } finally {
        await other.end();
      }
    },
  );

  it.skipIf(!onRealPostgres)(
    "slips that share a house shard and a busy number with another instance's batch wait for it, none is sent to the general path",
    async () => {
      const drawId = await createDraw(t, "2D");
      // The busy number's exposure row exists (the draw's first slips made it).
      const first = await createUser(t);
      await fund(t, first.id, 1_000);
      expect((await bet(t, first.token, "2D", drawId, [{ number: "77", amount: 100 }])).statusCode).toBe(201);
      // Players of one house shard, each with a slip on the busy number and one of their own.
      const players: TestUser[] = [];
      while (players.length < 6) {
        const u = await createUser(t);
        if (u.id % 16 !== 5) continue;
        await fund(t, u.id, 1_000);
        players.push(u);
      }
      const url = await databaseUrlOf(t.database);
      const other = new pg.Client({ connectionString: url });
      const watch = new pg.Client({ connectionString: url });
      await Promise.all([other.connect(), watch.connect()]);
      try {
        // Another instance's batch in flight holds the shard's house row and the busy number's row.
        await other.query("begin");
        await other.query("select id from ledger_accounts where code = $1 for update", [lotteryHouse(5).code]);
        await other.query("select number from number_exposure where draw_id = $1 and number = '77' for update", [drawId]);
        const counts = betPathCounts(t.ctx);
        const pending = players.map((u, i) =>
          bet(t, u.token, "2D", drawId, [
            { number: "77", amount: 100 },
            { number: String(10 + i), amount: 100 },
          ]),
        );
        // Until a statement of this database waits on one of those locks (the batch, or the general path).
        const [{ pid }] = (await other.query("select pg_backend_pid() as pid")).rows as [{ pid: number }];
        for (;;) {
          const waiting = await watch.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and $1 = any (pg_blocking_pids(pid))",
            [pid],
          );
          if (Number(waiting.rows[0]?.n) > 0) break;
        }
        await other.query("commit");
        const answers = await Promise.all(pending);
        for (const res of answers) expect(res.statusCode, res.body).toBe(201);
        const now = betPathCounts(t.ctx);
        expect({ oneCall: now.oneCall - counts.oneCall, general: now.general - counts.general }).toEqual({
          oneCall: players.length,
          general: 0,
        });
        for (const u of players) expect((await balancesOf(t, u.id)).balance).toBe(800);
        const staked = await watch.query("select staked::int as s from number_exposure where draw_id = $1 and number = '77'", [drawId]);
        expect(staked.rows[0]?.s).toBe(100 + players.length * 100);
      } finally {
        await other.query("rollback").catch(() => {});
        await other.end();
        await watch.end();
      }
    },
  );

  it.skipIf(!onRealPostgres)("answers each call only once its batch has committed (seen from another connection)", async () => {
    const drawId = await createDraw(t, "2D");
    const users: TestUser[] = [];
    for (let i = 0; i < 16; i++) {
      const u = await createUser(t);
      await fund(t, u.id, 1_000);
      users.push(u);
    }
    const other = new pg.Client({ connectionString: await databaseUrlOf(t.database) });
    await other.connect();
    try {
      const seen = await Promise.all(
        users.map(async (u, i) => {
          const res = await bet(t, u.token, "2D", drawId, [{ number: String(i).padStart(2, "0"), amount: 100 }]);
          expect(res.statusCode).toBe(201);
          const slip = (res.json() as { slip_id: number }).slip_id;
          const row = await other.query("select count(*)::int as n from bet_slips where id = $1", [slip]);
          return Number(row.rows[0]?.n);
        }),
      );
      expect(seen).toEqual(users.map(() => 1));
    } finally {
      await other.end();
    }
  });
});

describe("without group commit (MONEY_BATCH=off)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { moneyBatch: undefined } });
    connectTestProvider(t);
    for (let shard = 0; shard < 16; shard++) await createSystemAccount(t.ctx.db, `house:lottery:${shard}`);
    for (let shard = 0; shard < CASINO_HOUSE_SHARDS; shard++) await createSystemAccount(t.ctx.db, casinoAccountOf(TEST_PROVIDER, shard));
  });
  afterAll(async () => {
    await expectRoundsReconciled(t);
    await expectLedgerClean(t);
    await t.close();
  });

  it("a bet and each wallet call still take one statement of their own", async () => {
    expect(t.ctx.moneyBatcher).toBeUndefined();
    const u = await createUser(t);
    await fund(t, u.id, 1_000);
    const drawId = await createDraw(t, "2D");
    const bets = betPathCounts(t.ctx);
    expect((await bet(t, u.token, "2D", drawId, [{ number: "44", amount: 300 }])).statusCode).toBe(201);
    expect((await bet(t, u.token, "2D", drawId, [{ number: "45", amount: 300 }])).statusCode).toBe(201);
    expect(betPathCounts(t.ctx).oneCall - bets.oneCall).toBeGreaterThanOrEqual(1);
    expect((await balancesOf(t, u.id)).balance).toBe(400);

    const p = await player(t, 1_000);
    const calls = walletPathCounts(t.ctx);
    const [round, cancelled] = [nextId("r"), nextId("r")];
    const debit = nextId("d");
    const kept = nextId("d");
    expect(
      (await wallet(t, "debit", { player: p.userCode, transaction_id: debit, round_id: cancelled, amount: 200 })).answer,
    ).toMatchObject({
      status: "OK",
      balance: 800,
    });
    expect((await wallet(t, "debit", { player: p.userCode, transaction_id: kept, round_id: round, amount: 300 })).answer.balance).toBe(500);
    expect(
      (await wallet(t, "rollback", { player: p.userCode, transaction_id: nextId("b"), reference_transaction_id: debit })).answer,
    ).toMatchObject({ status: "OK", balance: 700 });
    expect(
      (await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 1_000 })).answer,
    ).toMatchObject({
      status: "OK",
      balance: 1_700,
    });
    expect(walletPathCounts(t.ctx).oneCall - calls.oneCall).toBe(4);
  });
});
