import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { PreparingClient } from "../../db/prepared-client.ts";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { bet, createDraw } from "../lottery/lottery.test-helpers.ts";
import { settleDraw } from "../lottery/settlement.service.ts";
import { connectTestProvider, nextId, type Player, player, wallet } from "../providers/wallet.test-helpers.ts";
import { createUser, expectLedgerClean, fund, type TestUser } from "./testing.ts";

/**
 * Statement budgets of the money paths on real PostgreSQL: every statement the server sends
 * (BEGIN, SAVEPOINT and COMMIT included) is one round trip to the database, and round trips are most
 * of what a bet or a wallet call costs. A change that adds one must raise the budget here on purpose.
 * Settlement is set-based: its statements depend on the number of batches, never on the number of
 * winning lines.
 */
// Reading committed live events to send them, and upserting this process's socket count.
const BACKGROUND = /^\s*select\b[^;]*\bfrom live_events\b|\blive_presence\b/i;
const sqlOf = (q: unknown): string => (typeof q === "string" ? q : String((q as { text?: unknown } | null)?.text ?? ""));

describe.skipIf(!onRealPostgres)("round trips of the money paths (set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  let alice: TestUser;
  let p: Player;
  beforeAll(async () => {
    t = await createTestApp();
    connectTestProvider(t);
    alice = await createUser(t);
    await fund(t, alice.id, 1_000_000);
    p = await player(t, 1_000_000);
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  /**
   * Runs `work` and answers how many statements it sent, and its result. Statements of the process's
   * own background work that may run at the same moment (delivering live events to sockets, reporting
   * this process's sockets) are not the work's and are left out.
   */
  async function counted<T>(work: () => Promise<T>): Promise<{ statements: number; result: T }> {
    // Another call's announcement still on its way is not this work's.
    await t.ctx.balanceAnnouncer.drain();
    const spy = vi.spyOn(PreparingClient.prototype, "query");
    try {
      const result = await work();
      // The balance change is announced after the answer: counted with the call that made it.
      await t.ctx.balanceAnnouncer.drain();
      const own = spy.mock.calls.filter((c) => !BACKGROUND.test(sqlOf(c[0])));
      return { statements: own.length, result };
    } finally {
      spy.mockRestore();
    }
  }

  it("a bet: at most 3 statements with or without an Idempotency-Key (token, bet_place, the shared notification)", async () => {
    const drawId = await createDraw(t, "2D");
    // The first bet of this house shard creates its account (one statement, then the posting again).
    expect((await bet(t, alice.token, "2D", drawId, [{ number: "11", amount: 100 }])).statusCode).toBe(201);
    const keyed = await counted(() =>
      bet(t, alice.token, "2D", drawId, [{ number: "12", amount: 100 }], { "idempotency-key": randomUUID() }),
    );
    expect(keyed.result.statusCode).toBe(201);
    expect(keyed.statements).toBeLessThanOrEqual(3);
    const plain = await counted(() => bet(t, alice.token, "2D", drawId, [{ number: "13", amount: 100 }]));
    expect(plain.result.statusCode).toBe(201);
    expect(plain.statements).toBeLessThanOrEqual(3);
  });

  it("a wallet call: at most 2 statements for a debit, a credit or a rollback (the call, the shared notification), 2 for a balance", async () => {
    // The first call of this house shard creates its account (one statement, then the posting again).
    const first = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 100 };
    expect((await wallet(t, "debit", first)).answer.status).toBe("OK");
    const round = nextId("r");
    const debit = await counted(() =>
      wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 100 }),
    );
    expect(debit.result.answer.status).toBe("OK");
    expect(debit.statements).toBeLessThanOrEqual(2);
    const credit = await counted(() =>
      wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 90 }),
    );
    expect(credit.result.answer.status).toBe("OK");
    expect(credit.statements).toBeLessThanOrEqual(2);
    const cancelled = nextId("d");
    expect(
      (await wallet(t, "debit", { player: p.userCode, transaction_id: cancelled, round_id: nextId("r"), amount: 100 })).answer.status,
    ).toBe("OK");
    const rollback = await counted(() =>
      wallet(t, "rollback", { player: p.userCode, transaction_id: nextId("b"), reference_transaction_id: cancelled }),
    );
    expect(rollback.result.answer.status).toBe("OK");
    expect(rollback.statements).toBeLessThanOrEqual(2);
    const balance = await counted(() => wallet(t, "balance", { player: p.userCode }));
    expect(balance.result.answer.status).toBe("OK");
    expect(balance.statements).toBeLessThanOrEqual(2);
  });

  it("settlement: the same statements for 12 and for 48 winning lines, a fixed number per batch", async () => {
    const players: TestUser[] = [];
    for (let i = 0; i < 12; i++) {
      const u = await createUser(t);
      await fund(t, u.id, 100_000);
      players.push(u);
    }
    const resulted = async (slipsEach: number) => {
      const drawId = await createDraw(t, "2D", { source: "manual" });
      for (const u of players) {
        for (let s = 0; s < slipsEach; s++) {
          const lines = [
            { number: "77", amount: 100 },
            { number: String(10 + s).padStart(2, "0"), amount: 100 },
          ];
          expect((await bet(t, u.token, "2D", drawId, lines)).statusCode).toBe(201);
        }
      }
      await t.ctx.db.execute(sql`
        update draws set status = 'resulted', result = '77', confirmed_at = now(),
               closes_at = clock_timestamp() - interval '2 seconds', draw_at = clock_timestamp() - interval '1 second'
         where id = ${drawId}`);
      return drawId;
    };
    const few = await resulted(1);
    const many = await resulted(4);
    // Batches of 5 players: 3 batches, then the final step that marks the draw settled.
    const a = await counted(() => settleDraw(t.ctx, few, 5));
    const b = await counted(() => settleDraw(t.ctx, many, 5));
    expect([a.result, b.result]).toEqual(["settled", "settled"]);
    expect(b.statements).toBe(a.statements);
    expect(a.statements).toBeLessThanOrEqual(4 * 20);
    const won = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from bet_lines where draw_id in (${few}, ${many}) and status = 'won'`),
    );
    expect(Number(won[0]?.n)).toBe(12 + 48);
  });
});
