import { useCallback, useRef, useState } from "react";

/**
 * Runs one task at a time: while a task is in flight further calls are ignored (checked synchronously,
 * so a double click cannot send a decision twice even before the button re-renders as disabled).
 */
export function useBusy(): [busy: boolean, run: (task: () => Promise<unknown>) => Promise<void>] {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (task: () => Promise<unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
