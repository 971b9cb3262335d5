import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderRoutes } from "../../../app/testing.tsx";
import { dispatchRealtime } from "../../../lib/realtime.ts";
import { LiveTicker } from "./live-ticker.tsx";
import { Marquee } from "./marquee.tsx";

describe("live ticker in the shell", () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it("shows each chat message 20 s, one after the other, each once", async () => {
    mockApi({});
    renderRoutes([{ index: true, element: <LiveTicker /> }]);
    act(() => {
      dispatchRealtime({ type: "chat", event_id: 1, text: "First", shown_for_ms: 20_000 });
      dispatchRealtime({ type: "chat", event_id: 2, text: "Second", shown_for_ms: 20_000 });
      dispatchRealtime({ type: "chat", event_id: 1, text: "First", shown_for_ms: 20_000 });
    });
    expect(await screen.findByText("First")).toBeInTheDocument();
    expect(screen.queryByText("Second")).toBeNull();
    act(() => vi.advanceTimersByTime(19_900));
    expect(screen.getByText("First")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText("Second")).toBeInTheDocument();
    expect(screen.queryByText("First")).toBeNull();
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByTestId("chat-ticker")).toBeNull();
  });

  it("replaces the marquee text in place when it changes", async () => {
    mockApi({ header_play_text: { body: { data: [{ text: "Old notice" }] } } });
    renderRoutes([
      {
        index: true,
        element: (
          <>
            <LiveTicker />
            <Marquee />
          </>
        ),
      },
    ]);
    expect(await screen.findByText("Old notice")).toBeInTheDocument();
    act(() => dispatchRealtime({ type: "marquee", event_id: 5, text: "New notice" }));
    expect(await screen.findByText("New notice")).toBeInTheDocument();
    expect(screen.queryByText("Old notice")).toBeNull();
  });
});
