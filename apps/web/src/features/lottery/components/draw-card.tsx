import type { Draw } from "@shwe/contracts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { secondsUntil, useServerNow } from "../lib/server-clock.ts";
import { CountdownText } from "./countdown.tsx";
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
  const now = useServerNow(!closed);
  const dayLabel = useDayLabel(now);
  const choices = draws.some((d) => d.id === draw.id) ? draws : [draw, ...draws];
  return (
    <section aria-label={t("draw.label")} className="rounded-card border border-line bg-surface p-3 shadow-card sm:p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-muted">{t("draw.time")}</p>
          <p className="tabular text-lg font-bold">
            {dayLabel(draw.draw_at)} · {drawTime(draw.draw_at)}
          </p>
        </div>
        <div className="text-right" aria-live="polite">
          {closed ? (
            <p role="alert" className="flex min-h-11 items-center gap-1.5 font-semibold text-danger">
              <ClockIcon size={18} className="shrink-0" />
              {t("closed")}
            </p>
          ) : (
            <>
              <p className="text-xs text-muted">{t("countdown.closesIn")}</p>
              <p className="text-xl font-bold text-gold">
                <span className="sr-only">{t("countdown.closesIn")} </span>
                <CountdownText seconds={secondsUntil(draw.closes_at, now)} />
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
