import { formatAmount } from "@shwe/domain";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** 10,000 → "10K": the chips stay one row wide on a phone. */
function chipLabel(amount: number): string {
  return amount >= 1000 && amount % 1000 === 0 ? `${amount / 1000}K` : String(amount);
}

/** The bet chips (one choice at a time, a radio group). */
export function BetSelector({
  bets,
  value,
  onChange,
  disabled,
}: {
  bets: readonly number[];
  value: number;
  onChange: (bet: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("house");
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="mb-1 flex w-full items-baseline justify-between text-sm text-muted">
        <span>{t("bet")}</span>
        <span className="tabular font-semibold text-text" data-testid="bet-value">
          {formatAmount(value)} {t("currency")}
        </span>
      </legend>
      <div role="radiogroup" aria-label={t("bet")} className="grid grid-cols-7 gap-1">
        {bets.map((bet) => {
          const selected = bet === value;
          return (
            // biome-ignore lint/a11y/useSemanticElements: chip buttons in a radio group
            <button
              key={bet}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={`${formatAmount(bet)} ${t("currency")}`}
              onClick={() => onChange(bet)}
              className={`tabular min-h-11 rounded-full border text-sm font-bold transition-colors duration-150 disabled:opacity-50 ${
                selected ? "border-gold bg-gold text-bg" : "border-line bg-surface-2 text-text hover:border-gold"
              }`}
            >
              {chipLabel(bet)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
