import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/render.tsx";
import { ScrollRestorer } from "./scroll-restorer.tsx";

const KEY = "scroll-positions";

/** The document opened as `type` (PerformanceNavigationTiming.type). */
function openedAs(type: NavigationTimingType) {
  vi.spyOn(performance, "getEntriesByType").mockImplementation((kind: string) =>
    kind === "navigation" ? ([{ type }] as unknown as PerformanceEntryList) : [],
  );
}

function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
}

describe("scroll restorer", () => {
  let scrolled: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrolled = vi.fn();
    window.scrollTo = scrolled as unknown as typeof window.scrollTo;
    // jsdom has no scroll restoration setting; the restorer takes it over where the browser has one.
    if (!("scrollRestoration" in window.history)) {
      Object.defineProperty(window.history, "scrollRestoration", { value: "auto", writable: true, configurable: true });
    }
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it("does not read the tab's storage when a first visit starts, and keeps earlier documents' positions when the page is left", () => {
    openedAs("navigate");
    sessionStorage.setItem(KEY, JSON.stringify({ earlier: 120 }));
    const read = vi.spyOn(Storage.prototype, "getItem");
    renderWithProviders(<ScrollRestorer />);
    expect(read).not.toHaveBeenCalledWith(KEY);
    expect(scrolled).not.toHaveBeenCalled();

    scrollTo(300);
    window.dispatchEvent(new Event("pagehide"));
    expect(JSON.parse(sessionStorage.getItem(KEY) ?? "{}")).toEqual({ earlier: 120, default: 300 });
  });

  it("a reload returns to the position saved for its entry", () => {
    openedAs("reload");
    sessionStorage.setItem(KEY, JSON.stringify({ default: 450 }));
    renderWithProviders(<ScrollRestorer />);
    expect(scrolled).toHaveBeenCalledWith(0, 450);
  });

  it("Back within the app returns to where the player was, a new page starts at the top", () => {
    openedAs("navigate");
    const { router } = renderWithProviders(<ScrollRestorer />);
    scrollTo(200);
    act(() => router.navigate("/results"));
    expect(scrolled).toHaveBeenLastCalledWith(0, 0);
    act(() => router.navigate(-1));
    expect(scrolled).toHaveBeenLastCalledWith(0, 200);
  });
});
