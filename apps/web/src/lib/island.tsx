import { type ComponentType, memo, type ReactNode, Suspense, useCallback, useLayoutEffect, useState } from "react";
import { lazyPage } from "./lazy-page.tsx";

/**
 * A part of the page in a chunk of its own that hydrates after the rest: on a page the server drew,
 * its drawing stays as it is until the chunk has arrived, then React adopts it in a piece of work of
 * its own. The first visit's JS and its one long hydration task get smaller by what the island holds.
 * Use it for what is hidden on a phone, below the fold, or behind a tap.
 *
 * The first tap is never lost (decision 0022): a click or key press in an island React has not
 * adopted yet is held, the island's chunk is fetched at once, and once the page around it is taken
 * over the tap is played again on the same element, which makes React adopt the island there and
 * then and hand it the tap. So an island's content must not suspend on anything but its chunk.
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
 */

/** Each island's chunk by name (the name is in the drawing, so a held tap finds its chunk). */
const chunks = new Map<string, { preload: () => Promise<void>; arrived: boolean }>();

/** Whether React has adopted an island's content; one per island on the page. */
interface Adoption {
  adopted: boolean;
  /** The island's wrapper, once React has taken it over. */
  element: Element | null;
}
/** The island wrappers React has taken over (the page around them is adopted), by element. */
const adoptions = new WeakMap<Element, Adoption>();
/** Taps held in an island that does not answer yet, in the order they came. */
const held = new WeakMap<Element, Array<{ target: Element; replay: Event }>>();
/** The taps played again: they pass through to React. */
const replays = new WeakSet<Event>();

export function lazyIsland<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): (props: P) => ReactNode {
  const Page = lazyPage(load);
  const chunk = {
    preload: () =>
      Page.preload().then(() => {
        // React can adopt the island in one go now.
        chunk.arrived = true;
      }),
    arrived: false,
  };
  chunks.set(name, chunk);
  return memo(function Island(props: P) {
    const [adoption] = useState<Adoption>(() => ({ adopted: false, element: null }));
    const attach = useCallback(
      (element: HTMLDivElement | null) => {
        if (!element) return;
        adoption.element = element;
        adoptions.set(element, adoption);
        // After React's commit: a tap played again makes React work, which it cannot do mid-commit.
        queueMicrotask(() => settle(element));
      },
      [adoption],
    );
    return (
      <div data-island={name} className="contents" ref={attach}>
        <Suspense fallback={fallback}>
          <Page {...props} />
          <Adopted adoption={adoption} />
        </Suspense>
      </div>
    );
  });
}

/** Drawn with the island's content: commits when React has adopted (or drawn) it. */
function Adopted({ adoption }: { adoption: Adoption }): null {
  useLayoutEffect(() => {
    adoption.adopted = true;
    // Taps React could not take at once go to it now (after the commit, as above).
    const element = adoption.element;
    if (element) queueMicrotask(() => settle(element));
  }, [adoption]);
  return null;
}

/** Downloads every island's chunk (the server before drawing; the browser once the page is up). */
export function preloadIslands(): Promise<void> {
  return Promise.all([...chunks.values()].map((chunk) => chunk.preload())).then(() => undefined);
}

/** A fresh copy of a held tap, to play again on its element. */
function copyOf(event: Event): Event {
  const init = { bubbles: event.bubbles, cancelable: event.cancelable, composed: event.composed };
  if (event instanceof KeyboardEvent) {
    const { key, code, location, repeat, isComposing, ctrlKey, shiftKey, altKey, metaKey } = event;
    return new KeyboardEvent(event.type, { ...init, key, code, location, repeat, isComposing, ctrlKey, shiftKey, altKey, metaKey });
  }
  if (event instanceof MouseEvent) {
    const { detail, screenX, screenY, clientX, clientY, ctrlKey, shiftKey, altKey, metaKey, button, buttons } = event;
    return new MouseEvent(event.type, {
      ...init,
      view: event.view,
      detail,
      screenX,
      screenY,
      clientX,
      clientY,
      ctrlKey,
      shiftKey,
      altKey,
      metaKey,
      button,
      buttons,
    });
  }
  return new Event(event.type, init);
}

/** Holds a tap on an island React has not adopted yet (before React sees it and lets it go). */
function hold(event: Event): void {
  if (replays.has(event)) return;
  const target = event.target;
  if (!(target instanceof Element)) return;
  const island = target.closest("[data-island]");
  if (!island || adoptions.get(island)?.adopted) return;
  // A click's own effect (a link followed, a form sent) waits for the island too; a key press keeps
  // its own (typing, the click a button's Enter makes, which is held in turn).
  if (event.type === "click") event.preventDefault();
  event.stopImmediatePropagation();
  const queue = held.get(island) ?? [];
  queue.push({ target, replay: copyOf(event) });
  held.set(island, queue);
  settle(island);
}

/**
 * Moves an island with held taps on: fetches its chunk if it has not arrived; once it has and React
 * has taken over the page around it, plays the taps again in order. The first makes React adopt the
 * island at once (as it does for a tap on a part it has not adopted yet) and reach its handlers.
 */
function settle(island: Element): void {
  const queue = held.get(island);
  if (!queue?.length) return;
  const name = island.getAttribute("data-island") ?? "";
  const adoption = adoptions.get(island);
  const chunk = chunks.get(name);
  if (!adoption?.adopted && !chunk?.arrived) {
    // Its chunk is not registered until the page's own chunk has run: the page's adoption calls again.
    chunk?.preload().then(
      () => settle(island),
      // No chunk (a new deploy, no network): the island stays a drawing, the taps are let go.
      () => held.delete(island),
    );
    return;
  }
  if (!adoption) return;
  held.delete(island);
  for (const [i, { target, replay }] of queue.entries()) {
    if (!target.isConnected) continue;
    replays.add(replay);
    target.dispatchEvent(replay);
    if (!adoption.adopted) {
      // React could not adopt it at once: the taps after this one wait for its adoption.
      held.set(island, queue.slice(i + 1));
      return;
    }
  }
}

if (typeof window !== "undefined") {
  // Before anything else sees them (React listens on the page's root).
  for (const type of ["click", "keydown"]) window.addEventListener(type, hold, { capture: true });
}
