import type { Draw } from "@shwe/contracts";
import { formatDisplayDate, formatDisplayDateTime, yangonDate } from "@shwe/domain";
import { useTranslation } from "../../../lib/i18n-react.tsx";

export interface DrawPickerProps {
  draws: readonly Draw[];
  selectedId: number | undefined;
  now: number;
  onSelect: (draw: Draw) => void;
}

/** "Today", "Tomorrow" or DD-MM-YYYY, in Asia/Yangon days. */
export function useDayLabel(now: number) {
  const { t } = useTranslation("lottery");
  const today = yangonDate(now);
  const tomorrow = yangonDate(now + 86_400_000);
  /** `short` leaves the year out (DD-MM) where room is tight. */
  return (at: string, short = false) => {
    const day = yangonDate(at);
    if (day === today) return t("draw.today");
    if (day === tomorrow) return t("draw.tomorrow");
    return short ? formatDisplayDate(day).slice(0, 5) : formatDisplayDate(day);
  };
}

/** Time of day (HH:mm, Asia/Yangon) of a draw. */
export function drawTime(at: string): string {
  return formatDisplayDateTime(at).slice(11);
}

/** The open and upcoming draws of the game as a row of choices; closed ones cannot be picked. */
export function DrawPicker({ draws, selectedId, now, onSelect }: DrawPickerProps) {
  const { t } = useTranslation("lottery");
  const dayLabel = useDayLabel(now);
  return (
    <div role="radiogroup" aria-label={t("draw.pick")} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {draws.map((draw) => {
        const open = draw.status === "open" && Date.parse(draw.closes_at) > now;
        const checked = draw.id === selectedId;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a row of chips acting as radio buttons
          <button
            key={draw.id}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={!open && !checked}
            onClick={() => onSelect(draw)}
            className={`flex min-h-12 shrink-0 flex-col items-center justify-center rounded-card border px-3 py-1 text-center leading-tight transition-colors focus-visible:outline-2 focus-visible:outline-gold disabled:cursor-not-allowed disabled:opacity-50 ${
              checked ? "border-gold bg-gold/15 text-gold" : "border-line bg-surface-2 text-text hover:border-gold"
            }`}
          >
            <span className="text-xs text-muted">{dayLabel(draw.draw_at, true)}</span>
            <span className="tabular text-base font-bold">{drawTime(draw.draw_at)}</span>
          </button>
        );
      })}
    </div>
  );
}
