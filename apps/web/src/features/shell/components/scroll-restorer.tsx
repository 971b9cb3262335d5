import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "../../../lib/router.tsx";

const STORAGE_KEY = "scroll-positions";
const MAX_ENTRIES = 50;

/**
 * Whether this document was opened by a reload or by Back/Forward: only then can a position saved by
 * an earlier document of the tab apply to its first page. A first visit does not read storage at start
 * (its first use opens the tab's storage synchronously, a long task on a cheap phone).
 */
function reopenedDocument(): boolean {
  try {
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return entry?.type === "reload" || entry?.type === "back_forward";
  } catch {
    return true;
  }
}

function readSaved(): Record<string, number> {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * This document's positions (`own`) and, once read (when a Back needs one, or when the page is left),
 * the ones earlier documents of the tab saved, under them.
 */
interface Positions {
  own: Record<string, number>;
  withSaved: boolean;
}

function allPositions(p: Positions): Record<string, number> {
  if (!p.withSaved) {
    p.withSaved = true;
    p.own = { ...readSaved(), ...p.own };
  }
  return p.own;
}

/**
 * Scroll position per history entry: Back and Forward (and a reload) return to where the player
 * was; a new page starts at its top, or at the element its #hash names.
 */
export function ScrollRestorer() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Positions>({ own: {}, withSaved: false });
  const first = useRef(true);

  useEffect(() => {
    if (!("scrollRestoration" in window.history)) return;
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = "manual";
    const save = () => {
      try {
        const saved = allPositions(positions.current);
        const keys = Object.keys(saved);
        for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete saved[key];
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
      } catch {
        // Storage full or unavailable: positions are kept for this page view only.
      }
    };
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("pagehide", save);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    const isFirst = first.current;
    first.current = false;
    const saved = navigationType === "POP" && (!isFirst || reopenedDocument()) ? allPositions(positions.current)[location.key] : undefined;
    if (navigationType === "POP" && typeof saved === "number") window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    // The page the tab opened on keeps wherever the browser (or the player) put it.
    else if (!isFirst) window.scrollTo(0, 0);
    // Follows the player's scrolling on this entry (read again when they come Back to it).
    const key = location.key;
    const onScroll = () => {
      positions.current.own[key] = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [location.key, location.hash, navigationType]);

  return null;
}
