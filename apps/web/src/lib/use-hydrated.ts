import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False while the server draws a page and while the browser takes that drawing over (hydration),
 * true afterwards (and from the start of a page the browser draws itself). What depends on the
 * visitor's own session or device is drawn only once this is true: the server cannot know it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
