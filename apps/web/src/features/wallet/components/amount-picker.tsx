import { formatAmount } from "@shwe/domain";
import type { ReactNode } from "react";
import { Field } from "../../../components/field.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { amountDigits, showAmount } from "../lib/amount.ts";

export interface AmountPickerProps {
  /** The amount as typed digits ("" when empty). */
  value: string;
  onChange: (digits: string) => void;
  /** Preset amounts (chips); a chip equal to the value shows as chosen. */
  chips: number[];
  label?: string;
  hint?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
}

/** Quick amount chips and a free amount box (numeric keyboard, thousands separators, MMK). */
export function AmountPicker({ value, onChange, chips, label, hint, error, disabled = false }: AmountPickerProps) {
  const { t } = useTranslation("wallet");
  return (
    <div className="flex flex-col gap-3">
      {chips.length > 0 ? (
        <fieldset disabled={disabled}>
          <legend className="sr-only">{t("form.quickAmounts")}</legend>
          <div className={`grid gap-2 ${chips.length % 3 === 0 ? "grid-cols-3" : "grid-cols-3 sm:grid-cols-4"}`}>
            {chips.map((chip) => {
              const chosen = value === String(chip);
              return (
                <button
                  key={chip}
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => onChange(String(chip))}
                  className={`tabular min-h-11 rounded-xl border px-2 text-sm font-semibold transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-gold disabled:opacity-50 ${
                    chosen ? "border-gold bg-gold/15 text-gold" : "border-line bg-surface-2 text-text hover:border-gold/60"
                  }`}
                >
                  {formatAmount(chip)}
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <Field
        label={label ?? t("form.amount")}
        value={showAmount(value)}
        onChange={(event) => onChange(amountDigits(event.target.value))}
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="done"
        placeholder={t("form.amountPlaceholder")}
        className="tabular"
        hint={hint}
        error={error}
        disabled={disabled}
        trailing={<span className="pr-4 text-sm text-muted">{t("currency")}</span>}
      />
    </div>
  );
}
