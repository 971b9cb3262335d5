import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createUser, fund, type TestUser } from "../ledger/testing.ts";
import {
  balancePushStatements,
  markBalanceDelivered,
  markBalancesDelivered,
  readLiveBalances,
  readLiveBalancesOf,
} from "./realtime.repository.ts";

/**
 * A live balance push reads the player's balances and marks their outbox rows delivered; under load
 * the pushes of several players share one statement each. Those must answer each player exactly as
 * the statements of one player do.
 */
describe("balance pushes of several players in one statement", () => {
  let t: TestApp;
  let players: TestUser[];
  beforeAll(async () => {
    t = await createTestApp();
    players = [];
    for (const [main, game] of [
      [5_000, 0],
      [700, 300],
      [0, 0],
    ] as const) {
      const u = await createUser(t);
      if (main > 0) await fund(t, u.id, main);
      if (game > 0) await fund(t, u.id, game, "game");
      players.push(u);
    }
  }, 240_000);
  afterAll(async () => {
    await t.close();
  });

  const waiting = async (userId: number) =>
    Number(
      rowsOf<{ n: number }>(
        await t.ctx.db.execute(
          sql`select count(*)::int as n from outbox where topic = 'balance' and user_id = ${userId} and delivered_at is null`,
        ),
      )[0]?.n,
    );

  it("reads each player's balances, in order, as the one-player read does", async () => {
    const [a, b, c] = players as [TestUser, TestUser, TestUser];
    const ids = [b.id, a.id, c.id, b.id, 987_654_321];
    const together = await readLiveBalancesOf(t.ctx.db, ids);
    expect(together).toEqual(await Promise.all(ids.map((id) => readLiveBalances(t.ctx.db, id))));
    expect(together[1]?.balance).toBe(5_000);
    expect(together[0]).toMatchObject({ balance: 700, game_balance: 300 });
    const gathered = balancePushStatements(t.ctx.db);
    expect(await Promise.all(ids.map((id) => gathered.read(id)))).toEqual(together);
  });

  it("marks each player's waiting rows delivered once and answers its lag", async () => {
    const [a, b, c] = players as [TestUser, TestUser, TestUser];
    expect(await waiting(a.id)).toBeGreaterThan(0);
    expect(await waiting(b.id)).toBeGreaterThan(0);
    const lags = await markBalancesDelivered(t.ctx.db, [a.id, c.id, b.id, a.id]);
    expect(lags[0]).toEqual(expect.any(Number));
    expect(lags[1]).toBeNull();
    expect(lags[2]).toEqual(expect.any(Number));
    // The second call of the same player finds nothing left waiting, as it would one statement later.
    expect(lags[3]).toBeNull();
    expect([await waiting(a.id), await waiting(b.id)]).toEqual([0, 0]);
    expect(await markBalanceDelivered(t.ctx.db, a.id)).toBeNull();

    await fund(t, a.id, 100);
    await fund(t, b.id, 100);
    const gathered = balancePushStatements(t.ctx.db);
    const again = await Promise.all([a.id, b.id, c.id].map((id) => gathered.markDelivered(id)));
    expect(again.map((lag) => lag === null)).toEqual([false, false, true]);
    expect([await waiting(a.id), await waiting(b.id)]).toEqual([0, 0]);
  });
});
