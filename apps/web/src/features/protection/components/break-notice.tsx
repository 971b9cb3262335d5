import type { Protection } from "@shwe/contracts";
import { lazy, Suspense, useEffect } from "react";
import { useProtection } from "../api/protection-view.ts";

type Exclusion = NonNullable<Protection["self_exclusion"]>;

// The notice's words download only for a player on a break: the bet board's first load stays small.
const BreakNoticeText = lazy(() => import("./break-notice-text.tsx").then((m) => ({ default: m.BreakNoticeText })));

/** Whether this exclusion is still running at `now` (an indefinite one always is). */
export function breakRunning(ex: Exclusion | null | undefined, now: number): ex is Exclusion {
  if (!ex) return false;
  return ex.indefinite || ex.until === null || Date.parse(ex.until) > now;
}

/**
 * The signed-in player's running break (self-exclusion), or null: the money screens show it and
 * stop offering what it pauses (bets, moves to the game balance, cash-in, games) rather than let
 * the player find out from a refusal. Nothing for visitors.
 */
export function useRunningBreak(): Exclusion | null {
  const protection = useProtection();
  const ex = protection.data?.self_exclusion;
  return breakRunning(ex, Date.now()) ? ex : null;
}

/** The break as a notice at the top of a money screen (nothing when there is none). */
export function BreakNotice({ exclusion, className = "" }: { exclusion: Exclusion | null; className?: string }) {
  if (!exclusion) return null;
  return (
    <Suspense fallback={null}>
      <BreakNoticeText exclusion={exclusion} className={className} />
    </Suspense>
  );
}

/**
 * The running break for a page that loads this file only after its first paint (the bet board keeps
 * its first download small): shows the notice and reports the break to the page.
 */
export function BreakWatch({ onChange }: { onChange: (exclusion: Exclusion | null) => void }) {
  const running = useRunningBreak();
  const key = running ? `${running.indefinite}:${running.until ?? ""}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported again only when the break itself changes
  useEffect(() => onChange(running), [key, onChange]);
  return <BreakNotice exclusion={running} className="mb-2" />;
}
