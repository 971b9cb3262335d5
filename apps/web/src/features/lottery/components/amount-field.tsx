import type { SlipLimits } from "@shwe/contracts";
import { formatAmount } from "@shwe/domain";
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** Preset stakes (whole kyat) offered as chips. */
export const AMOUNT_CHIPS = [100, 500, 1_000, 5_000, 10_000, 50_000] as const;
/** Longest amount a field accepts, in digits (the contract caps amounts at 10,000,000,000). */
const MAX_DIGITS = 11;

/** Digits typed into an amount field → whole kyat, or null when empty. */
export function parseAmountInput(text: string): number | null {
  const digits = text.replace(/\D/g, "").replace(/^0+/, "").slice(0, MAX_DIGITS);
  return digits ? Number(digits) : null;
}

/** A whole-kyat input that shows thousands separators as the player types. */
export function AmountInput({
  value,
  onChange,
  className = "",
  ...rest
}: {
  value: number | null;
  onChange: (amount: number | null) => void;
  className?: string;
  id?: string;
  "aria-label"?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
  disabled?: boolean;
  placeholder?: string;
}) {
  return (
    <input
      {...rest}
      value={value === null ? "" : formatAmount(value)}
      onChange={(e) => onChange(parseAmountInput(e.target.value))}
      inputMode="numeric"
      autoComplete="off"
      className={`tabular min-h-11 rounded-card border border-line bg-bg px-3 text-right font-bold text-text placeholder:font-normal placeholder:text-faint focus:border-gold focus:outline-none disabled:opacity-50 ${className}`}
    />
  );
}

/** The stake of every chosen number: a field and preset chips, with the game's limits under it. */
export function AmountField({
  stake,
  onChange,
  limits,
  disabled,
}: {
  stake: number | null;
  onChange: (amount: number | null) => void;
  limits: SlipLimits | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation("lottery");
  const id = useId();
  const hintId = useId();
  const chips = AMOUNT_CHIPS.filter((a) => !limits || (a >= limits.min_stake && a <= limits.max_stake));
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-muted">
        {t("amount.label")}
      </label>
      <div className="flex items-center gap-2">
        <AmountInput
          id={id}
          value={stake}
          onChange={onChange}
          disabled={disabled}
          placeholder={t("amount.placeholder")}
          aria-describedby={hintId}
          className="w-full text-lg"
        />
        <span className="text-sm text-muted">{t("currency")}</span>
      </div>
      <div className="mt-2 grid grid-cols-3 gap-1.5">
        {chips.map((amount) => (
          <button
            key={amount}
            type="button"
            disabled={disabled}
            aria-pressed={stake === amount}
            onClick={() => onChange(amount)}
            className={`tabular min-h-11 rounded-full border px-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-gold disabled:opacity-50 ${
              stake === amount ? "border-gold bg-gold text-bg" : "border-line bg-surface-2 text-text hover:border-gold"
            }`}
          >
            {formatAmount(amount)}
          </button>
        ))}
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-muted">
        {limits ? t("amount.limits", { min: formatAmount(limits.min_stake), max: formatAmount(limits.max_stake) }) : t("amount.perNumber")}
      </p>
    </div>
  );
}
