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
let engaged = false;
let holds = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const fn of listeners) fn();
};

/** The browser offers to install the app now (a prompt is waiting). */
export function canInstall(): boolean {
  return deferred !== null;
}

/**
 * The player has tapped, clicked, typed or used the mouse wheel on this page. The install banner
 * waits for that: it never covers a page the player has only just opened (and so never becomes
 * the page's largest paint).
 */
export function hasEngaged(): boolean {
  return engaged;
}

/**
 * Keeps the install banner away while the page shows controls of its own at the bottom of the screen
 * (the bet bar), where the banner would cover them; the returned function lets it go again.
 */
export function holdInstallBanner(): () => void {
  holds += 1;
  notify();
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holds -= 1;
    notify();
  };
}

/** Nothing on the page keeps the install banner away (holdInstallBanner). */
export function bannerRoom(): boolean {
  return holds === 0;
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

/** What counts as the player's first engagement with the page (a programmatic scroll does not). */
const ENGAGEMENT_EVENTS = ["pointerdown", "keydown", "wheel"] as const;

/**
 * Keeps the install prompt from the moment the page starts (the browser may offer it early), and
 * notes the player's first engagement with the page.
 */
export function captureInstallPrompt(target: Window = window): void {
  engaged = false;
  const onEngaged = () => {
    for (const type of ENGAGEMENT_EVENTS) target.removeEventListener(type, onEngaged, true);
    engaged = true;
    notify();
  };
  for (const type of ENGAGEMENT_EVENTS) target.addEventListener(type, onEngaged, { capture: true, passive: true });
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

/** The web app manifest's address (the build writes the file there: build/pwa.ts, MANIFEST_FILE). */
export const MANIFEST_URL = "/manifest.webmanifest";

/** Links the web app manifest from the page's head, unless a link is there already. */
export function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = MANIFEST_URL;
  document.head.appendChild(link);
}

/**
 * Once the page has loaded and the main thread is idle: links the manifest (the build keeps it out of
 * the page's head, so neither it nor its icon competes with the first paint on a slow line) and
 * registers the service worker. Chrome checks whether the app can be installed when the link appears,
 * and offers its prompt (captureInstallPrompt) from then on.
 */
export function startInstallableApp(url = "/sw.js"): void {
  whenIdle(() => {
    linkManifest();
    if ("serviceWorker" in navigator) navigator.serviceWorker.register(url, { scope: "/" }).catch(() => undefined);
  });
}
