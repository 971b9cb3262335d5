import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PlayerQueue } from "../../lib/player-queue.ts";
import {
  createTestApp,
  databaseUrlOf,
  onRealPostgres,
  openSecondInstance,
  type SecondInstance,
  type TestApp,
} from "../../test/test-app.ts";
import {
  balancesOf,
  call,
  createUser,
  DEFAULT_PASSWORD,
  expectErrorBody,
  expectLedgerClean,
  fund,
  moneySnapshot,
} from "../ledger/testing.ts";

/** How many of one player's calls run at once, and how many more may wait, in these tests. */
const RUNNING = 2;
const WAITING = 20;
const OVER = 8;

const turn = () => new Promise((r) => setImmediate(r));

/** Waits, a turn of the event loop at a time, until `ready` holds. */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await turn();
}

/**
 * One player's burst of money calls waits in its own line (decision 0029): the others' calls do not
 * queue behind it. On real PostgreSQL the burst is held by a row lock on the player, taken by another
 * connection, on an instance whose pool has 5 connections: without the line, the burst's calls take
 * them all and the other player's transfer gets no connection (503). On the embedded database, which
 * runs one statement at a time, the burst's turns are held in the server instead.
 */
describe("a player's money calls in the player's own line", () => {
  let t: TestApp;
  let second: SecondInstance | undefined;
  /** The instance the calls go to: on real PostgreSQL one with a small pool. */
  let target: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        rateLimits: { enabled: false, factor: 1 },
        playerMoneyQueue: { concurrency: RUNNING, maxWaiting: WAITING, maxWaitMs: 60_000 },
      },
    });
    if (onRealPostgres) {
      second = await openSecondInstance(t, { poolSize: 5, connectTimeoutMs: 1_000 });
      target = second.asTestApp;
    } else target = t;
  });
  /** Releases of players still held when a test ends (a failed one). */
  const held: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const release of held.splice(0)) await release();
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  /**
   * Holds player `userId`'s money calls where they are once they have their turn: on real PostgreSQL
   * a transaction of another connection holding the player's users row; on the embedded database a
   * gate in front of the work of the player's turns. Answers the release.
   */
  async function holdPlayer(userId: number): Promise<() => Promise<void>> {
    const release = await hold(userId);
    let released = false;
    const once = async () => {
      if (released) return;
      released = true;
      await release();
    };
    held.push(once);
    return once;
  }

  async function hold(userId: number): Promise<() => Promise<void>> {
    if (onRealPostgres) {
      const blocker = new pg.Client({ connectionString: await databaseUrlOf(t.database) });
      await blocker.connect();
      await blocker.query("begin");
      await blocker.query("select id from users where id = $1 for update", [userId]);
      return async () => {
        await blocker.query("commit");
        await blocker.end();
      };
    }
    const real = target.ctx.playerQueue;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const held: PlayerQueue = {
      ...real,
      run: (id, work) =>
        real.run(id, async () => {
          if (id === userId) await gate;
          return work();
        }),
    };
    target.ctx.playerQueue = held;
    return async () => {
      open();
      target.ctx.playerQueue = real;
    };
  }

  it("another player's transfer is answered while one player's burst waits; the burst's surplus gets 429 and changes nothing; balances exact", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await fund(t, a.id, 100_000);
    await fund(t, b.id, 10_000);
    const queue = () => target.ctx.playerQueue;
    const metric = async () => (await target.ctx.metrics.registry.getSingleMetric("shwe_player_queue_total")?.get())?.values ?? [];

    const release = await holdPlayer(a.id);
    const burst = Array.from({ length: RUNNING + WAITING + OVER }, (_, i) =>
      call(target, "POST", "/api/user/transfer_in", {
        token: a.token,
        body: { amount: 1_000 },
        headers: { "idempotency-key": `burst-${i}` },
      }),
    );
    const refused: { statusCode: number; json(): unknown; headers: Record<string, unknown> }[] = [];
    const otherwise: number[] = [];
    const answered = burst.map((p) =>
      p.then((r) => {
        if (r.statusCode === 429) refused.push(r);
        else otherwise.push(r.statusCode);
        return r;
      }),
    );
    // The burst has taken its turns (held) and filled its line; the rest were refused at once. (Any
    // other answer while the player is held means the line let the calls through: the checks below fail.)
    await until(() => (queue().load(a.id).waiting === WAITING && refused.length === OVER) || otherwise.length > 0);

    // The other player is not behind the burst: answered while every call of it still waits.
    const other = await call(target, "POST", "/api/user/transfer_in", { token: b.token, body: { amount: 4_000 } });
    expect({ status: other.statusCode, body: other.json() }).toEqual({ status: 200, body: { balance: 6_000, game_balance: 4_000 } });
    expect(otherwise).toEqual([]);
    expect(queue().load(a.id)).toEqual({ running: RUNNING, waiting: WAITING });
    const gauge = await target.ctx.metrics.registry.getSingleMetricAsString("shwe_player_queue_calls");
    expect(gauge).toContain(`shwe_player_queue_calls{state="waiting"} ${WAITING}`);
    for (const r of refused) {
      expectErrorBody(r, 429, "RATE_LIMITED");
      expect(r.headers["retry-after"]).toBe("1");
    }

    const before = await moneySnapshot(t.ctx.db);
    await release();
    const results = await Promise.all(answered);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(RUNNING + WAITING);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(OVER);
    // The burst's accepted transfers and nothing of its refused ones.
    expect(await balancesOf(t, a.id)).toMatchObject({ balance: 100_000 - 22_000, game_balance: 22_000 });
    expect(await balancesOf(t, b.id)).toMatchObject({ balance: 6_000, game_balance: 4_000 });
    expect((await moneySnapshot(t.ctx.db)).journals).toBe((before.journals as number) + RUNNING + WAITING);
    expect(queue().total()).toEqual({ running: 0, waiting: 0, players: 0 });

    // A refused call used nothing, its Idempotency-Key included: sent again it is a first try.
    const refusedKey = results.findIndex((r) => r.statusCode === 429);
    const again = await call(target, "POST", "/api/user/transfer_in", {
      token: a.token,
      body: { amount: 1_000 },
      headers: { "idempotency-key": `burst-${refusedKey}` },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.json()).toEqual({ balance: 77_000, game_balance: 23_000 });
    // An accepted call's key still answers its first answer.
    const acceptedKey = results.findIndex((r) => r.statusCode === 200);
    const replay = await call(target, "POST", "/api/user/transfer_in", {
      token: a.token,
      body: { amount: 1_000 },
      headers: { "idempotency-key": `burst-${acceptedKey}` },
    });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body).toBe(results[acceptedKey]?.body);
    expect(await balancesOf(t, a.id)).toMatchObject({ balance: 77_000, game_balance: 23_000 });

    const counted = Object.fromEntries((await metric()).map((v) => [v.labels.outcome, v.value]));
    expect(counted).toEqual({ queued: WAITING, full: OVER });
    await expectLedgerClean(t);
  });

  it("transfers both ways, cash-outs and claims of one player share the line; money is conserved", async () => {
    const a = await createUser(t);
    await fund(t, a.id, 100_000);
    await fund(t, a.id, 50_000, "game");
    // Money comes back from the game balance only after a first transfer in; the burst's calls arrive in any order.
    expect((await call(target, "POST", "/api/user/transfer_in", { token: a.token, body: { amount: 1_000 } })).statusCode).toBe(200);
    const release = await holdPlayer(a.id);
    const cashOut = {
      payment_method_id: 1,
      amount: 10_000,
      account_number: "09790001111",
      holder_name: "Ko Ko",
      password: DEFAULT_PASSWORD,
    };
    const sent = Array.from({ length: RUNNING + WAITING }, (_, i) => {
      if (i % 5 === 4) return call(target, "POST", "/api/cash-out", { token: a.token, body: cashOut });
      const path = i % 2 === 0 ? "/api/user/transfer_in" : "/api/user/transfer_out";
      return call(target, "POST", path, { token: a.token, body: { amount: 1_000 + i } });
    });
    const answered: number[] = [];
    for (const p of sent) void p.then((r) => answered.push(r.statusCode));
    await until(() => target.ctx.playerQueue.load(a.id).waiting === WAITING || answered.length > 0);
    expect(answered).toEqual([]);
    // A claim goes in the same line: one more is refused, the claimable balance untouched.
    const claim = await call(target, "POST", "/api/promotion/claim", { token: a.token, body: {} });
    expectErrorBody(claim, 429, "RATE_LIMITED");
    await release();
    const results = await Promise.all(sent);
    expect(results.map((r) => r.statusCode)).toEqual(results.map((_r, i) => (i % 5 === 4 ? 201 : 200)));
    const cashOuts = results.filter((_r, i) => i % 5 === 4).length;
    const moved = results.reduce((sum, _r, i) => (i % 5 === 4 ? sum : sum + (i % 2 === 0 ? 1_000 + i : -(1_000 + i))), 0);
    expect(await balancesOf(t, a.id)).toMatchObject({
      balance: 99_000 - moved - cashOuts * 10_000,
      game_balance: 51_000 + moved,
      hold: cashOuts * 10_000,
    });
    await expectLedgerClean(t);
  });
});
