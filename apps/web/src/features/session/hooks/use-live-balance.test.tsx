import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setUnauthorizedHandler } from "../../../lib/api-client.ts";
import { CLOSE } from "../../../lib/realtime.ts";
import { installFakeWebSocket } from "../../../lib/realtime-testing.ts";
import { MemoryRouter } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { signIn } from "../../../test/render.tsx";
import { refreshProfile } from "../api/profile.ts";
import { useLiveBalance } from "./use-live-balance.ts";

function Shell() {
  useLiveBalance();
  return <p>page</p>;
}

const app = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <MemoryRouter initialEntries={["/"]}>
      <Shell />
    </MemoryRouter>
  </QueryClientProvider>
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  useSession.setState({ user: null });
  vi.unstubAllGlobals();
});

describe("the live socket at start", () => {
  it("opens once for a signed-in player taking over the server's drawing: none is opened and dropped first", async () => {
    signIn();
    const Socket = installFakeWebSocket();
    const client = new QueryClient();
    const container = document.createElement("div");
    // The server draws the page without knowing the player.
    container.innerHTML = renderToString(app(client));
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, app(client));
    });
    // The socket's code is a chunk of its own: the socket opens once it has arrived.
    await vi.waitFor(() => expect(Socket.instances).toHaveLength(1));
    const [socket] = Socket.instances;
    expect(socket?.closedByClient).toBeUndefined();
    act(() => socket?.serverOpen());
    expect(socket?.sent[0]).toEqual({ type: "auth", token: "test-token" });
  });
});

describe("a socket that replaces the tab's socket", () => {
  it("signing in: the player's socket resumes after the last event the visitor's socket saw", async () => {
    const Socket = installFakeWebSocket();
    const client = new QueryClient();
    const container = document.createElement("div");
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(app(client));
    });
    await vi.waitFor(() => expect(Socket.instances).toHaveLength(1));
    const visitor = Socket.instances.at(-1);
    act(() => {
      visitor?.serverOpen();
      visitor?.serverSend({ type: "ready", user_id: null });
      visitor?.serverSend({ type: "caught_up", last_event_id: 30 });
      visitor?.serverSend({ type: "result", event_id: 31, lottery: "2D", number: "42" });
    });
    expect(visitor?.sent).toEqual([{ type: "hello" }, { type: "resume" }]);

    await act(async () => {
      signIn();
    });
    await vi.waitFor(() => expect(Socket.instances).toHaveLength(2));
    const player = Socket.instances.at(-1);
    expect(player).not.toBe(visitor);
    expect(visitor?.closedByClient).toBeDefined();
    act(() => player?.accept());
    expect(player?.sent).toContainEqual({ type: "resume", after: 31 });
  });
});

describe("the socket's code did not arrive", () => {
  it("is fetched again later and the socket opens then", async () => {
    const Socket = installFakeWebSocket();
    let offline = true;
    vi.doMock("../../../lib/realtime-socket.ts", async (importOriginal) => {
      if (offline) throw new Error("Failed to fetch dynamically imported module");
      return importOriginal();
    });
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      const container = document.createElement("div");
      document.body.append(container);
      await act(async () => {
        root = createRoot(container);
        root.render(app(client));
      });
      // The import fails: no socket, however long the tab waits for one.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      expect(Socket.instances).toHaveLength(0);
      offline = false;
      // Back online: the chunk is asked for again (within 30 s) and the socket opens.
      await vi.waitFor(
        async () => {
          await act(async () => {
            await vi.advanceTimersByTimeAsync(5_000);
          });
          expect(Socket.instances).toHaveLength(1);
        },
        { timeout: 5_000, interval: 20 },
      );
    } finally {
      vi.doUnmock("../../../lib/realtime-socket.ts");
      vi.useRealTimers();
    }
  });
});

describe("a socket whose token is refused", () => {
  it("checks the session with a profile call sent after the refusal, not one that left before the sign-out", async () => {
    signIn();
    const Socket = installFakeWebSocket();
    // The first profile call left while the session was good and answers 200 late; any later one, 401.
    let answerFirst: (() => void) | undefined;
    const sent: number[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((url: URL) => {
        if (!String(url).includes("/user/profile")) return Promise.resolve(new Response("{}", { status: 200 }));
        sent.push(sent.length + 1);
        if (sent.length === 1)
          return new Promise<Response>((resolve) => {
            answerFirst = () => resolve(Response.json({ balance: 1, game_balance: 0, point: 0 }));
          });
        return Promise.resolve(Response.json({ error: { code: "UNAUTHENTICATED", message: "no" } }, { status: 401 }));
      }),
    );
    const expired = vi.fn(() => useSession.getState().logout());
    setUnauthorizedHandler(expired);
    try {
      const client = new QueryClient();
      const container = document.createElement("div");
      document.body.append(container);
      await act(async () => {
        root = createRoot(container);
        root.render(app(client));
      });
      // A route change's refresh is under way when the session ends elsewhere.
      const routeRefresh = refreshProfile();
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      await vi.waitFor(() => expect(Socket.instances).toHaveLength(1));
      const socket = Socket.instances[0];
      act(() => {
        socket?.serverOpen();
        socket?.serverClose(CLOSE.unauthenticated);
      });
      await act(async () => {
        answerFirst?.();
        await routeRefresh;
      });
      // A second call, sent after the refusal, finds the session ended.
      await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
      expect(sent).toHaveLength(2);
      expect(useSession.getState().user).toBeNull();
    } finally {
      setUnauthorizedHandler(undefined);
    }
  });
});
