import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../db/client.ts";
import { createTestApp, onRealPostgres, openSecondInstance, type TestApp } from "../../../test/test-app.ts";
import { balancesOf, call, expectLedgerClean, fund } from "../../ledger/testing.ts";
import { connectTestProvider, expectRoundsReconciled, journalsOf, nextId, player, TEST_PROVIDER, wallet } from "../wallet.test-helpers.ts";
import { setOneCallWallet } from "./wallet-one-call.ts";

function tally(values: (string | number)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

describe.skipIf(!onRealPostgres)("provider wallet under concurrency (real PostgreSQL only: set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A player's line (decision 0029) long enough for the 80 transfers of one player sent at once below.
    t = await createTestApp({
      config: { rateLimits: { enabled: false, factor: 1 }, playerMoneyQueue: { concurrency: 2, maxWaiting: 1_000, maxWaitMs: 60_000 } },
    });
    connectTestProvider(t);
  });
  afterEach(async () => {
    await expectLedgerClean(t);
    await expectRoundsReconciled(t);
  });
  afterAll(async () => t.close());

  it("200 concurrent identical debits → one debit, every answer the same OK", async () => {
    const p = await player(t, 100_000);
    const body = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 1_000 };
    const results = await Promise.all(Array.from({ length: 200 }, () => wallet(t, "debit", body)));
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 200: 200 });
    for (const r of results) expect(r.answer).toEqual({ status: "OK", balance: 99_000, transaction_id: body.transaction_id });
    expect((await balancesOf(t, p.id)).game_balance).toBe(99_000);
    expect(await journalsOf(t, TEST_PROVIDER, body.transaction_id)).toBe(1);
  });

  it("200 concurrent debits with one id and different amounts → exactly one applied, the rest DUPLICATE_TRANSACTION", async () => {
    const p = await player(t, 1_000_000);
    const id = nextId("d");
    const round = nextId("r");
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        wallet(t, "debit", { player: p.userCode, transaction_id: id, round_id: round, amount: 1_000 + i }),
      ),
    );
    const counts = tally(results.map((r) => r.answer.status));
    const applied = rowsOf<{ amount: number }>(
      await t.ctx.db.execute(sql`select amount from provider_transactions where provider = ${TEST_PROVIDER} and transaction_id = ${id}`),
    );
    const amount = Number(applied[0]?.amount);
    // Only repeats of the winning body replay OK; every other body is a duplicate.
    expect(counts.OK).toBe(1);
    expect(counts.DUPLICATE_TRANSACTION).toBe(199);
    expect((await balancesOf(t, p.id)).game_balance).toBe(1_000_000 - amount);
  });

  it("two server instances, each grouping its calls into batches: 10 players × 100 debits of 100 against 5,000 each → exactly 50 each, then every round's result once", async () => {
    const second = await openSecondInstance(t);
    try {
      const other = second.asTestApp;
      connectTestProvider(other);
      const ps = await Promise.all(Array.from({ length: 10 }, () => player(t, 5_000)));
      const sent = Array.from({ length: 1_000 }, (_, i) => ({
        instance: i % 2 === 0 ? t : other,
        body: { player: (ps[i % 10] as { userCode: string }).userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 100 },
      }));
      const results = await Promise.all(sent.map((s) => wallet(s.instance, "debit", s.body)));
      expect(tally(results.map((r) => r.answer.status))).toEqual({ OK: 500, INSUFFICIENT_FUNDS: 500 });
      for (const p of ps) expect((await balancesOf(t, p.id)).game_balance).toBe(0);
      // Each accepted round's result, sent to either instance: each credited once.
      const credits = await Promise.all(
        sent
          .filter((_, i) => results[i]?.answer.status === "OK")
          .map((s, i) =>
            wallet(i % 2 === 0 ? s.instance : t, "credit", {
              player: s.body.player,
              transaction_id: nextId("c"),
              round_id: s.body.round_id,
              amount: 50,
            }),
          ),
      );
      expect(tally(credits.map((r) => r.answer.status))).toEqual({ OK: 500 });
      for (const p of ps) expect((await balancesOf(t, p.id)).game_balance).toBe(2_500);
    } finally {
      await second.close();
    }
  }, 120_000);

  it("a burst longer than the pool serves within its wait for a connection: every call still gets its wallet answer, never a 5xx", async () => {
    // One connection for the calls (the other listens), and a wait for it far shorter than the burst.
    const second = await openSecondInstance(t, { poolSize: 2, connectTimeoutMs: 200 });
    try {
      const other = second.asTestApp;
      connectTestProvider(other);
      // The general path: each call holds the connection for a transaction of several statements.
      setOneCallWallet(other.ctx, false);
      const p = await player(t, 30_000);
      const results = await Promise.all(
        // 100 calls of several statements each outlast a 200 ms wait several times over, with room
        // for a slow machine within the retries (about 8 s in all).
        Array.from({ length: 100 }, () =>
          wallet(other, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 100 }),
        ),
      );
      expect(results.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${JSON.stringify(r.answer)}`)).toEqual([]);
      expect(tally(results.map((r) => r.answer.status))).toEqual({ OK: 100 });
      expect((await balancesOf(t, p.id)).game_balance).toBe(20_000);
    } finally {
      await second.close();
    }
  }, 60_000);

  it("debits racing game → main transfers never overdraw the game balance", async () => {
    const p = await player(t, 0);
    await fund(t, p.id, 100_000, "main");
    expect((await call(t, "POST", "/api/user/transfer_in", { token: p.token, body: { amount: 100_000 } })).statusCode).toBe(200);
    const debits = Array.from({ length: 80 }, () =>
      wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 1_000 }),
    );
    const transfers = Array.from({ length: 80 }, () =>
      call(t, "POST", "/api/user/transfer_out", { token: p.token, body: { amount: 1_000 } }),
    );
    const [d, tr] = await Promise.all([Promise.all(debits), Promise.all(transfers)]);
    expect(d.filter((r) => r.statusCode !== 200).map((r) => JSON.stringify(r.answer))).toEqual([]);
    expect(tr.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    const okDebits = d.filter((r) => r.answer.status === "OK").length;
    const okTransfers = tr.filter((r) => r.statusCode === 200).length;
    for (const r of d.filter((x) => x.answer.status !== "OK")) expect(r.answer.status).toBe("INSUFFICIENT_FUNDS");
    expect(okDebits + okTransfers).toBe(100);
    expect(await balancesOf(t, p.id)).toMatchObject({ game_balance: 0, balance: okTransfers * 1_000 });
  });

  it("a retry storm on a rollback (with its debit, other rollbacks and the result) never answers a 5xx and refunds once", async () => {
    const p = await player(t, 50_000);
    const debit = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 5_000 };
    const rollback = { player: p.userCode, transaction_id: nextId("rb"), reference_transaction_id: debit.transaction_id };
    const calls = [
      ...Array.from({ length: 150 }, () => wallet(t, "rollback", rollback)),
      ...Array.from({ length: 30 }, () => wallet(t, "rollback", { ...rollback, transaction_id: nextId("rb") })),
      ...Array.from({ length: 30 }, () => wallet(t, "debit", debit)),
      wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: debit.round_id, amount: 0 }),
    ];
    const results = await Promise.all(calls);
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 200: calls.length });
    const game = (await balancesOf(t, p.id)).game_balance;
    const refunds = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from journals where kind = 'casino_bet_rollback' and meta ->> 'reference_transaction_id' = ${debit.transaction_id}`,
      ),
    );
    const debited = await journalsOf(t, TEST_PROVIDER, debit.transaction_id);
    expect(debited).toBeLessThanOrEqual(1);
    expect(Number(refunds[0]?.n)).toBeLessThanOrEqual(debited);
    // Either the bet stands (lost round) or it never took money or was refunded once.
    expect([45_000, 50_000]).toContain(game);
    // Every repeat of the same rollback got the same answer.
    const same = results.slice(0, 150).map((r) => JSON.stringify(r.answer));
    expect(new Set(same).size).toBe(1);
  });

  it("rollback and its debit arriving together, 40 times: the money is either taken and refunded or never taken", async () => {
    const p = await player(t, 40_000);
    const pairs = Array.from({ length: 40 }, (_, i) => {
      const debit = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 1_000 };
      const rollback = { player: p.userCode, transaction_id: nextId("rb"), reference_transaction_id: debit.transaction_id };
      return i % 2 === 0
        ? Promise.all([wallet(t, "debit", debit), wallet(t, "rollback", rollback)])
        : Promise.all([wallet(t, "rollback", rollback), wallet(t, "debit", debit)]).then(([r, d]) => [d, r] as const);
    });
    for (const [d, r] of await Promise.all(pairs)) {
      if (d.answer.status === "OK") expect(r.answer.status).toBe("OK");
      else {
        expect(d.answer.status).toBe("ALREADY_ROLLED_BACK");
        expect(r.answer.status).toBe("TRANSACTION_NOT_FOUND");
      }
    }
    expect((await balancesOf(t, p.id)).game_balance).toBe(40_000);
  });

  it("results racing rollbacks over 40 rounds: exactly one of each pair wins", async () => {
    const p = await player(t, 400_000);
    const rounds = [];
    for (let i = 0; i < 40; i++) {
      const debit = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 1_000 };
      expect((await wallet(t, "debit", debit)).answer.status).toBe("OK");
      rounds.push(debit);
    }
    const results = await Promise.all(
      rounds.map((d) =>
        Promise.all([
          wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: d.round_id, amount: 2_000 }),
          wallet(t, "rollback", { player: p.userCode, transaction_id: nextId("rb"), reference_transaction_id: d.transaction_id }),
        ]),
      ),
    );
    let wins = 0;
    for (const [c, r] of results) {
      expect([c.answer.status, r.answer.status].filter((s) => s === "OK")).toHaveLength(1);
      if (c.answer.status === "OK") {
        wins++;
        expect(r.answer.status).toBe("ALREADY_SETTLED");
      } else expect(c.answer.status).toBe("ALREADY_ROLLED_BACK");
    }
    expect((await balancesOf(t, p.id)).game_balance).toBe(400_000 - 40_000 + wins * 2_000 + (40 - wins) * 1_000);
  });
});
