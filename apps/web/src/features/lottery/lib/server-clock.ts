import { useEffect, useRef, useState } from "react";
import { frozenNow } from "../../../lib/render-clock.ts";

/**
 * The server's clock as seen from this device. Cheap phones often run minutes off; countdowns to a
 * cut-off use the server time the lottery calls return, so "closes in" matches what the server decides.
 */
let offsetMs = 0;

/**
 * Records a server timestamp (ISO 8601) received at `receivedAt` on this device's clock (just now
 * by default); ignores anything unreadable.
 */
export function noteServerTime(serverTime: string | undefined, receivedAt: number = Date.now()): void {
  if (!serverTime) return;
  const server = Date.parse(serverTime);
  if (Number.isFinite(server)) offsetMs = server - receivedAt;
}

/** Now, on the server's clock (milliseconds since the epoch); the drawing's moment while a drawn page is taken over. */
export function serverNow(): number {
  return frozenNow() ?? Date.now() + offsetMs;
}

/** Server time, re-rendered every `intervalMs` (a second by default) while `active`. */
export function useServerNow(active = true, intervalMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!active) return;
    setNow(serverNow());
    const id = window.setInterval(() => setNow(serverNow()), intervalMs);
    return () => window.clearInterval(id);
  }, [active, intervalMs]);
  return now;
}

/**
 * Server time for drawing what changes only at some moments (a draw's cut-off, a new day): the clock
 * is read every second while `active`, but the caller is drawn again only when `keyOf(now)` changes,
 * with the time of that change. A ticking countdown belongs in a component of its own
 * (`LiveCountdown`), so the card around it is not drawn every second.
 */
export function useServerNowWhen(keyOf: (now: number) => string, active = true): number {
  const [shown, setShown] = useState(() => {
    const at = serverNow();
    return { at, key: keyOf(at) };
  });
  const keyOfRef = useRef(keyOf);
  // What is on screen: a first check that finds the same answer does not draw the caller again.
  const shownKey = useRef(shown.key);
  useEffect(() => {
    keyOfRef.current = keyOf;
  });
  useEffect(() => {
    if (!active) return;
    const check = () => {
      const at = serverNow();
      const key = keyOfRef.current(at);
      if (key === shownKey.current) return;
      shownKey.current = key;
      setShown({ at, key });
    };
    check();
    const id = window.setInterval(check, 1000);
    return () => window.clearInterval(id);
  }, [active]);
  return shown.at;
}

/** Whole seconds left until `at` (never below 0). */
export function secondsUntil(at: string, now: number): number {
  const target = Date.parse(at);
  if (!Number.isFinite(target)) return 0;
  return Math.max(0, Math.ceil((target - now) / 1000));
}

/** "02:05:09" (hours may exceed 24 only when days are shown separately by the caller). */
export function clockText(totalSeconds: number): { days: number; time: string } {
  const days = Math.floor(totalSeconds / 86_400);
  const rest = totalSeconds - days * 86_400;
  const pad = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(rest / 3600);
  const m = Math.floor((rest % 3600) / 60);
  const s = rest % 60;
  return { days, time: `${pad(h)}:${pad(m)}:${pad(s)}` };
}

/**
 * True once `at` has passed on the server's clock. Checks once a second without re-rendering the
 * caller until the answer changes (a ticking countdown stays in the component that shows it).
 */
export function useIsPast(at: string | undefined): boolean {
  const target = at ? Date.parse(at) : Number.NaN;
  const [past, setPast] = useState(() => Number.isFinite(target) && target <= serverNow());
  useEffect(() => {
    if (!Number.isFinite(target)) {
      setPast(false);
      return;
    }
    const check = () => setPast(target <= serverNow());
    check();
    const id = window.setInterval(check, 1000);
    return () => window.clearInterval(id);
  }, [target]);
  return past;
}
