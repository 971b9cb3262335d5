import { formatDisplayDate } from "@shwe/domain";
import type { KeyboardEvent } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { CalendarIcon } from "./icons.tsx";

export interface DateRange {
  /** YYYY-MM-DD (Asia/Yangon day), the request format. */
  start: string;
  end: string;
}

/** Typing is blocked (the picker is the only way in), as for the site's other date filters; Enter or Space opens it. */
function openPickerOnly(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key === "Tab") return;
  event.preventDefault();
  if (event.key === "Enter" || event.key === " ") event.currentTarget.showPicker?.();
}

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
  max: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="relative flex min-h-12 flex-1 cursor-pointer items-center gap-2 rounded-xl border border-line bg-surface-2 px-3 focus-within:border-gold focus-within:ring-2 focus-within:ring-gold/30">
      <CalendarIcon size={18} className="shrink-0 text-gold" />
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="text-xs text-muted">{label}</span>
        <span className="tabular text-sm font-semibold">{formatDisplayDate(value)}</span>
      </span>
      <input
        type="date"
        aria-label={label}
        value={value}
        min={min}
        max={max}
        required
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value);
        }}
        onClick={(event) => event.currentTarget.showPicker?.()}
        onKeyDown={openPickerOnly}
        className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
      />
    </label>
  );
}

/**
 * Start and end date pickers (shown DD-MM-YYYY, sent YYYY-MM-DD). Moving one past the other drags
 * the other along, so the range is never upside down.
 */
export function DateRangeFields({ value, today, onChange }: { value: DateRange; today: string; onChange: (r: DateRange) => void }) {
  const { t } = useTranslation("wallet");
  return (
    <fieldset className="flex gap-2">
      <legend className="sr-only">{t("history.range")}</legend>
      <DateField
        label={t("history.from")}
        value={value.start}
        max={today}
        onChange={(start) => onChange({ start, end: start > value.end ? start : value.end })}
      />
      <DateField
        label={t("history.to")}
        value={value.end}
        max={today}
        onChange={(end) => onChange({ start: end < value.start ? end : value.start, end })}
      />
    </fieldset>
  );
}
