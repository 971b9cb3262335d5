import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { type ComponentType, type ReactNode, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
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
async function drawnPage(name: string) {
  const onServer = lazyIsland(name, async () => Counter);
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
  const inBrowser = lazyIsland(name, () => {
    downloads++;
    return chunk;
  });
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
