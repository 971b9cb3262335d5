import { type ComponentType, memo, type ReactNode, Suspense } from "react";
import { lazyPage } from "./lazy-page.tsx";

/**
 * A part of the page in a chunk of its own that hydrates after the rest: on a page the server drew,
 * its drawing stays as it is (and unresponsive) until the chunk has arrived, then React adopts it in
 * a piece of work of its own. The first visit's JS and its one long hydration task get smaller by
 * what the island holds. Use it for what is hidden on a phone, below the fold, or behind a tap.
 *
 * The server loads every island before drawing (`preloadIslands`), so the drawing always has them;
 * a page the browser draws alone shows `fallback` (keep its size the island's) until the chunk arrives.
 *
 * An island that receives new props before it has hydrated is drawn afresh by React (its fallback
 * first: the page jumps). It is memoised, so equal props never reach it; give it props that stay
 * equal across the page's first renders (none, values, stable callbacks).
 */
const islands: Array<() => Promise<void>> = [];

export function lazyIsland<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): (props: P) => ReactNode {
  const Page = lazyPage(load);
  islands.push(Page.preload);
  return memo(function Island(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Page {...props} />
      </Suspense>
    );
  });
}

/** Downloads every island's chunk (the server before drawing; the browser once the page is up). */
export function preloadIslands(): Promise<void> {
  return Promise.all(islands.map((preload) => preload())).then(() => undefined);
}
