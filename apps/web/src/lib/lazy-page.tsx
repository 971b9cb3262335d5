import { type ComponentType, isValidElement, lazy, type ReactNode } from "react";
import { matchRoutes, type RouteObject } from "./router.tsx";

/** A page in a chunk of its own that can also be fetched ahead of drawing it. */
export interface LazyPage<P extends object> {
  (props: P): ReactNode;
  /** Downloads the page's chunk (once); after it resolves the page draws without suspending. */
  preload(): Promise<void>;
}

/**
 * Like React.lazy, plus preload(): the first paint of a page the server drew, and the server itself,
 * fetch the chunk before drawing, so nothing waits behind a Suspense fallback.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = (): Promise<void> => {
    pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // A failed download (a new deploy, no network) may be tried again by the next visit to the page.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  const Page = (props: P): ReactNode => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  Page.preload = preload;
  return Page;
}

function preloadOf(element: ReactNode): (() => Promise<void>) | undefined {
  if (!isValidElement(element)) return undefined;
  const type = element.type as { preload?: unknown };
  return typeof type.preload === "function" ? (type.preload as () => Promise<void>) : undefined;
}

/** Fetches the chunks of the lazy pages the path shows (the page and any lazy layout above it). */
export function preloadRoute(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(matches.map((m) => preloadOf(m.route.element)?.())).then(() => undefined);
}
