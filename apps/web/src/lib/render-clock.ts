/**
 * "Now" for drawing. While the server draws a page, and while the browser takes that drawing over
 * (hydration), every countdown and every "is this draw still open" reads the moment the page was
 * drawn, so both draw exactly the same thing; right after, the clocks tick from the real time.
 */
let frozenAt: number | undefined;

/** Fixes "now" at `at` (milliseconds since the epoch); undefined lets it run again. */
export function freezeClock(at: number | undefined): void {
  frozenAt = at;
}

/** The frozen moment, while there is one. */
export function frozenNow(): number | undefined {
  return frozenAt;
}

/** The time to draw with: the frozen moment while there is one, else this device's clock. */
export function clockNow(): number {
  return frozenAt ?? Date.now();
}
