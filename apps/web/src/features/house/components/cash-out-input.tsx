import { multiplierToHundredths } from "@shwe/domain";
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";

const QUICK = [1.5, 2, 3, 5, 10];

/** The multiplier typed in the box (hundredths), or null when it is not 1.01–100 with at most two decimals. */
export function parseCashOut(text: string, min: number, max: number): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const hundredths = multiplierToHundredths(Number(trimmed));
  if (hundredths === null || hundredths < Math.round(min * 100) || hundredths > Math.round(max * 100)) return null;
  return hundredths;
}

/** Auto cash-out: a box with − / + and quick choices. */
export function CashOutInput({
  value,
  onChange,
  min,
  max,
  disabled,
}: {
  value: string;
  onChange: (text: string) => void;
  min: number;
  max: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation("house");
  const id = useId();
  const parsed = parseCashOut(value, min, max);
  const step = (delta: number) => {
    const current = parsed ?? Math.round(min * 100);
    const next = Math.min(Math.round(max * 100), Math.max(Math.round(min * 100), current + delta));
    onChange((next / 100).toFixed(2));
  };
  const stepper =
    "flex size-11 shrink-0 items-center justify-center rounded-card border border-line bg-surface-2 text-xl font-bold text-text hover:border-gold disabled:opacity-50";
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm text-muted">
        {t("crash.autoCashOut")}
      </label>
      <div className="flex items-center gap-2">
        <button type="button" className={stepper} onClick={() => step(-10)} aria-label={t("crash.less")}>
          −
        </button>
        <div className="relative min-w-0 flex-1">
          <input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={parsed === null}
            aria-describedby={`${id}-hint`}
            className={`tabular h-11 w-full rounded-card border bg-bg px-3 pr-8 text-center text-lg font-bold text-text outline-none focus-visible:border-gold ${
              parsed === null ? "border-danger" : "border-line"
            }`}
          />
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 font-bold text-muted">×</span>
        </div>
        <button type="button" className={stepper} onClick={() => step(10)} aria-label={t("crash.more")}>
          +
        </button>
      </div>
      <p id={`${id}-hint`} className={`mt-1 text-xs ${parsed === null ? "text-danger" : "text-faint"}`}>
        {t("crash.cashOutHint", { min: min.toFixed(2), max: max.toFixed(0) })}
      </p>
      <div className="mt-1 grid grid-cols-5 gap-1">
        {QUICK.map((q) => (
          <button
            key={q}
            type="button"
            onClick={() => onChange(q.toFixed(2))}
            className={`tabular min-h-11 rounded-full border text-sm font-semibold ${
              parsed === Math.round(q * 100) ? "border-gold text-gold" : "border-line text-muted hover:border-gold"
            }`}
          >
            {`${q}×`}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
