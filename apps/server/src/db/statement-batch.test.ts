import { describe, expect, it } from "vitest";
import { createStatementBatch } from "./statement-batch.ts";

/** A send whose statements the test answers by hand, recording what each carried. */
function manualSend() {
  const sent: { items: number[]; answer: (out: string[]) => void; fail: (err: unknown) => void }[] = [];
  const send = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      sent.push({ items, answer: resolve, fail: reject });
    });
  return { sent, send };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("createStatementBatch", () => {
  it("sends a call at once while fewer statements than the limit are out, then gathers the rest", async () => {
    const { sent, send } = manualSend();
    const batch = createStatementBatch(send, { maxItems: 3, maxInFlight: 1 });
    const a = batch.run(1);
    expect(sent.map((s) => s.items)).toEqual([[1]]);
    const rest = [2, 3, 4, 5].map((n) => batch.run(n));
    expect(sent).toHaveLength(1);
    sent[0]?.answer(["one"]);
    expect(await a).toBe("one");
    // The calls that arrived meanwhile go together, at most maxItems per statement.
    expect(sent.map((s) => s.items)).toEqual([[1], [2, 3, 4]]);
    sent[1]?.answer(["two", "three", "four"]);
    await tick();
    expect(sent.map((s) => s.items)).toEqual([[1], [2, 3, 4], [5]]);
    sent[2]?.answer(["five"]);
    expect(await Promise.all(rest)).toEqual(["two", "three", "four", "five"]);
  });

  it("keeps up to maxInFlight statements out", () => {
    const { sent, send } = manualSend();
    const batch = createStatementBatch(send, { maxItems: 10, maxInFlight: 2 });
    for (const n of [1, 2, 3, 4]) void batch.run(n);
    expect(sent.map((s) => s.items)).toEqual([[1], [2]]);
  });

  it("rejects every call of a failed statement, and the next statement still goes", async () => {
    const { sent, send } = manualSend();
    const batch = createStatementBatch(send, { maxItems: 10, maxInFlight: 1 });
    const first = batch.run(1);
    const second = batch.run(2);
    const third = batch.run(3);
    const boom = new Error("connection lost");
    sent[0]?.fail(boom);
    await expect(first).rejects.toBe(boom);
    expect(sent.map((s) => s.items)).toEqual([[1], [2, 3]]);
    sent[1]?.answer(["b"]);
    expect(await second).toBe("b");
    // A statement answering fewer rows than calls fails the calls left without an answer.
    await expect(third).rejects.toThrow(/answered 1 of 2/);
  });
});
