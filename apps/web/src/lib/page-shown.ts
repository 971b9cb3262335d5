import { useLayoutEffect } from "react";

/**
 * The moment the page itself (not only the shell around it) is on screen from the app: after the
 * first commit that includes it, whether the app drew it or adopted the server's drawing of it.
 */
const waiting = new Set<() => void>();

/** Calls back once, the first time a page is shown. */
export function whenPageShown(callback: () => void): void {
  waiting.add(callback);
}

/** Rendered right after the page (inside the same Suspense boundary): runs the callbacks once it commits. */
export function PageShown() {
  useLayoutEffect(() => {
    for (const callback of [...waiting]) {
      waiting.delete(callback);
      callback();
    }
  }, []);
  return null;
}
