import type { Draw } from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useServerNowWhen } from "../lib/server-clock.ts";
import { LiveCountdown } from "./countdown.tsx";
import { DrawPicker, drawTime, useDayLabel } from "./draw-picker.tsx";
import { ClockIcon } from "./lottery-icons.tsx";

export interface DrawCardProps {
  draws: readonly Draw[];
  draw: Draw;
  closed: boolean;
  onSelect: (draw: Draw) => void;
}

/** The chosen draw: its time, the live countdown to the cut-off (or that betting has closed), and the other draws to pick. */
export function DrawCard({ draws, draw, closed, onSelect }: DrawCardProps) {
  const { t } = useTranslation("lottery");
  const choices = draws.some((d) => d.id === draw.id) ? draws : [draw, ...draws];
  // The card and its draw buttons change only when a draw's cut-off passes or a new day begins; the
  // countdown ticks on its own.
  const now = useServerNowWhen((at) => `${yangonDate(at)} ${choices.map((d) => (Date.parse(d.closes_at) > at ? 1 : 0)).join("")}`);
  const dayLabel = useDayLabel(now);
  return (
    <section aria-label={t("draw.label")} className="rounded-card border border-line bg-surface p-3 shadow-card sm:p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-muted">{t("draw.time")}</p>
          <p className="tabular text-lg font-bold">
            {dayLabel(draw.draw_at)} · {drawTime(draw.draw_at)}
          </p>
        </div>
        {/* No live region around the countdown (a reader would announce every second); the closed state is an alert. */}
        <div className="text-right">
          {closed ? (
            <p role="alert" className="flex min-h-11 items-center gap-1.5 font-semibold text-danger">
              <ClockIcon size={18} className="shrink-0" />
              {t("closed")}
            </p>
          ) : (
            <>
              <p className="text-xs text-muted">{t("countdown.closesIn")}</p>
              <p role="timer" className="text-xl font-bold text-gold">
                <span className="sr-only">{t("countdown.closesIn")} </span>
                <LiveCountdown at={draw.closes_at} />
              </p>
            </>
          )}
        </div>
      </div>
      {choices.length > 1 ? (
        <div className="mt-3">
          <DrawPicker draws={choices} selectedId={draw.id} now={now} onSelect={onSelect} />
        </div>
      ) : null}
    </section>
  );
}
