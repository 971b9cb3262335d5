import { formatDisplayDate, yangonDate } from "@shwe/domain";
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import type { DateRange } from "../lib/date-range.ts";

/** From and to days of a report (the end never before the start, nothing after today). */
export function DateRangePicker({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const { t } = useTranslation("games");
  const today = yangonDate();
  return (
    <fieldset className="grid grid-cols-2 gap-2 sm:flex sm:items-end">
      <legend className="sr-only">{t("range.legend")}</legend>
      <DateField
        label={t("range.from")}
        value={value.start}
        max={value.end}
        onChange={(start) => onChange({ start, end: start > value.end ? start : value.end })}
      />
      <DateField
        label={t("range.to")}
        value={value.end}
        min={value.start}
        max={today}
        onChange={(end) => onChange({ start: end < value.start ? end : value.start, end })}
      />
    </fieldset>
  );
}

/**
 * A day picker that shows the site's DD-MM-YYYY whatever the phone's locale: the native date input
 * (the phone's own calendar) lies invisibly over a box showing the formatted day.
 */
function DateField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs text-muted">
        {label}
      </label>
      <div className="relative h-11 w-full rounded-card border border-line bg-surface focus-within:border-gold focus-within:outline-2 focus-within:outline-gold sm:w-44">
        <span
          aria-hidden="true"
          className="tabular pointer-events-none flex h-full items-center justify-between gap-2 px-3 text-sm text-text"
        >
          {formatDisplayDate(value)}
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            className="text-gold"
            aria-hidden="true"
          >
            <rect x="3.5" y="5" width="17" height="15" rx="2.5" />
            <path d="M3.5 10h17M8 3v4M16 3v4" strokeLinecap="round" />
          </svg>
        </span>
        <input
          id={id}
          type="date"
          required
          value={value}
          min={min}
          max={max}
          onChange={(e) => {
            if (e.target.value) onChange(e.target.value);
          }}
          onClick={(e) => {
            try {
              e.currentTarget.showPicker?.();
            } catch {
              // Some browsers refuse showPicker in frames; the native control still opens on tap.
            }
          }}
          className="absolute inset-0 size-full cursor-pointer opacity-0 [color-scheme:dark]"
        />
      </div>
    </div>
  );
}
