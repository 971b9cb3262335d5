import { describe, expect, it } from "vitest";
import type { AuthService } from "../auth/auth.service.ts";
import { type HubSocket, RealtimeHub } from "./realtime.hub.ts";
import { recheckTokens } from "./realtime.routes.ts";

function socket(): HubSocket & { closed?: number } {
  const s: HubSocket & { closed?: number } = {
    readyState: 1,
    send: () => undefined,
    close(code?: number) {
      s.closed = code;
    },
    ping: () => undefined,
    terminate: () => undefined,
  };
  return s;
}

function hubWith(...tokens: string[]) {
  const hub = new RealtimeHub(
    async () => ({ balance: 0, game_balance: 0, point: 0, p_balance: 0 }),
    async () => undefined,
    { warn: () => undefined },
  );
  const sockets = tokens.map((token, i) => {
    const s = socket();
    hub.add({ socket: s, userId: i + 1, token, tokenId: i + 1, alive: true });
    return s;
  });
  return { hub, sockets };
}

describe("recheckTokens", () => {
  it("closes the sockets of tokens that no longer sign in, keeps the others", async () => {
    const { hub, sockets } = hubWith("live", "gone");
    const auth = { verify: async (t: string) => (t === "live" ? { blocked: false } : null) } as unknown as AuthService;
    await recheckTokens({ auth }, hub);
    expect(sockets[0]?.closed).toBeUndefined();
    expect(sockets[1]?.closed).toBe(4401);
    expect(hub.clients()).toHaveLength(1);
  });

  it("keeps every socket when the database cannot answer", async () => {
    const { hub, sockets } = hubWith("a", "b");
    const auth = {
      verify: async () => {
        throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
      },
    } as unknown as AuthService;
    await recheckTokens({ auth }, hub);
    expect(sockets.map((s) => s.closed)).toEqual([undefined, undefined]);
    expect(hub.clients()).toHaveLength(2);
  });
});
