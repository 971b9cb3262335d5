/**
 * Runs `task` once the page has loaded and the main thread is idle (or after `timeoutMs` at the
 * latest): for downloads the first paint does not need but the next tap probably will.
 */
export function whenIdle(task: () => void, timeoutMs = 4000): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function") idleId = window.requestIdleCallback(task, { timeout: timeoutMs });
    else timer = setTimeout(task, 1);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", run);
    if (idleId !== undefined) window.cancelIdleCallback(idleId);
    if (timer !== undefined) clearTimeout(timer);
  };
}
