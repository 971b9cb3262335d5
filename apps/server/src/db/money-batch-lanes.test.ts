import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { Executor } from "./client.ts";
import { createMoneyBatcher, type MoneyBatcher, type MoneyCall, MoneyCallError } from "./money-batch.ts";

/**
 * How the batcher forms batches across lanes and parts, against a database stand-in whose statements
 * return only when the test says: what is in the database at each moment is then exact.
 */
interface Statement {
  calls: Array<{ fn: string; a: unknown[] }>;
  answer(rows?: Array<{ state?: string; message?: string; raw?: string }>): void;
  fail(err: Error): void;
}

function fakeDatabase() {
  const dialect = new PgDialect();
  const out: Statement[] = [];
  const db = {
    execute(query: SQL) {
      const { params } = dialect.sqlToQuery(query);
      const calls = JSON.parse(String(params[0])) as Statement["calls"];
      return new Promise((resolve, reject) => {
        out.push({
          calls,
          answer(rows = []) {
            resolve({
              rows: calls.map((c, i) => ({
                out_index: i,
                out_row: rows[i]?.raw ?? (rows[i]?.state ? null : { echo: c.a[0] }),
                out_state: rows[i]?.state ?? null,
                out_message: rows[i]?.message ?? null,
              })),
            });
          },
          fail: reject,
        });
      });
    },
  };
  return { db: db as unknown as Executor, out };
}

/**
 * Lets the batcher's immediates and promise reactions run. Immediates run in the order they were
 * queued, so waiting on a few of our own is exact whatever the machine's load; a timer is not (a
 * slow turn of the event loop can let a 5 ms timer fire before an immediate queued earlier).
 */
async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) await new Promise((r) => setImmediate(r));
}

function call(n: number, lane?: string, part?: number): MoneyCall {
  return { fn: "wallet_debit", args: [n], ...(lane === undefined ? {} : { lane }), ...(part === undefined ? {} : { part }) };
}

/** What each statement in the database carries: the first argument of each call. */
const carried = (out: Statement[]) => out.map((s) => s.calls.map((c) => c.a[0]));

function start(splitAt: number, maxCalls = 64, nextBatchFirst = true): { batcher: MoneyBatcher; out: Statement[] } {
  const { db, out } = fakeDatabase();
  return { batcher: createMoneyBatcher(db, { windowMs: 0, maxCalls, splitAt, walletLanes: 2, nextBatchFirst }), out };
}

describe("money batches across lanes and parts", () => {
  it("a lane has one batch out at a time; calls meanwhile go in its next one; two lanes go side by side", async () => {
    const { batcher, out } = start(16);
    const first = [1, 2, 3].map((n) => batcher.run(call(n)));
    const other = [10, 11].map((n) => batcher.run(call(n, "other")));
    await settle();
    expect(carried(out)).toEqual([
      [1, 2, 3],
      [10, 11],
    ]);
    const later = [4, 5].map((n) => batcher.run(call(n)));
    await settle();
    expect(out).toHaveLength(2);
    out[0]?.answer();
    expect(await Promise.all(first)).toEqual([{ echo: 1 }, { echo: 2 }, { echo: 3 }]);
    await settle();
    expect(carried(out)[2]).toEqual([4, 5]);
    out[1]?.answer();
    out[2]?.answer();
    await Promise.all([...other, ...later]);
    expect(batcher.stats()).toMatchObject({ batches: 3, calls: 7, largest: 3, mostAtOnce: 2, split: 0 });
    expect(batcher.stats().lanes).toEqual({ money: 5, other: 2 });
  });

  it.each([
    [true, 2],
    [false, 1],
  ])("next batch first %s: the callers of a batch that came back are answered with %i batches sent", async (nextBatchFirst, sent) => {
    const { batcher, out } = start(16, 64, nextBatchFirst);
    const seen: string[] = [];
    const first = [1, 2].map((n) => batcher.run(call(n)).then(() => seen.push(`answered ${n} with ${out.length} sent`)));
    await settle();
    const second = [3, 4].map((n) => batcher.run(call(n)));
    await settle();
    expect(carried(out)).toEqual([[1, 2]]);
    out[0]?.answer();
    await Promise.all(first);
    expect(seen).toEqual([`answered 1 with ${sent} sent`, `answered 2 with ${sent} sent`]);
    expect(carried(out)[1]).toEqual([3, 4]);
    out[1]?.answer();
    await Promise.all(second);
  });

  it("parts below the split size go in one batch for the whole lane, and nothing else of the lane goes while it is out", async () => {
    const { batcher, out } = start(4);
    const calls = [1, 2, 3, 4, 5].map((n) => batcher.run(call(n, "wallet", n % 2)));
    await settle();
    // Part 1 has 3 waiting, part 0 has 2: one batch for both.
    expect(carried(out)).toEqual([[1, 2, 3, 4, 5]]);
    const more = [6, 8, 10, 12, 14, 16].map((n) => batcher.run(call(n, "wallet", 0)));
    await settle();
    expect(out).toHaveLength(1);
    out[0]?.answer();
    await Promise.all(calls);
    await settle();
    // Only part 0 waits now: a lane with one part waiting sends it whole.
    expect(carried(out)[1]).toEqual([6, 8, 10, 12, 14, 16]);
    out[1]?.answer();
    await Promise.all(more);
    expect(batcher.stats()).toMatchObject({ batches: 2, split: 0, mostAtOnce: 1 });
    expect(batcher.stats().lanes).toEqual({ "wallet:0": 8, "wallet:1": 3 });
  });

  it("every part at the split size: a batch per part, side by side; a part whose batch is back goes again once it has enough", async () => {
    const { batcher, out } = start(3);
    const firstWave = [1, 2, 3, 4, 5, 6, 7].map((n) => batcher.run(call(n, "wallet", n % 2)));
    await settle();
    expect(carried(out)).toEqual([
      [1, 3, 5, 7],
      [2, 4, 6],
    ]);
    expect(batcher.stats()).toMatchObject({ split: 2, mostAtOnce: 2 });
    // Part 1's batch comes back while part 0's is out: part 1 waits until it has 3 again.
    const part1 = [9, 11].map((n) => batcher.run(call(n, "wallet", 1)));
    out[0]?.answer();
    await settle();
    expect(out).toHaveLength(2);
    const third = batcher.run(call(13, "wallet", 1));
    await settle();
    expect(carried(out)[2]).toEqual([9, 11, 13]);
    // A part with fewer than 3 waits while another part's batch is out, then goes once none is.
    const part0 = batcher.run(call(20, "wallet", 0));
    await settle();
    expect(out).toHaveLength(3);
    out[1]?.answer();
    await settle();
    expect(out).toHaveLength(3);
    out[2]?.answer();
    await settle();
    expect(carried(out)[3]).toEqual([20]);
    out[3]?.answer();
    await Promise.all([...firstWave, ...part1, third, part0]);
    expect(batcher.stats()).toMatchObject({ batches: 4, calls: 11, split: 3 });
  });

  it("calls that name a smaller split size: their parts go side by side from that many waiting, the others' still from the lane's", async () => {
    const { batcher, out } = start(8);
    const eager = (n: number, part: number): MoneyCall => ({ ...call(n, "wallet", part), splitAt: 2 });
    // Two of each part waiting, each naming 2: a batch per part, both in the database at once.
    const firstWave = [eager(1, 1), eager(2, 0), eager(3, 1), eager(4, 0)].map((c) => batcher.run(c));
    await settle();
    expect(carried(out)).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(batcher.stats()).toMatchObject({ split: 2, mostAtOnce: 2 });
    // Part 1's batch is back while part 0's is out: part 1 goes again once 2 of its calls wait, not 8.
    out[0]?.answer();
    await settle();
    const one = batcher.run(eager(5, 1));
    await settle();
    expect(out).toHaveLength(2);
    const two = batcher.run(eager(7, 1));
    await settle();
    expect(carried(out)[2]).toEqual([5, 7]);
    // A call naming no split size counts with the lane's 8: alone it waits while another part's batch is out.
    out[2]?.answer();
    await settle();
    const plain = [9, 11].map((n) => batcher.run(call(n, "wallet", 1)));
    await settle();
    expect(out).toHaveLength(3);
    out[1]?.answer();
    await settle();
    expect(carried(out)[3]).toEqual([9, 11]);
    out[3]?.answer();
    await Promise.all([...firstWave, one, two, ...plain]);
    expect(batcher.stats()).toMatchObject({ batches: 4, calls: 8, split: 3, mostAtOnce: 2 });
  });

  it("a lane never sends more than maxCalls in one batch, and calls past it wait for the next", async () => {
    const { batcher, out } = start(64, 3);
    const calls = [1, 2, 3, 4, 5].map((n) => batcher.run(call(n)));
    await settle();
    expect(carried(out)).toEqual([[1, 2, 3]]);
    out[0]?.answer();
    await settle();
    expect(carried(out)[1]).toEqual([4, 5]);
    out[1]?.answer();
    await Promise.all(calls);
  });

  it("each caller gets its own call's outcome; a statement that fails fails its calls only", async () => {
    const { batcher, out } = start(2);
    const a = [1, 2, 3].map((n) => batcher.run(call(n, "wallet", 0)));
    const b = [4, 5].map((n) => batcher.run(call(n, "wallet", 1)));
    await settle();
    expect(carried(out)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    out[0]?.answer([{}, { state: "SWW01", message: "wallet_debit: player" }, {}]);
    out[1]?.fail(new Error("connection lost"));
    const outcomes = await Promise.allSettled([...a, ...b]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected", "rejected"]);
    const second = (outcomes[1] as PromiseRejectedResult).reason;
    expect(second).toBeInstanceOf(MoneyCallError);
    expect([second.code, second.message]).toEqual(["SWW01", "wallet_debit: player"]);
    expect((outcomes[3] as PromiseRejectedResult).reason.message).toBe("connection lost");
    expect((outcomes[2] as PromiseFulfilledResult<unknown>).value).toEqual({ echo: 3 });
  });

  it("a row that cannot be read fails its own caller only, and the lane goes on", async () => {
    const { batcher, out } = start(16);
    const first = [1, 2].map((n) => batcher.run(call(n)));
    await settle();
    const later = batcher.run(call(3));
    await settle();
    out[0]?.answer([{ raw: "{not json" }, { raw: '{"echo":2}' }]);
    const outcomes = await Promise.allSettled(first);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "fulfilled"]);
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(SyntaxError);
    expect((outcomes[1] as PromiseFulfilledResult<unknown>).value).toEqual({ echo: 2 });
    expect(carried(out)[1]).toEqual([3]);
    out[1]?.answer();
    expect(await later).toEqual({ echo: 3 });
  });

  it("drain waits for every lane's batches and calls still waiting", async () => {
    const { batcher, out } = start(16);
    const calls = [batcher.run(call(1)), batcher.run(call(2, "wallet", 0)), batcher.run(call(3, "wallet", 1))];
    let drained = false;
    const draining = batcher.drain().then(() => {
      drained = true;
    });
    await settle();
    expect(carried(out)).toEqual([[1], [2, 3]]);
    out[0]?.answer();
    await settle();
    expect(drained).toBe(false);
    out[1]?.answer();
    await draining;
    expect(drained).toBe(true);
    await Promise.all(calls);
  });
});
