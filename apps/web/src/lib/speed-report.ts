import { connectionOf, deviceClassOf, type VitalMetric, type VitalPage } from "@shwe/domain";
import { type Metric, onCLS, onINP, onLCP, onTTFB } from "web-vitals";

/**
 * Speed on players' phones: LCP, INP, CLS and TTFB of this visit (web-vitals), sent with
 * navigator.sendBeacon to POST /api/vitals when the page is hidden or left. Loaded when the browser
 * is idle (main.tsx); the measures it reads are buffered by the browser, so nothing is missed. A
 * report names the page the visit started on (from a fixed list), a coarse device class and the
 * connection type: nothing about the player.
 */

export const VITALS_URL = "/api/vitals";

/** The page id of a path, from the fixed list the server accepts. */
export function vitalPageOf(pathname: string): VitalPage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const exact: Record<string, VitalPage> = {
    "/": "home",
    "/two/lottery": "2d",
    "/three/lottery": "3d",
    "/one/lottery": "1d",
    "/crypto/lottery": "crypto-2d",
    "/crypto/one/lottery": "crypto-1d",
    "/winner-list": "winner-list",
    "/win-number": "win-number",
    "/login": "sign-in",
    "/register": "register",
    "/cashin": "cash-in",
    "/cashout": "cash-out",
    "/betslip": "bet-slip",
    "/wallet-history": "wallet-history",
    "/profile": "profile",
  };
  const page = exact[path];
  if (page) return page;
  if (path === "/admin" || path.startsWith("/admin/")) return "console";
  if (path.startsWith("/game/") || /^\/[^/]+(\/[^/]+)?$/.test(path)) return "games";
  return "other";
}

interface NavigatorHints {
  deviceMemory?: number;
  hardwareConcurrency?: number;
  userAgentData?: { mobile?: boolean };
  connection?: { effectiveType?: string };
}

/** What the report says of the phone and its connection: classes, never a model or an address. */
export function visitContext(nav: NavigatorHints = navigator as unknown as NavigatorHints) {
  return {
    device: deviceClassOf({ memoryGb: nav.deviceMemory, cores: nav.hardwareConcurrency, mobile: nav.userAgentData?.mobile }),
    connection: connectionOf(nav.connection?.effectiveType),
  };
}

export interface VitalsReporter {
  /** A measure from web-vitals (kept until the next flush; a later value of the same measure replaces it). */
  add(metric: Pick<Metric, "name" | "value">): void;
  /** Sends what is kept, if anything. */
  flush(): void;
}

/** Collects measures and sends them in one report per flush. */
export function createVitalsReporter(
  page: VitalPage,
  context: { device: string; connection: string },
  send: (url: string, body: string) => void,
): VitalsReporter {
  const pending = new Map<VitalMetric, number>();
  return {
    add(metric) {
      if (metric.name !== "LCP" && metric.name !== "INP" && metric.name !== "CLS" && metric.name !== "TTFB") return;
      if (!Number.isFinite(metric.value) || metric.value < 0) return;
      // Milliseconds to a whole ms; CLS keeps four decimals.
      pending.set(metric.name, metric.name === "CLS" ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value));
    },
    flush() {
      if (pending.size === 0) return;
      const samples = [...pending].map(([metric, value]) => ({ metric, value }));
      pending.clear();
      send(VITALS_URL, JSON.stringify({ page, ...context, samples }));
    },
  };
}

function beacon(url: string, body: string): void {
  const blob = new Blob([body], { type: "application/json" });
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, blob)) return;
  void fetch(url, { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true }).catch(() => undefined);
}

let started = false;

/** Starts measuring this visit (once per tab). */
export function startVitals(): void {
  if (started) return;
  started = true;
  const reporter = createVitalsReporter(vitalPageOf(window.location.pathname), visitContext(), beacon);
  const add = (metric: Metric) => reporter.add(metric);
  onTTFB(add);
  onLCP(add);
  onCLS(add);
  onINP(add);
  // web-vitals hands over its final values when the page is hidden; these listeners run after its own.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") queueMicrotask(() => reporter.flush());
  });
  window.addEventListener("pagehide", () => reporter.flush());
  // Shows that this visit is measured (a browser check waits on it before leaving the page).
  document.documentElement.setAttribute("data-speed-report", "on");
}
