import { whenIdle } from "./idle.ts";

/**
 * The installable app in the browser: registers the service worker (/sw.js, built by
 * build/pwa.ts) once the page has settled, and keeps Chrome's install prompt (`beforeinstallprompt`)
 * for the install banner and the install page to show when the player asks.
 */

/** Chrome's install prompt event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const fn of listeners) fn();
};

/** The browser offers to install the app now (a prompt is waiting). */
export function canInstall(): boolean {
  return deferred !== null;
}

/** The app runs installed (standalone window) or was just installed from this page. */
export function isInstalled(): boolean {
  if (installed) return true;
  return (
    typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(display-mode: standalone)").matches
  );
}

/** For useSyncExternalStore: called when the prompt arrives, is used, or the app is installed. */
export function onInstallChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Shows the browser's install dialog; what the player chose, or "unavailable" without a prompt. */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = deferred;
  if (!event) return "unavailable";
  // A prompt can be shown once.
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === "accepted") installed = true;
  notify();
  return outcome;
}

/** Keeps the install prompt from the moment the page starts (the browser may offer it early). */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener("beforeinstallprompt", (event) => {
    // The site shows its own, dismissable banner instead of the browser's mini-infobar.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  target.addEventListener("appinstalled", () => {
    deferred = null;
    installed = true;
    notify();
  });
}

/** Registers the service worker once the page has loaded and the main thread is idle. */
export function registerServiceWorker(url = "/sw.js"): void {
  if (!("serviceWorker" in navigator)) return;
  whenIdle(() => {
    navigator.serviceWorker.register(url, { scope: "/" }).catch(() => undefined);
  });
}
