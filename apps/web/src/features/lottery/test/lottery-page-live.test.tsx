import type { MarketNow } from "@shwe/contracts";
import { act, screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { dispatchRealtime } from "../../../lib/realtime.ts";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderRoutes } from "../../../test/render.tsx";
import { noteServerTime } from "../lib/server-clock.ts";
import { LotteryPage } from "../pages/lottery-page.tsx";
import { board, draw, sections } from "./fixtures.ts";

/**
 * Which parts of the page draw, told by the texts they look up: every part asks for its own keys each
 * time it draws (the page its title, the board its label and each cell its state, the live block's
 * header, day's numbers and note theirs), so counting the keys asked for between two moments counts
 * the parts drawn in between.
 */
const asked = vi.hoisted(() => new Map<string, number>());
vi.mock("../../../lib/i18n-react.tsx", async (importOriginal) => {
  const { countingTranslation } = await import("../../../test/counted-translation.ts");
  return countingTranslation(await importOriginal(), asked);
});

const HOUR = 3_600_000;

const tick = (two_d: string, set_index: string, at: string) => ({
  at,
  set_index,
  set_value: "45678.91",
  price: null,
  two_d,
  one_d: two_d.slice(-1),
  change: { set_index: "+0.10", set_value: "+11.09", price: null },
});

const market = (): MarketNow => ({
  market: "set",
  day: "2025-03-07",
  status: "open",
  delayed: false,
  interval_ms: 5000,
  sessions: [
    { open: "09:30", close: "12:01" },
    { open: "14:00", close: "16:30" },
  ],
  latest: tick("58", "1402.35", "2025-03-07T03:40:05.000Z"),
  marks: [
    { time: "09:30", two_d: "72", source: "feed" },
    { time: "12:01", two_d: "15", source: "result" },
    { time: "14:00", two_d: null, source: null },
    { time: "16:30", two_d: null, source: null },
  ],
  now: "2025-03-07T03:40:06.000Z",
});

const running = () => screen.getByTestId("market-running-number").textContent;
const askedFor = (pattern: RegExp) => [...asked].filter(([key]) => pattern.test(key)).reduce((sum, [, n]) => sum + n, 0);

describe("the 2D page while the market trades", { timeout: 20_000 }, () => {
  const animate = vi.fn();
  const nativeAnimate = HTMLElement.prototype.animate;
  beforeAll(() => {
    // jsdom plays no animations: the running number's pop is recorded instead.
    HTMLElement.prototype.animate = animate as unknown as typeof HTMLElement.prototype.animate;
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });
  afterAll(() => {
    HTMLElement.prototype.animate = nativeAnimate;
  });
  beforeEach(() => {
    useSession.setState({ user: null });
    noteServerTime(new Date().toISOString());
    animate.mockClear();
  });

  it("a reading on the socket draws the reading alone: not the page, not the number board, not the block's status, day's numbers or note", async () => {
    const d = draw("2D", HOUR);
    mockApi({ section: { body: sections(d) }, new_two_d: { body: board(d) }, "market/set": { body: market() } });
    renderRoutes([{ path: "/two/lottery", element: <LotteryPage type="2D" /> }], { path: "/two/lottery" });
    await screen.findByRole("button", { name: /^12,/ }, { timeout: 8_000 });
    await waitFor(() => expect(running()).toBe("58"));
    // Whatever the first data still sets going (the board's lazy parts, the socket's wait) settles first.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // The refetch a changed answer could start stays on the way: the readings come from the socket alone.
    mockApi({ section: { body: sections(d) }, new_two_d: { body: board(d) }, "market/set": "pending" });
    asked.clear();

    act(() =>
      dispatchRealtime({
        type: "market_tick",
        market: "set",
        status: "open",
        delayed: false,
        tick: tick("50", "1401.15", "2025-03-07T03:40:10.000Z"),
      }),
    );
    await waitFor(() => expect(running()).toBe("50"));
    act(() =>
      dispatchRealtime({
        type: "market_tick",
        market: "set",
        status: "open",
        delayed: false,
        tick: tick("61", "1402.61", "2025-03-07T03:40:15.000Z"),
      }),
    );
    await waitFor(() => expect(running()).toBe("61"));
    expect(screen.getByText("1,402.61")).toBeInTheDocument();

    // The reading part drew for each reading, once.
    expect(asked.get("setIndex")).toBe(2);
    // Nothing else: the page (its title), the board (its label, each cell's state), the block's header, day's numbers and note.
    expect(askedFor(/^games\./)).toBe(0);
    expect(askedFor(/^board\./)).toBe(0);
    expect(askedFor(/^(running2d|status\.|delayed|todayNumbers|infoOnly|socketDown|final)/)).toBe(0);
    // Each new number pops, on the compositor's properties alone (no restyle or repaint per frame).
    expect(animate).toHaveBeenCalledTimes(2);
    for (const [keyframes] of animate.mock.calls as [Keyframe[]][])
      for (const frame of keyframes)
        expect(Object.keys(frame).every((k) => ["transform", "opacity", "offset", "easing"].includes(k))).toBe(true);
  });
});
