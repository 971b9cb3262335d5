import type { Protection } from "@shwe/contracts";
import { formatDisplayDateTime } from "@shwe/domain";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useProtection } from "../api/protection.ts";

type Exclusion = NonNullable<Protection["self_exclusion"]>;

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
  const { t } = useTranslation("protection");
  if (!exclusion) return null;
  return (
    <p
      role="status"
      data-testid="break-notice"
      className={`rounded-card border border-danger/40 bg-danger/10 px-3 py-2 text-sm leading-[1.9] text-text ${className}`}
    >
      {exclusion.indefinite || !exclusion.until
        ? t("break.active_indefinite")
        : t("break.active_until", { date: formatDisplayDateTime(exclusion.until) })}
    </p>
  );
}
