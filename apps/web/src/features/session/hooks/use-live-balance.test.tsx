import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderRoutes, signIn } from "../../../app/testing.tsx";
import { FakeWebSocket, installFakeWebSocket, lastSocket } from "../../../lib/realtime-testing.ts";
import { useSession } from "../../../lib/session-store.ts";
import { Layout } from "../../shell/components/layout.tsx";

/** The site shell with a page: the headers show the balances, the shell keeps the live socket. */
function renderShell() {
  return renderRoutes([{ element: <Layout />, children: [{ index: true, element: <p>Home page</p> }] }]);
}

const profileBody = (over: Record<string, unknown> = {}) => ({
  id: 7,
  phone: "09123456789",
  name: "Aung Aung",
  user_code: "SL000007",
  referral_code: "AB12CD",
  role: "player",
  lvl_2: 1,
  lvl_2_status: "none",
  balance: 1_234_567,
  game_balance: 25_000,
  point: 0,
  p_balance: 0,
  turnover: 0,
  refer_count: 0,
  game_refer_amt: 0,
  ...over,
});

describe("live balance in the shell", () => {
  beforeEach(() => {
    installFakeWebSocket();
    // The shell's scroll restoration calls it; jsdom has none.
    window.scrollTo = vi.fn() as typeof window.scrollTo;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSession.setState({ user: null });
  });

  it("a visitor's socket says hello (public events only)", () => {
    mockApi({});
    renderShell();
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => lastSocket().serverOpen());
    expect(lastSocket().sent).toEqual([{ type: "hello" }]);
  });

  it("a balance message over the socket updates both headers without a reload", async () => {
    mockApi({});
    signIn({ token: "live-token", balance: 1_000_000, game_balance: 0 });
    renderShell();
    await screen.findByText("Home page");
    expect(FakeWebSocket.instances).toHaveLength(1);
    const ws = lastSocket();
    act(() => ws.serverOpen());
    expect(ws.sent).toEqual([{ type: "auth", token: "live-token" }]);
    act(() => {
      ws.serverSend({ type: "ready", user_id: 7 });
      ws.serverSend({ type: "balance", balance: 1_050_000, game_balance: 5_000, point: 12, p_balance: 0 });
    });
    for (const el of screen.getAllByTestId("main-balance")) expect(el).toHaveTextContent("1,050,000");
    for (const el of screen.getAllByTestId("game-balance")) expect(el).toHaveTextContent("5,000");
    expect(useSession.getState().user?.point).toBe(12);
  });

  it("after a lost connection it comes back by itself and fetches the profile again", async () => {
    const api = mockApi({ "user/profile": { body: profileBody({ balance: 2_000_000, turnover: 9_000 }) } });
    signIn({ token: "live-token", balance: 1_000_000 });
    renderShell();
    await screen.findByText("Home page");
    vi.useFakeTimers();
    act(() => lastSocket().accept({ balance: 1_000_000, game_balance: 0, point: 0, p_balance: 0 }));
    const profileCalls = () => api.mock.calls.filter(([url]) => String(url).includes("/api/user/profile")).length;
    const before = profileCalls();

    act(() => lastSocket().serverClose(1006));
    expect(FakeWebSocket.instances).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => lastSocket().accept({ balance: 1_000_000, game_balance: 0, point: 0, p_balance: 0 }));
    vi.useRealTimers();
    await waitFor(() => expect(profileCalls()).toBe(before + 1));
    await waitFor(() => expect(useSession.getState().user?.turnover).toBe(9_000));
  });

  it("signing out closes the player's socket and opens a visitor's one", async () => {
    mockApi({});
    signIn({ token: "live-token" });
    renderShell();
    await screen.findByText("Home page");
    const ws = lastSocket();
    act(() => ws.accept());
    act(() => useSession.getState().logout());
    expect(ws.closedByClient?.code).toBe(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => lastSocket().serverOpen());
    expect(lastSocket().sent).toEqual([{ type: "hello" }]);
  });

  it("a refused token signs the player out like a 401", async () => {
    mockApi({ "user/profile": { status: 401, body: { message: "Unauthenticated.", code: "UNAUTHENTICATED" } } });
    const { setUnauthorizedHandler } = await import("../../../lib/api-client.ts");
    const onUnauthorized = vi.fn(() => useSession.getState().logout());
    setUnauthorizedHandler(onUnauthorized);
    signIn({ token: "revoked-token" });
    renderShell();
    await screen.findByText("Home page");
    act(() => {
      lastSocket().serverOpen();
      lastSocket().serverClose(4401);
    });
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalled());
    expect(useSession.getState().user).toBeNull();
    setUnauthorizedHandler(undefined);
  });
});
