import { readFileSync } from "node:fs";
import { join } from "node:path";
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderWithProviders } from "../../../test/render.tsx";
import { Marquee } from "./marquee.tsx";

/** jsdom has no IntersectionObserver: this one is told by the test when the line enters or leaves the screen. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets.length = 0;
  }
  takeRecords() {
    return [];
  }
  show(isIntersecting: boolean) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const NOTICE = "2D results at 12:01 and 16:30 today";

describe("Marquee motion", () => {
  let visibility: DocumentVisibilityState = "visible";
  beforeEach(() => {
    visibility = "visible";
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    FakeObserver.last = undefined;
  });

  it("pauses while scrolled off the screen or while the tab is hidden, and runs again after", async () => {
    mockApi({ header_play_text: { body: { data: [{ text: NOTICE }] } } });
    renderWithProviders(<Marquee />);
    const line = await screen.findByText(NOTICE);
    expect(line).toBe(screen.getByTestId("marquee-line"));
    expect(line).not.toHaveAttribute("data-paused");
    const observer = FakeObserver.last;
    expect(observer?.targets).toEqual([line]);

    act(() => observer?.show(false));
    expect(line).toHaveAttribute("data-paused");
    act(() => observer?.show(true));
    expect(line).not.toHaveAttribute("data-paused");

    visibility = "hidden";
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(line).toHaveAttribute("data-paused");
    visibility = "visible";
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(line).not.toHaveAttribute("data-paused");
    // The attribute is what pauses the CSS animation, and only where motion is allowed at all.
    expect(line.className).toContain("motion-safe:data-paused:[animation-play-state:paused]");
  });

  it("moves by CSS keyframes on transform alone, with no script running per frame", async () => {
    const frames = vi.spyOn(window, "requestAnimationFrame");
    mockApi({ header_play_text: { body: { data: [{ text: NOTICE }] } } });
    renderWithProviders(<Marquee />);
    const line = await screen.findByText(NOTICE);
    expect(line.className).toContain("motion-safe:animate-marquee-scroll");
    expect(frames).not.toHaveBeenCalled();

    const css = readFileSync(join(__dirname, "../../../styles.css"), "utf8");
    const keyframes = /@keyframes marquee-scroll\s*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/.exec(css)?.[1];
    expect(keyframes).toBeDefined();
    const properties = [...(keyframes ?? "").matchAll(/([a-z-]+)\s*:/g)].map((m) => m[1]);
    expect(properties.length).toBeGreaterThan(0);
    expect(new Set(properties)).toEqual(new Set(["transform"]));
    // Without motion the notice stands still: every moving part of the line is motion-safe only.
    const moving = line.className.split(" ").filter((c) => /animate|pl-\[100%\]|inline-block|will-change/.test(c));
    expect(moving.every((c) => c.startsWith("motion-safe:"))).toBe(true);
  });
});
