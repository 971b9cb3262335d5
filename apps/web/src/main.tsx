import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, queryClient } from "./app/app.tsx";
import { routes } from "./app/router.tsx";
import { noteServerTime } from "./features/lottery/lib/server-clock.ts";
import { loadBurmeseBold } from "./lib/bold-font.ts";
import { readFirstPaint } from "./lib/first-paint.ts";
import { initI18n } from "./lib/i18n.ts";
import { whenIdle } from "./lib/idle.ts";
import { preloadIslands } from "./lib/island.tsx";
import { preloadRoute } from "./lib/lazy-page.tsx";
import { whenPageShown } from "./lib/page-shown.ts";
import { captureInstallPrompt, startInstallableApp } from "./lib/pwa.ts";
import { freezeClock } from "./lib/render-clock.ts";
import { BrowserRouter } from "./lib/router.tsx";
import { useSession } from "./lib/session-store.ts";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing");

// The entry's evaluation (every module of the first download) is one task on the main thread; the
// start runs in a task of its own after it, so neither holds a cheap phone's main thread for the
// time of both (bench/README.md, "The first date written as text, and the entry compiled while it
// downloads").
setTimeout(() => start(root), 0);

function start(root: HTMLElement): void {
  loadBurmeseBold();
  // The installable app: the manifest and service worker of a production build, and the install prompt.
  captureInstallPrompt();
  if (import.meta.env.PROD) startInstallableApp();
  // Speed on players' phones: measured from the start (the browser buffers), loaded and sent later.
  if (import.meta.env.PROD) whenIdle(() => void import("./lib/speed-report.ts").then((m) => m.startVitals()));

  // A page the server drew arrives with the data and translations it was drawn with.
  const drawn = readFirstPaint(document);
  // Drawn for a signed-in browser whose player is no longer stored (storage cleared): nothing to take
  // over; the app draws afresh and its guard asks the visitor to sign in.
  const firstPaint = drawn?.forSignedIn && !useSession.getState().user?.token ? undefined : drawn;
  if (drawn && !firstPaint) root.removeAttribute("inert");
  const i18n = initI18n(firstPaint && { lng: firstPaint.lng, resources: firstPaint.resources });
  if (firstPaint) {
    hydrate(queryClient, firstPaint.queries);
    // The page's first bytes left the server about when it was drawn.
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    noteServerTime(firstPaint.serverTime, navigation ? performance.timeOrigin + navigation.responseStart : Date.now());
  }

  const app = (
    <StrictMode>
      <App Router={BrowserRouter} />
    </StrictMode>
  );

  if (firstPaint) {
    // The page's chunk first, so the app draws it without a spinner; then the app adopts the drawing
    // (same language: hydration, at the moment it was drawn) or, in another language, replaces it in one go.
    // In the drawing's language the page brought the keys it drew with; the rest of those files arrives
    // beside the page's chunk, before the app takes over (so no later text is missing). The fallback
    // language's files are not fetched: every key exists in every language. In another language its
    // files come first.
    const texts = i18n.loadNamespaces(Object.keys(firstPaint.resources));
    const ready = Promise.all([preloadRoute(routes, window.location.pathname), texts]);
    // The drawing is inert (a picture of the page) until the app has taken the page over.
    whenPageShown(() => {
      freezeClock(undefined);
      root.removeAttribute("inert");
    });
    void ready
      .catch(() => undefined)
      .then(() => {
        if (i18n.language === firstPaint.lng) {
          freezeClock(firstPaint.drawnAt);
          // As a transition, hydration yields to the browser between pieces of work: a cheap phone's
          // main thread is never blocked for the whole page at once.
          startTransition(() => {
            hydrateRoot(root, app);
          });
        } else {
          startTransition(() => createRoot(root).render(app));
        }
      });
  } else {
    createRoot(root).render(app);
    // Nothing to adopt: the parts that hydrate later on a drawn page are fetched at once here.
    void preloadIslands().catch(() => undefined);
  }
}
