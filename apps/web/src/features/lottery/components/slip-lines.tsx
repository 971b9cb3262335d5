import type { SlipLimits } from "@shwe/contracts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { lineStake, type Slip } from "../hooks/use-slip.ts";
import { AmountInput } from "./amount-field.tsx";
import { AlertIcon, CrossIcon } from "./lottery-icons.tsx";
import { useRejectText } from "./reject-reason.tsx";

/** The chosen numbers with their stakes (editable one by one), a remove button each, and the total. */
export function SlipLines({ slip, limits, disabled }: { slip: Slip; limits: SlipLimits | undefined; disabled?: boolean }) {
  const { t } = useTranslation("lottery");
  const rejectText = useRejectText();
  if (slip.lines.length === 0) {
    return <p className="rounded-card border border-dashed border-line px-3 py-4 text-center text-sm text-muted">{t("slip.empty")}</p>;
  }
  return (
    <ul aria-label={t("slip.title")} className="flex max-h-[22rem] flex-col gap-1.5 overflow-y-auto pr-0.5 lg:max-h-[26rem]">
      {slip.lines.map((line) => {
        const rejected = slip.rejected[line.number];
        const stake = lineStake(line, slip.stake);
        return (
          <li
            key={line.number}
            data-line={line.number}
            className={`rounded-card border px-2 py-1.5 ${rejected ? "border-danger bg-danger/10" : "border-line bg-surface-2"}`}
          >
            <div className="flex items-center gap-2">
              <span className="tabular min-w-11 text-center text-lg font-bold text-gold">{line.number}</span>
              <AmountInput
                value={stake}
                onChange={(amount) => slip.setLineAmount(line.number, amount)}
                disabled={disabled}
                placeholder={t("amount.placeholder")}
                aria-label={t("slip.amountOf", { number: line.number })}
                aria-invalid={rejected || stake === null ? true : undefined}
                className="w-full min-w-0 flex-1"
              />
              <button
                type="button"
                onClick={() => slip.remove(line.number)}
                aria-label={t("slip.remove", { number: line.number })}
                className="flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-bg hover:text-danger focus-visible:outline-2 focus-visible:outline-gold"
              >
                <CrossIcon size={20} />
              </button>
            </div>
            {rejected ? (
              <p className="mt-1 flex items-start gap-1.5 text-xs font-semibold text-danger">
                <AlertIcon size={14} className="mt-0.5 shrink-0" />
                {rejectText(rejected, limits)}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
