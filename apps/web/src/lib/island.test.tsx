import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { type ComponentType, createContext, type ReactNode, startTransition, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyIsland, preloadIslands } from "./island.tsx";

/** The island's content: a button that counts its taps and a field that lists its keys. */
function Counter() {
  const [taps, setTaps] = useState(0);
  const [keys, setKeys] = useState<string[]>([]);
  return (
    <div>
      <button type="button" onClick={() => setTaps((n) => n + 1)}>
        taps {taps}
      </button>
      <input aria-label="stake" onKeyDown={(e) => setKeys((k) => [...k, e.key])} />
      <output aria-label="keys">{keys.join(",")}</output>
    </div>
  );
}

const page = (Island: (props: object) => ReactNode) => (
  <main>
    <p>board</p>
    <Island />
  </main>
);

let root: Root | undefined;
/** Each test's chunk arrives at its end at the latest, so the next test's preloadIslands does not wait on it. */
const pending: Array<() => void> = [];
afterEach(() => {
  for (const arrive of pending.splice(0)) arrive();
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

/**
 * A page the server drew with the island, and in the browser the same island whose chunk arrives
 * when the test says so: the server's and the browser's modules are apart, as on the real site.
 */
async function drawnPage(name: string, options: { media?: string } = {}) {
  const onServer = lazyIsland(name, async () => Counter, null, options);
  await preloadIslands();
  const container = document.createElement("div");
  container.innerHTML = renderToString(page(onServer));
  document.body.append(container);
  let arrive: (component: ComponentType<object>) => void = () => undefined;
  const chunk = new Promise<ComponentType<object>>((resolve) => {
    arrive = resolve;
  });
  pending.push(() => arrive(Counter));
  let downloads = 0;
  const inBrowser = lazyIsland(
    name,
    () => {
      downloads++;
      return chunk;
    },
    null,
    options,
  );
  const adopt = () =>
    act(async () => {
      root = hydrateRoot(container, page(inBrowser));
    });
  const chunkArrives = () =>
    act(async () => {
      arrive(Counter);
      await chunk;
    });
  return { adopt, chunkArrives, downloads: () => downloads };
}

describe("an island the server drew", () => {
  it("answers a tap made before its chunk arrived, once, when it does", async () => {
    const { adopt, chunkArrives } = await drawnPage("tap-before-chunk");
    await adopt();
    const button = screen.getByRole("button", { name: "taps 0" });
    fireEvent.click(button);
    await chunkArrives();
    await waitFor(() => expect(screen.getByRole("button", { name: "taps 1" })).toBe(button));
    fireEvent.click(button);
    expect(button).toHaveTextContent("taps 2");
  });

  it("answers a tap made before React took the page over, and fetches its chunk at once", async () => {
    const { adopt, chunkArrives, downloads } = await drawnPage("tap-before-page");
    const button = screen.getByRole("button", { name: "taps 0" });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(downloads()).toBe(1);
    await adopt();
    await chunkArrives();
    await waitFor(() => expect(button).toHaveTextContent("taps 2"));
  });

  it("hands the island the keys pressed before it was adopted, in order", async () => {
    const { adopt, chunkArrives } = await drawnPage("keys-before-chunk");
    await adopt();
    const stake = screen.getByRole("textbox", { name: "stake" });
    fireEvent.keyDown(stake, { key: "5" });
    fireEvent.keyDown(stake, { key: "Enter" });
    await chunkArrives();
    await waitFor(() => expect(screen.getByRole("status", { name: "keys" })).toHaveTextContent("5,Enter"));
  });

  it("does not hold a tap the island already answers", async () => {
    const { adopt, chunkArrives } = await drawnPage("tap-after-adoption");
    await adopt();
    await chunkArrives();
    const button = screen.getByRole("button", { name: "taps 0" });
    const tap = new MouseEvent("click", { bubbles: true, cancelable: true });
    act(() => {
      button.dispatchEvent(tap);
    });
    expect(button).toHaveTextContent("taps 1");
    expect(tap.defaultPrevented).toBe(false);
  });
});

/** A screen whose width the test sets: `matchMedia` for `(min-width: Npx)` queries, with change events. */
function screenOf(width: number) {
  const lists: Array<{ query: string; list: MediaQueryList; listeners: Set<() => void> }> = [];
  const matches = (query: string) => width >= Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0);
  vi.stubGlobal("matchMedia", (query: string) => {
    const listeners = new Set<() => void>();
    const list = {
      media: query,
      get matches() {
        return matches(query);
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    } as unknown as MediaQueryList;
    lists.push({ query, list, listeners });
    return list;
  });
  return {
    resize(to: number) {
      width = to;
      for (const { listeners } of lists) for (const listener of [...listeners]) listener();
    },
  };
}

describe("an island kept for some screens", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is not downloaded nor adopted on a screen it is not for, and is drawn by the app once the screen becomes one", async () => {
    const { adopt, chunkArrives, downloads } = await drawnPage("desktop-only", { media: "(min-width: 1024px)" });
    // The server drew it (it has no screen); the browser's is a phone's.
    const screenSize = screenOf(390);
    const drawn = screen.getByRole("button", { name: "taps 0" });
    await adopt();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(downloads()).toBe(0);
    // The server's drawing stays as it was, element for element.
    expect(screen.getByRole("button", { name: "taps 0" })).toBe(drawn);
    await act(async () => screenSize.resize(1280));
    expect(downloads()).toBe(1);
    await chunkArrives();
    const button = await screen.findByRole("button", { name: "taps 0" });
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveTextContent("taps 1"));
  });

  it("keeps its drawing through a change of the page around it that does not wait for it (a navigation)", async () => {
    const Place = createContext("home");
    let go: (place: string) => void = () => undefined;
    function Shell({ Island }: { Island: (props: object) => ReactNode }) {
      const [place, setPlace] = useState("home");
      go = setPlace;
      return (
        <Place.Provider value={place}>
          <p>at {place}</p>
          <Island />
        </Place.Provider>
      );
    }
    const onServer = lazyIsland("desktop-nav", async () => Counter, null, { media: "(min-width: 1024px)" });
    await preloadIslands();
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Shell Island={onServer} />);
    document.body.append(container);
    const screenSize = screenOf(390);
    let downloads = 0;
    const inBrowser = lazyIsland(
      "desktop-nav",
      () => {
        downloads++;
        return new Promise<ComponentType<object>>((resolve) => pending.push(() => resolve(Counter)));
      },
      null,
      { media: "(min-width: 1024px)" },
    );
    const drawn = screen.getByRole("button", { name: "taps 0" });
    await act(async () => {
      root = hydrateRoot(container, <Shell Island={inBrowser} />);
    });
    await act(async () => {
      startTransition(() => go("results"));
    });
    expect(screen.getByText("at results")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "taps 0" })).toBe(drawn);
    expect(downloads).toBe(0);
    // Its chunk may come now (and arrives at the test's end), so the next tests' preloads do not wait on it.
    await act(async () => screenSize.resize(1280));
    expect(downloads).toBe(1);
  });

  it("is downloaded and adopted at once on a screen it is for", async () => {
    const { adopt, chunkArrives, downloads } = await drawnPage("desktop-at-desktop", { media: "(min-width: 1024px)" });
    screenOf(1280);
    await adopt();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(downloads()).toBe(1);
    await chunkArrives();
    const button = screen.getByRole("button", { name: "taps 0" });
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveTextContent("taps 1"));
  });
});
