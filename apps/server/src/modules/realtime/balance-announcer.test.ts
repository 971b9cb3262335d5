import { describe, expect, it } from "vitest";
import { gatheringAnnouncer } from "./balance-announcer.ts";
import { parseBalanceNotice } from "./realtime.repository.ts";

describe("balance announcements after commit", () => {
  it("reads one id or several comma-separated, ignoring anything that is not a player id", () => {
    expect(parseBalanceNotice("42")).toEqual([42]);
    expect(parseBalanceNotice("1,2,300")).toEqual([1, 2, 300]);
    expect(parseBalanceNotice("")).toEqual([]);
    expect(parseBalanceNotice("7,x,-3,0,1.5,9")).toEqual([7, 9]);
  });

  it("gathers what is announced while a notification is in flight, each id once, under the payload limit", async () => {
    const sent: string[] = [];
    let release: () => void = () => undefined;
    let gate = new Promise<void>((r) => {
      release = r;
    });
    const announcer = gatheringAnnouncer(
      async (payload) => {
        sent.push(payload);
        await gate;
      },
      (err) => {
        throw err;
      },
    );
    announcer.announce([1]);
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual(["1"]);
    // While "1" is in flight, 3,000 more commits arrive (one player twice).
    for (let id = 2; id <= 3001; id++) announcer.announce([id]);
    announcer.announce([2]);
    gate = Promise.resolve();
    release();
    await announcer.drain();
    const ids = sent.slice(1).flatMap(parseBalanceNotice);
    expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 2));
    expect(sent.length).toBeLessThanOrEqual(1 + Math.ceil((3000 * 5) / 7000));
    for (const payload of sent) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(7000);
  });

  it("sends what is announced in one turn of the event loop in one notification", async () => {
    const sent: string[] = [];
    const announcer = gatheringAnnouncer(
      async (payload) => {
        sent.push(payload);
      },
      (err) => {
        throw err;
      },
    );
    // The callers of one money batch are answered together: each announces its player in turn.
    announcer.announce([1]);
    await Promise.resolve();
    announcer.announce([2]);
    queueMicrotask(() => announcer.announce([3, 1]));
    await announcer.drain();
    expect(sent).toEqual(["1,2,3"]);
  });

  it("a failed notification is reported and the next announcements still go out", async () => {
    const sent: string[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const announcer = gatheringAnnouncer(
      async (payload) => {
        if (fail) {
          fail = false;
          throw new Error("connection lost");
        }
        sent.push(payload);
      },
      (err) => errors.push(err),
    );
    announcer.announce([5]);
    await announcer.drain();
    announcer.announce([6]);
    await announcer.drain();
    expect(errors).toHaveLength(1);
    expect(sent).toEqual(["6"]);
  });
});
