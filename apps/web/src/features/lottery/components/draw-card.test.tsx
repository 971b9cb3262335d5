import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initTestI18n } from "../../../test/render.tsx";
import { noteServerTime } from "../lib/server-clock.ts";
import { draw } from "../test/fixtures.ts";
import { DrawCard } from "./draw-card.tsx";

/**
 * Which parts of the card draw, told by the texts they look up: the card asks for "draw.time" and
 * the row of draws for "draw.pick" each time they draw.
 */
const asked = vi.hoisted(() => new Map<string, number>());
vi.mock("../../../lib/i18n-react.tsx", async (importOriginal) => {
  const { countingTranslation } = await import("../../../test/counted-translation.ts");
  return countingTranslation(await importOriginal(), asked);
});

const MINUTE = 60_000;
const countdown = () => screen.getByText(/^\d\d:\d\d:\d\d$/).textContent;

describe("the draw card's countdown", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse("2025-03-07T03:00:00.000Z") });
    noteServerTime(new Date().toISOString());
    initTestI18n();
    asked.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ticks the time left alone: the card and its draw buttons are not drawn again each second", () => {
    const chosen = draw("2D", 10 * MINUTE);
    const next = draw("2D", 3 * 60 * MINUTE, { id: 42 });
    render(<DrawCard draws={[chosen, next]} draw={chosen} closed={false} onSelect={() => {}} />);
    expect(countdown()).toBe("00:10:00");
    const card = asked.get("draw.time") ?? 0;
    const picker = asked.get("draw.pick") ?? 0;
    // Drawn once when shown, not a second time by the clock's first check.
    expect(card).toBe(1);
    expect(picker).toBe(1);
    const buttons = screen.getAllByRole("radio");

    for (const left of ["00:09:59", "00:09:58", "00:09:57", "00:09:56", "00:09:55"]) {
      act(() => vi.advanceTimersByTime(1000));
      expect(countdown()).toBe(left);
    }
    expect(asked.get("draw.time") ?? 0).toBe(card);
    expect(asked.get("draw.pick") ?? 0).toBe(picker);
    // The same buttons, still open to pick.
    expect(screen.getAllByRole("radio")).toEqual(buttons);
    expect(buttons[1]).toBeEnabled();
  });

  it("gives the countdown to screen readers as a timer, outside any live region (no announcement every second)", () => {
    const chosen = draw("2D", 10 * MINUTE);
    render(<DrawCard draws={[chosen]} draw={chosen} closed={false} onSelect={() => {}} />);
    const timer = screen.getByRole("timer");
    expect(timer).toHaveTextContent("00:10:00");
    expect(timer.closest("[aria-live]")).toBeNull();
  });

  it("draws the row of draws again once another draw's cut-off passes, and only then", () => {
    const chosen = draw("2D", 60 * MINUTE);
    const soon = draw("2D", 3_500, { id: 42 });
    render(<DrawCard draws={[chosen, soon]} draw={chosen} closed={false} onSelect={() => {}} />);
    const soonButton = () => screen.getAllByRole("radio")[1];
    expect(soonButton()).toBeEnabled();
    const picker = asked.get("draw.pick") ?? 0;

    act(() => vi.advanceTimersByTime(3000));
    expect(soonButton()).toBeEnabled();
    expect(asked.get("draw.pick") ?? 0).toBe(picker);

    act(() => vi.advanceTimersByTime(1000));
    expect(soonButton()).toBeDisabled();
    expect(asked.get("draw.pick") ?? 0).toBe(picker + 1);

    act(() => vi.advanceTimersByTime(5000));
    expect(asked.get("draw.pick") ?? 0).toBe(picker + 1);
  });

  it("shows that betting has closed instead of the countdown when the card is closed", () => {
    const chosen = draw("2D", 2_000);
    const { rerender } = render(<DrawCard draws={[chosen]} draw={chosen} closed={false} onSelect={() => {}} />);
    expect(countdown()).toBe("00:00:02");
    act(() => vi.advanceTimersByTime(2000));
    expect(countdown()).toBe("00:00:00");
    rerender(<DrawCard draws={[chosen]} draw={chosen} closed onSelect={() => {}} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Betting has been closed.");
    expect(screen.queryByText(/^\d\d:\d\d:\d\d$/)).not.toBeInTheDocument();
  });
});
