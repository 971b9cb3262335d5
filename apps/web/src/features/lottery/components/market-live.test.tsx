import type { MarketNow } from "@shwe/contracts";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dispatchRealtime } from "../../../lib/realtime.ts";
import { mockApi, renderRoutes } from "../../../test/render.tsx";
import { MarketLive } from "./market-live.tsx";

const tick = (two_d: string, set_index: string, change: string | null) => ({
  at: "2025-03-07T03:40:05.000Z",
  set_index,
  set_value: "45678.91",
  price: null,
  two_d,
  one_d: two_d.slice(-1),
  change: { set_index: change, set_value: "+11.09", price: null },
});

const open = (overrides: Partial<MarketNow> = {}): MarketNow => ({
  market: "set",
  day: "2025-03-07",
  status: "open",
  delayed: false,
  interval_ms: 5000,
  sessions: [
    { open: "09:30", close: "12:01" },
    { open: "14:00", close: "16:30" },
  ],
  latest: tick("58", "1402.35", "+1.20"),
  marks: [
    { time: "09:30", two_d: "72", source: "feed" },
    { time: "12:01", two_d: "15", source: "result" },
    { time: "14:00", two_d: null, source: null },
    { time: "16:30", two_d: null, source: null },
  ],
  now: "2025-03-07T03:40:06.000Z",
  ...overrides,
});

const running = () => screen.getByTestId("market-running-number").textContent;

describe("the live market block of the 2D page", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the running number, SET and value with their change, the status and the day's numbers; a reading on the socket changes it in place", async () => {
    mockApi({ "market/set": { body: open() } });
    renderRoutes([{ index: true, element: <MarketLive type="2D" /> }]);
    await waitFor(() => expect(running()).toBe("58"));
    expect(screen.getByText("1,402.35")).toBeInTheDocument();
    expect(screen.getByText("+1.20")).toBeInTheDocument();
    expect(screen.getByText("45,678.91")).toBeInTheDocument();
    expect(screen.getByTestId("market-status").textContent).toContain("Market open");
    const marks = screen.getByRole("list", { name: "Today's numbers" });
    expect(marks.textContent).toBe("09:307212:011514:00--16:30--");
    expect(screen.getByTestId("market-note").textContent).toContain("information only");
    expect(screen.getByTestId("market-live").dataset.live).toBe("true");

    // The refetch that follows stays on the way: the reading comes from the socket alone.
    mockApi({ "market/set": "pending" });
    act(() =>
      dispatchRealtime({ type: "market_tick", market: "set", status: "open", delayed: false, tick: tick("50", "1401.15", "-1.20") }),
    );
    await waitFor(() => expect(running()).toBe("50"));
    expect(screen.getByText("-1.20")).toBeInTheDocument();
    // The crypto market's reading leaves the SET block alone.
    act(() =>
      dispatchRealtime({
        type: "market_tick",
        market: "crypto",
        status: "open",
        delayed: false,
        tick: { ...tick("27", "1.00", null), set_index: null, set_value: null, price: "65432.17" },
      }),
    );
    expect(running()).toBe("50");
  });

  it("the latest reading sent when the socket comes back shows at once, but never over a newer one it crossed", async () => {
    mockApi({ "market/set": { body: open() } });
    renderRoutes([{ index: true, element: <MarketLive type="2D" /> }]);
    await waitFor(() => expect(running()).toBe("58"));
    mockApi({ "market/set": "pending" });
    const reading = (two_d: string, set_index: string, at: string) => ({
      type: "market_tick",
      market: "set",
      status: "open",
      delayed: false,
      tick: { ...tick(two_d, set_index, "+0.10"), at },
    });
    // Back after a drop: the reading made meanwhile.
    act(() => dispatchRealtime(reading("61", "1402.61", "2025-03-07T03:40:20.000Z")));
    await waitFor(() => expect(running()).toBe("61"));
    // A newer live reading, then the latest reading as it was read a moment before it: the newer stays.
    act(() => dispatchRealtime(reading("64", "1402.64", "2025-03-07T03:40:25.000Z")));
    await waitFor(() => expect(running()).toBe("64"));
    act(() => dispatchRealtime(reading("61", "1402.61", "2025-03-07T03:40:20.000Z")));
    expect(running()).toBe("64");
    expect(screen.getByText("1,402.64")).toBeInTheDocument();
  });

  it("a failed reading says 'delayed' and keeps the last number; the 1D page shows the last digit", async () => {
    mockApi({ "market/set": { body: open() } });
    renderRoutes([{ index: true, element: <MarketLive type="1D" /> }]);
    await waitFor(() => expect(running()).toBe("8"));
    expect(screen.getByRole("list", { name: "Today's numbers" }).textContent).toBe("09:30212:01514:00--16:30--");
    act(() => dispatchRealtime({ type: "market_tick", market: "set", status: "open", delayed: true, tick: null }));
    expect(await screen.findByTestId("market-delayed")).toHaveTextContent("Feed delayed");
    expect(running()).toBe("8");
  });

  it("once the draw's result is in, the block says it is final; a reading of the next session puts the running number first again", async () => {
    // 12:01 in Yangon: the 2D result 15; the last reading at 12:01:40, then the lunch break.
    const daily = [{ type: "2D", draw_id: 5, draw_at: "2025-03-07T05:31:00.000Z", number: "15", status: "settled" }];
    mockApi({
      "market/set": {
        body: open({ status: "lunch_break", latest: { ...tick("15", "1402.35", "+1.20"), at: "2025-03-07T05:31:40.000Z" } }),
      },
      luckynumber_daily: { body: daily },
    });
    renderRoutes([{ index: true, element: <MarketLive type="2D" /> }]);
    expect(await screen.findByTestId("market-final")).toHaveTextContent("Result 15 (12:01) is final.");
    // 14:00:05: trading again; the running number is the news.
    mockApi({ "market/set": "pending", luckynumber_daily: { body: daily } });
    act(() =>
      dispatchRealtime({
        type: "market_tick",
        market: "set",
        status: "open",
        delayed: false,
        tick: { ...tick("50", "1401.15", "-1.20"), at: "2025-03-07T07:30:05.000Z" },
      }),
    );
    await waitFor(() => expect(running()).toBe("50"));
    expect(screen.queryByTestId("market-final")).toBeNull();
  });

  it("the 1D page says only the 1D game's result is final", async () => {
    mockApi({
      "market/set": { body: open({ status: "closed" }) },
      luckynumber_daily: { body: [{ type: "2D", draw_id: 5, draw_at: "2025-03-07T05:31:00.000Z", number: "15", status: "settled" }] },
    });
    renderRoutes([{ index: true, element: <MarketLive type="1D" /> }]);
    await waitFor(() => expect(running()).toBe("8"));
    expect(screen.queryByTestId("market-final")).toBeNull();
  });

  it("keeps every place before the data comes, and shows each market status", async () => {
    mockApi({ "market/set": "pending" });
    const { unmount } = renderRoutes([{ index: true, element: <MarketLive type="2D" /> }]);
    expect(await screen.findByTestId("market-running-number")).toHaveTextContent("--");
    expect(screen.getByRole("list", { name: "Today's numbers" }).children).toHaveLength(4);
    unmount();
    for (const [status, label] of [
      ["lunch_break", "Lunch break"],
      ["holiday", "Holiday"],
      ["opening_soon", "Opening soon"],
      ["closed", "Market closed"],
    ] as const) {
      mockApi({ "market/set": { body: open({ status, latest: null }) } });
      const view = renderRoutes([{ index: true, element: <MarketLive type="2D" /> }]);
      await waitFor(() => expect(screen.getByTestId("market-status")).toHaveTextContent(label));
      view.unmount();
    }
  });

  it("while open, no reading for three intervals: says the live connection is lost and polls", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetched = mockApi({ "market/set": { body: open({ interval_ms: 1000 }) } });
    renderRoutes([{ index: true, element: <MarketLive type="2D" /> }]);
    await waitFor(() => expect(running()).toBe("58"));
    const before = fetched.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_100);
    });
    expect(screen.getByTestId("market-note")).toHaveTextContent("Live connection lost");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_100);
    });
    expect(fetched.mock.calls.length).toBeGreaterThan(before);
    act(() => dispatchRealtime({ type: "market_tick", market: "set", status: "open", delayed: false, tick: tick("11", "1400.01", null) }));
    await waitFor(() => expect(screen.getByTestId("market-note")).not.toHaveTextContent("Live connection lost"));
  });
});
