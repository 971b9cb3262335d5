import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dispatchRealtime } from "../../../lib/realtime.ts";
import { mockApi, renderRoutes } from "../../../test/render.tsx";
import { useLiveResults } from "../hooks/use-live-results.ts";
import { drawTime } from "./draw-picker.tsx";
import { LiveResult } from "./live-result.tsx";

function TwoDNumber() {
  useLiveResults();
  return <LiveResult type="2D" />;
}

describe("the 2D page's live number", () => {
  it("changes in place the moment a 2D result arrives on the socket", async () => {
    const today = "2025-03-07T";
    mockApi({
      luckynumber_daily: {
        body: [
          { type: "2D", draw_id: 1, draw_at: `${today}05:30:00.000Z`, number: "15", status: "settled" },
          { type: "2D", draw_id: 2, draw_at: `${today}09:30:00.000Z`, number: null, status: "closed" },
          { type: "3D", draw_id: 3, draw_at: `${today}09:30:00.000Z`, number: "777", status: "settled" },
        ],
      },
    });
    renderRoutes([{ index: true, element: <TwoDNumber /> }]);
    expect((await screen.findByTestId("live-result-number")).textContent).toBe("15");
    // The refetch that follows stays on the way: the number comes from the socket alone.
    mockApi({ luckynumber_daily: "pending" });
    act(() => dispatchRealtime({ type: "result", event_id: 9, lottery: "2D", draw_id: 2, number: "84", draw_at: `${today}09:30:00.000Z` }));
    await waitFor(() => expect(screen.getByTestId("live-result-number").textContent).toBe("84"));
    // Another game's result leaves the 2D number alone.
    act(() =>
      dispatchRealtime({ type: "result", event_id: 10, lottery: "3D", draw_id: 4, number: "123", draw_at: `${today}10:30:00.000Z` }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId("live-result-number").textContent).toBe("84");
  });

  it("shows the draw time the result carries, not the time the list held before the draw was moved", async () => {
    mockApi({
      luckynumber_daily: {
        body: [
          { type: "2D", draw_id: 1, draw_at: "2025-03-07T05:30:00.000Z", number: "15", status: "settled" },
          { type: "2D", draw_id: 2, draw_at: "2025-03-07T09:30:00.000Z", number: null, status: "open" },
        ],
      },
    });
    renderRoutes([{ index: true, element: <TwoDNumber /> }]);
    expect((await screen.findByTestId("live-result-number")).textContent).toBe("15");
    mockApi({ luckynumber_daily: "pending" });
    const movedTo = "2025-03-07T07:10:00.000Z";
    act(() => dispatchRealtime({ type: "result", event_id: 11, lottery: "2D", draw_id: 2, number: "92", draw_at: movedTo }));
    await waitFor(() => expect(screen.getByTestId("live-result-number").textContent).toBe("92"));
    const region = screen.getByRole("region");
    expect(region.textContent).toContain(drawTime(movedTo));
    expect(region.textContent).not.toContain(drawTime("2025-03-07T09:30:00.000Z"));
  });
});
