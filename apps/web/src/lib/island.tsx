import { type ComponentType, memo, type ReactNode, Suspense, useEffect, useState } from "react";
import { lazyPage } from "./lazy-page.tsx";

/**
 * A part of the page in a chunk of its own that hydrates after the rest: on a page the server drew,
 * its drawing stays as it is until the chunk has arrived, then React adopts it in a piece of work of
 * its own. The first visit's JS and its one long hydration task get smaller by what the island holds.
 * Use it for what is hidden on a phone, below the fold, or behind a tap.
 *
 * The first tap is never lost (decision 0022): a click or key press in an island whose chunk has not
 * arrived, or before React has taken the page over, is held, the island's chunk is fetched at once,
 * and once both are there the tap is played again on the same element, which makes React adopt the
 * island there and then and hand it the tap. So an island's content must not suspend on anything
 * but its chunk.
 *
 * The island is wrapped in a `display: contents` element (`data-island`), which draws no box of its
 * own; mind it in selectors that count children.
 *
 * The server loads every island before drawing (`preloadIslands`), so the drawing always has them;
 * a page the browser draws alone shows `fallback` (keep its size the island's) until the chunk arrives.
 *
 * An island that receives new props before it has hydrated is drawn afresh by React (its fallback
 * first: the page jumps). It is memoised, so equal props never reach it; give it props that stay
 * equal across the page's first renders (none, values, stable callbacks).
 *
 * `media` (a CSS media query) keeps an island for some screens only, such as the desktop header
 * (`hidden lg:block`), from costing the others anything: where the screen does not match, its chunk
 * is not downloaded and the server's drawing is kept as it is, never hydrated (React holds it as
 * opaque markup, so no later change of the page, such as a navigation, waits for the island); once
 * the screen matches (a window made wider, a tablet turned), the app draws the island afresh, its
 * `fallback` until the chunk arrives. A page the server did not draw shows `fallback` on such screens.
 */

/** Each island's chunk by name (the name is in the drawing, so a held tap finds its chunk). */
const preloads = new Map<string, () => Promise<void>>();
/** The island wrappers React has taken over with the page around them. */
const owned = new WeakSet<Element>();
/**
 * The islands that answer a tap: their chunk has arrived and React owns the page around them. React
 * adopts such an island there and then on a tap, as it does for any part it has not adopted yet.
 */
const answering = new WeakSet<Element>();
/** Taps held in islands that do not answer yet, in the order they came. */
let held: Array<{ island: Element; target: Element; replay: Event }> = [];
/** The tap being played again: it passes through to React. */
let replaying: Event | undefined;

/** Fetches the island's chunk (once); once it is there and React owns the island, plays its held taps. */
function settle(island: Element): void {
  preloads
    .get(island.getAttribute("data-island") ?? "")?.()
    .then(
      () => {
        if (!owned.has(island)) return;
        answering.add(island);
        replay();
      },
      // No chunk (a new deploy, no network): the island stays a drawing, its taps are let go.
      () => {
        held = held.filter((h) => h.island !== island);
      },
    );
}

/**
 * The wrapper's ref: React has taken it over (its chunk was asked for as React drew it). The chunk's
 * own preloads start in a task of their own, after the commit that adopted the page: not inside it,
 * where they would lengthen the one long task of taking the page over.
 */
function own(island: HTMLDivElement | null): void {
  if (!island) return;
  owned.add(island);
  setTimeout(() => settle(island), 0);
}

/** Whether the screen matches `query` (true where there is no screen to ask: the server, tests without `matchMedia`). */
function screenMatches(query: string): boolean {
  return typeof window === "undefined" || typeof window.matchMedia !== "function" || window.matchMedia(query).matches;
}

/**
 * Resolves once the screen matches `query`: at once where it does, or where there is no screen to
 * ask (the server draws every island; tests without `matchMedia`).
 */
function whenScreenMatches(query: string): Promise<void> {
  const list = typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(query) : undefined;
  if (!list || list.matches) return Promise.resolve();
  return new Promise((resolve) => {
    const onChange = () => {
      if (!list.matches) return;
      list.removeEventListener("change", onChange);
      resolve();
    };
    list.addEventListener("change", onChange);
  });
}

export function lazyIsland<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
  { media }: { media?: string } = {},
): (props: P) => ReactNode {
  const Page = lazyPage(media ? () => whenScreenMatches(media).then(load) : load);
  preloads.set(name, Page.preload);
  let drawing: { __html: string } | null | undefined;
  /** The server's drawing of the island, read once, before anything changes it. */
  const drawn = (): { __html: string } | null => {
    if (drawing === undefined) {
      const html = typeof document === "undefined" ? undefined : document.querySelector(`[data-island="${name}"]`)?.innerHTML;
      drawing = html === undefined ? null : { __html: html };
    }
    return drawing;
  };
  return memo(function Island(props: P) {
    const [forScreen, setForScreen] = useState(() => !media || screenMatches(media));
    useEffect(() => {
      if (forScreen || !media) return;
      let live = true;
      void whenScreenMatches(media).then(() => {
        if (live) setForScreen(true);
      });
      return () => {
        live = false;
      };
    }, [forScreen]);
    if (!forScreen) {
      const kept = drawn();
      return kept ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is the island's own, read back from the page as the browser parsed it; React hydrates it as it stands and never writes it
        <div data-island={name} className="contents" dangerouslySetInnerHTML={kept} />
      ) : (
        <div data-island={name} className="contents">
          {fallback}
        </div>
      );
    }
    return (
      <div data-island={name} className="contents" ref={own}>
        <Suspense fallback={fallback}>
          <Page {...props} />
        </Suspense>
      </div>
    );
  });
}

/** Downloads every island's chunk (the server before drawing; the browser once the page is up). */
export function preloadIslands(): Promise<void> {
  return Promise.all([...preloads.values()].map((preload) => preload())).then(() => undefined);
}

/** Holds a tap on an island that does not answer yet (before React sees it and lets it go), and fetches its chunk at once. */
function hold(event: Event): void {
  const target = event.target;
  const island = target instanceof Element && target.closest("[data-island]");
  if (!island || event === replaying || answering.has(island)) return;
  // A click's own effect (a link followed, a form sent) waits for the island too; a key press keeps
  // its own (typing, the click a button's Enter makes, which is held in turn).
  if (event.type === "click") event.preventDefault();
  event.stopImmediatePropagation();
  // A fresh copy to play again: the event is its own init (type, keys, buttons, place).
  held.push({ island, target, replay: new (event.constructor as typeof Event)(event.type, event) });
  settle(island);
}

/** Plays the held taps of the islands that answer now, in order; the others wait. */
function replay(): void {
  const waiting = held;
  held = [];
  for (const h of waiting) {
    if (!answering.has(h.island)) held.push(h);
    else {
      replaying = h.replay;
      h.target.dispatchEvent(h.replay);
    }
  }
  replaying = undefined;
}

// Before anything else sees them (React listens on the page's root); not on the server.
globalThis.addEventListener?.("click", hold, true);
globalThis.addEventListener?.("keydown", hold, true);
