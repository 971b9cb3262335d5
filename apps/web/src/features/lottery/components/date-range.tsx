import { useId } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { type DateRange, orderedRange } from "../lib/dates.ts";

/** From and to days (YYYY-MM-DD, Asia/Yangon); never after `max`, and a reversed pair is put in order. */
export function DateRangeFields({ value, onChange, max }: { value: DateRange; onChange: (range: DateRange) => void; max: string }) {
  const { t } = useTranslation("lottery");
  const fromId = useId();
  const toId = useId();
  const field =
    "tabular min-h-11 w-full rounded-card border border-line bg-bg px-3 text-sm text-text [color-scheme:dark] focus:border-gold focus:outline-none";
  const set = (next: DateRange) => {
    if (next.start && next.end) onChange(orderedRange(next));
  };
  return (
    <div className="grid grid-cols-2 gap-2">
      <div>
        <label htmlFor={fromId} className="mb-1 block text-xs font-semibold text-muted">
          {t("range.from")}
        </label>
        <input
          id={fromId}
          type="date"
          value={value.start}
          max={max}
          onChange={(e) => set({ ...value, start: e.target.value })}
          className={field}
        />
      </div>
      <div>
        <label htmlFor={toId} className="mb-1 block text-xs font-semibold text-muted">
          {t("range.to")}
        </label>
        <input
          id={toId}
          type="date"
          value={value.end}
          max={max}
          onChange={(e) => set({ ...value, end: e.target.value })}
          className={field}
        />
      </div>
    </div>
  );
}
