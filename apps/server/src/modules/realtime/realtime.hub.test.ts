import { describe, expect, it, vi } from "vitest";
import { type HubSocket, KEPT_SESSION_ENDS, RealtimeHub } from "./realtime.hub.ts";

function socket(readyState = 1): HubSocket {
  return { readyState, send: () => undefined, close: () => undefined, ping: () => undefined, terminate: () => undefined };
}

describe("whether a topic is watched here (the demo's market pace)", () => {
  it("counts open sockets, signed-in or visitors, that watch the topic; not others, not closed ones", () => {
    const hub = new RealtimeHub(
      async () => ({ balance: 0, game_balance: 0, point: 0, p_balance: 0 }),
      async () => undefined,
      { warn: () => undefined },
    );
    expect(hub.watches("market:set")).toBe(false);
    hub.addVisitor({ socket: socket(), ip: "1.1.1.1", alive: true, topics: new Set(["market:crypto"]) });
    hub.addVisitor({ socket: socket(3), ip: "1.1.1.2", alive: true, topics: new Set(["market:set"]) });
    expect(hub.watches("market:set")).toBe(false);
    expect(hub.watches("market:crypto")).toBe(true);
    hub.add({ socket: socket(), userId: 7, token: "t", tokenId: 1, alive: true, topics: new Set(["market:set"]) });
    expect(hub.watches("market:set")).toBe(true);
  });
});

describe("balance pushes", () => {
  it("a notification that arrives while the last push is being marked delivered is read and sent too", async () => {
    let balance = 50_000;
    // The delivery marks the hub asked for, each waiting until the test lets it finish.
    const marks: Array<() => void> = [];
    const hub = new RealtimeHub(
      async () => ({ balance, game_balance: 0, point: 0, p_balance: 0 }),
      () => new Promise<void>((resolve) => marks.push(resolve)),
      { warn: () => undefined },
    );
    const sent: number[] = [];
    hub.add({
      socket: { ...socket(), send: (text: string) => sent.push(JSON.parse(text).balance) },
      userId: 7,
      token: "t",
      tokenId: 1,
      alive: true,
    });
    const first = hub.pushBalance(7);
    await vi.waitFor(() => expect(marks).toHaveLength(1));
    // A transfer commits and is announced while the first push is being marked delivered.
    balance = 43_000;
    await hub.pushBalance(7);
    marks[0]?.();
    await vi.waitFor(() => expect(marks).toHaveLength(2));
    marks[1]?.();
    await first;
    expect(sent).toEqual([50_000, 43_000]);
  });
});

describe("session_end notices heard while a socket's token is being checked", () => {
  const newHub = () =>
    new RealtimeHub(
      async () => ({ balance: 0, game_balance: 0, point: 0, p_balance: 0 }),
      async () => undefined,
      { warn: () => undefined },
    );
  const closing = () => {
    const s: HubSocket & { closed?: number } = {
      ...socket(),
      close(code?: number) {
        s.closed = code;
      },
    };
    return s;
  };
  const client = (s: HubSocket, userId: number, tokenId: number) => ({ socket: s, userId, token: "t", tokenId, alive: true });

  it("a notice heard after the mark ends the socket at add (4401 for its token, 4403 for its account); others are added", () => {
    const hub = newHub();
    const mark = hub.sessionEndMark();
    hub.sessionEnded({ kind: "token", id: 11 });
    hub.sessionEnded({ kind: "blocked", id: 2 });
    const revoked = closing();
    const blocked = closing();
    const untouched = closing();
    expect(hub.add(client(revoked, 1, 11), mark)).toBe("ended");
    expect(hub.add(client(blocked, 2, 21), mark)).toBe("ended");
    expect(hub.add(client(untouched, 1, 12), mark)).toBe("added");
    expect([revoked.closed, blocked.closed, untouched.closed]).toEqual([4401, 4403, undefined]);
    expect(hub.clients().map((c) => c.tokenId)).toEqual([12]);
  });

  it("a notice heard before the mark does not (an account blocked then unblocked signs in again)", () => {
    const hub = newHub();
    hub.sessionEnded({ kind: "blocked", id: 2 });
    const mark = hub.sessionEndMark();
    const s = closing();
    expect(hub.add(client(s, 2, 21), mark)).toBe("added");
    expect(s.closed).toBeUndefined();
  });

  it("notices forgotten beyond the bound, or lost with the listener, make the add unsure (the token is read again)", () => {
    const hub = newHub();
    const early = hub.sessionEndMark();
    for (let i = 1; i <= KEPT_SESSION_ENDS + 1; i++) hub.sessionEnded({ kind: "token", id: 1_000 + i });
    expect(hub.add(client(closing(), 1, 1), early)).toBe("unsure");
    expect(hub.add(client(closing(), 1, 2), hub.sessionEndMark())).toBe("added");

    const beforeLoss = hub.sessionEndMark();
    hub.sessionEndsLost();
    const afterLoss = hub.sessionEndMark();
    expect(hub.add(client(closing(), 1, 3), beforeLoss)).toBe("unsure");
    expect(hub.add(client(closing(), 1, 4), afterLoss)).toBe("added");
    expect(hub.clients()).toHaveLength(4);
  });
});
