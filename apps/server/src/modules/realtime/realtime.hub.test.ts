import { describe, expect, it } from "vitest";
import { type HubSocket, RealtimeHub } from "./realtime.hub.ts";

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
