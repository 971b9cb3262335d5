import type { PlaySummary } from "@shwe/contracts";
import { formatAmount, isoInstant } from "@shwe/domain";
import { useEffect, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { PopupBox } from "../../../components/popup-box.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useNavigate } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { fetchPlaySummary, useProtection } from "../api/protection.ts";

/** When this visit's play began (kept for the tab's life, so a reload does not restart the count). */
export const PLAY_START_KEY = "shwe.play-start";

function playStart(now: number): number {
  try {
    const kept = Number(sessionStorage.getItem(PLAY_START_KEY));
    if (Number.isFinite(kept) && kept > 0 && kept <= now) return kept;
    sessionStorage.setItem(PLAY_START_KEY, String(now));
  } catch {
    // Storage refused (private mode): count from now.
  }
  return now;
}

/** The delay until the next whole interval since `start` (never 0: a reminder just shown waits a full interval). */
export function nextReminderIn(start: number, now: number, intervalMs: number): number {
  const elapsed = Math.max(0, now - start);
  const next = (Math.floor(elapsed / intervalMs) + 1) * intervalMs;
  return next - elapsed;
}

interface Reminder {
  minutes: number;
  summary: PlaySummary | null;
}

/**
 * The reality check: when the player chose an interval, a reminder every N minutes of this visit
 * showing the time spent and the net result of play since it began, with a way to stop and see the
 * history. Nothing runs for a player who has not chosen one.
 */
export function RealityCheckHost() {
  const { t } = useTranslation("protection");
  const signedIn = useSession((s) => s.user !== null);
  const interval = useProtection(signedIn).data?.reality_check_minutes ?? null;
  const [reminder, setReminder] = useState<Reminder | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!signedIn || interval === null) return;
    const intervalMs = interval * 60_000;
    const start = playStart(Date.now());
    let timer: ReturnType<typeof setTimeout>;
    let live = true;
    const schedule = () => {
      timer = setTimeout(
        async () => {
          const minutes = Math.round((Date.now() - start) / 60_000);
          let summary: PlaySummary | null = null;
          try {
            summary = await fetchPlaySummary(isoInstant(start));
          } catch {
            // The reminder still shows the time spent.
          }
          if (!live) return;
          setReminder({ minutes, summary });
          schedule();
        },
        nextReminderIn(start, Date.now(), intervalMs),
      );
    };
    schedule();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [signedIn, interval]);

  if (!reminder) return null;
  const hours = Math.floor(reminder.minutes / 60);
  const net = reminder.summary?.net;
  return (
    <PopupBox open onClose={() => setReminder(null)} title={t("reality.reminder_title")}>
      <div className="flex flex-col gap-3" data-testid="reality-check">
        <p className="text-sm text-text">
          {hours > 0
            ? t("reality.spent_hours", { hours, minutes: reminder.minutes % 60 })
            : t("reality.spent_minutes", { minutes: reminder.minutes })}
        </p>
        {net === undefined ? null : (
          <p className={`tabular text-sm font-semibold ${net < 0 ? "text-danger" : "text-win"}`}>
            {t(net < 0 ? "reality.net_loss" : "reality.net_win", { amount: formatAmount(Math.abs(net)) })}
          </p>
        )}
        <div className="flex gap-3">
          <Button
            variant="secondary"
            block
            onClick={() => {
              setReminder(null);
              navigate(paths.walletHistory);
            }}
          >
            {t("reality.stop")}
          </Button>
          <Button block onClick={() => setReminder(null)}>
            {t("reality.continue")}
          </Button>
        </div>
      </div>
    </PopupBox>
  );
}
