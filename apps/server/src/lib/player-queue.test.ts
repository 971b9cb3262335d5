import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "./errors.ts";
import { createPlayerQueue, type PlayerQueueOutcome } from "./player-queue.ts";

/** A piece of work the test finishes when it likes. */
function gate<T = string>() {
  let open!: (v: T) => void;
  let fail!: (e: unknown) => void;
  const done = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  let started = false;
  return {
    work: () => {
      started = true;
      return done;
    },
    open,
    fail,
    get started() {
      return started;
    },
  };
}

const turn = () => new Promise((r) => setImmediate(r));

describe("player queue", () => {
  afterEach(() => vi.useRealTimers());

  it("runs at most `concurrency` of one player's calls, the rest in arrival order, and other players at once", async () => {
    const told: PlayerQueueOutcome[] = [];
    const q = createPlayerQueue({ concurrency: 2, maxWaiting: 10, maxWaitMs: 60_000 }, (o) => told.push(o));
    const gates = Array.from({ length: 5 }, () => gate());
    const order: number[] = [];
    const answers = gates.map((g, i) =>
      q.run(7, async () => {
        order.push(i);
        return g.work();
      }),
    );
    expect(gates.map((g) => g.started)).toEqual([true, true, false, false, false]);
    expect(q.load(7)).toEqual({ running: 2, waiting: 3 });
    expect(told).toEqual(["queued", "queued", "queued"]);

    // Another player is not behind player 7.
    const other = gate();
    const otherAnswer = q.run(8, other.work);
    expect(other.started).toBe(true);
    other.open("eight");
    expect(await otherAnswer).toBe("eight");

    // The second call finishing first hands its turn to the third, then the first to the fourth.
    gates[1]?.open("b");
    expect(await answers[1]).toBe("b");
    await turn();
    expect(order).toEqual([0, 1, 2]);
    gates[0]?.fail(new Error("first failed"));
    await expect(answers[0]).rejects.toThrow("first failed");
    await turn();
    expect(order).toEqual([0, 1, 2, 3]);
    expect(q.load(7)).toEqual({ running: 2, waiting: 1 });
    for (const g of gates.slice(2)) g.open("later");
    expect(await Promise.all(answers.slice(2))).toEqual(["later", "later", "later"]);
    expect(q.load(7)).toEqual({ running: 0, waiting: 0 });
    expect(q.total()).toEqual({ running: 0, waiting: 0, players: 0 });
  });

  it("refuses a call at once with 429 RATE_LIMITED when the player's line is full, running nothing of it", async () => {
    const told: PlayerQueueOutcome[] = [];
    const q = createPlayerQueue({ concurrency: 1, maxWaiting: 2, maxWaitMs: 60_000 }, (o) => told.push(o));
    const gates = Array.from({ length: 3 }, () => gate());
    const answers = gates.map((g) => q.run(1, g.work));
    const extra = gate();
    const refused = q.run(1, extra.work).catch((e: unknown) => e);
    const err = await refused;
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 429, code: "RATE_LIMITED", details: { retry_after: 1 } });
    expect(extra.started).toBe(false);
    expect(told).toEqual(["queued", "queued", "full"]);
    for (const g of gates) g.open("ok");
    expect(await Promise.all(answers)).toEqual(["ok", "ok", "ok"]);
    // Room again once the line moved.
    expect(await q.run(1, async () => "again")).toBe("again");
  });

  it("refuses a call that waited `maxWaitMs` with 503 BUSY, running nothing of it, and the line goes on", async () => {
    vi.useFakeTimers();
    const told: PlayerQueueOutcome[] = [];
    const q = createPlayerQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 1_000 }, (o) => told.push(o));
    const first = gate();
    const firstAnswer = q.run(3, first.work);
    const late = gate();
    const lateAnswer = q.run(3, late.work).catch((e: unknown) => e);
    vi.advanceTimersByTime(1_000);
    expect(await lateAnswer).toMatchObject({ status: 503, code: "BUSY" });
    expect(late.started).toBe(false);
    expect(q.load(3)).toEqual({ running: 1, waiting: 0 });
    const next = gate();
    const nextAnswer = q.run(3, next.work);
    first.open("first");
    expect(await firstAnswer).toBe("first");
    await vi.waitFor(() => expect(next.started).toBe(true));
    next.open("next");
    expect(await nextAnswer).toBe("next");
    expect(told).toEqual(["queued", "timeout", "queued"]);
    expect(q.total().running).toBe(0);
  });
});
