import { formatAmount } from "@shwe/domain";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** An amount in kyat with thousands separators and the currency; signed amounts keep their sign. */
export function Money({ value, signed = false, className = "" }: { value: number; signed?: boolean; className?: string }) {
  const { t } = useTranslation("admin");
  const text = signed && value > 0 ? `+${formatAmount(value)}` : formatAmount(value);
  return (
    <span className={`tabular whitespace-nowrap ${className}`}>
      {text} <span className="text-xs font-normal text-muted">{t("common:balance.currency")}</span>
    </span>
  );
}
