import { fairNumber } from "@shwe/domain";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, databaseUrlOf, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { balancesOf, createUser, expectLedgerClean, fund } from "../ledger/testing.ts";
import { createDrawScheduler } from "./draw-scheduler.service.ts";
import { bet, createDraw, drawRow, passDrawTime } from "./lottery.test-helpers.ts";

/**
 * A server process killed (kill -9) in the middle of its work must never stop a draw from settling:
 * everything it held in PostgreSQL is its session's, and the session ends with its connection.
 * Here the "killed instance" is a connection holding what a bet in flight holds (the draw row FOR
 * SHARE, the player's accounts FOR UPDATE, inside an open transaction) whose socket is then cut
 * without a word to the server, as the kernel does when a process dies. The surviving instance's
 * scheduler reveals the fair result and settles. Real PostgreSQL only (PGlite has one connection).
 */
describe.skipIf(!onRealPostgres)("a server process lost mid-bet (set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t?.close());

  it("leaves nothing behind that stops the other instance's scheduler from revealing and settling the draw", async () => {
    const drawId = await createDraw(t, "2D");
    const winning = await fairNumber(String((await drawRow(t, drawId))?.fair_seed_secret), drawId, "2D");
    const player = await createUser(t);
    await fund(t, player.id, 10_000);
    expect((await bet(t, player.token, "2D", drawId, [{ number: winning, amount: 1_000 }])).statusCode).toBe(201);

    // The instance that dies: a bet in flight, its locks held in an open transaction.
    const lost = new pg.Client({ connectionString: await databaseUrlOf(t.database) });
    lost.on("error", () => undefined);
    await lost.connect();
    const pid = Number((await lost.query("select pg_backend_pid() as pid")).rows[0]?.pid);
    await lost.query("begin");
    await lost.query("select id from draws where id = $1 for share", [drawId]);
    await lost.query("select id from ledger_accounts where user_id = $1 order by id for update", [player.id]);
    const held = async () =>
      Number(
        rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from pg_locks where pid = ${pid} and granted`))[0]?.n,
      );
    expect(await held()).toBeGreaterThan(0);

    // Killed: the socket is cut, no Terminate message, no rollback sent.
    const socket = (lost as unknown as { connection: { stream: { destroy(): void } } }).connection.stream;
    socket.destroy();

    const drawAt = await passDrawTime(t, drawId);
    clock.set(new Date(drawAt.getTime() + 1_000));
    const report = await createDrawScheduler(t.ctx).tick();
    expect(report.errors).toBe(0);
    expect(report.resulted).toBe(1);
    expect(report.settled).toBe(1);
    expect(await held()).toBe(0);
    const draw = await drawRow(t, drawId);
    expect({ status: draw?.status, result: draw?.result }).toEqual({ status: "settled", result: winning });
    expect((await balancesOf(t, player.id)).balance).toBe(10_000 - 1_000 + 1_000 * 85);
    await expectLedgerClean(t);
  }, 60_000);
});
