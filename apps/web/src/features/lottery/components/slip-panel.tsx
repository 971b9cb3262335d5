import type { SlipLimits } from "@shwe/contracts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import type { Slip } from "../hooks/use-slip.ts";
import { AmountField } from "./amount-field.tsx";
import { SlipLines } from "./slip-lines.tsx";

/** The stake and the slip's lines beside the board (below it on a phone). */
export function SlipPanel({
  slip,
  limits,
  closed,
  cardClass,
}: {
  slip: Slip;
  limits: SlipLimits | undefined;
  closed: boolean;
  cardClass: string;
}) {
  const { t } = useTranslation("lottery");
  return (
    <>
      <div className={cardClass}>
        <AmountField stake={slip.stake} onChange={slip.setStake} limits={limits} disabled={closed} />
      </div>
      <section aria-labelledby="slip-title" className={cardClass}>
        <div className="mb-2 flex items-center justify-between gap-2">
          <h2 id="slip-title" className="font-bold">
            {t("slip.title")}
          </h2>
          {slip.lines.length > 0 ? (
            <button
              type="button"
              onClick={slip.clear}
              className="min-h-11 rounded-card px-2 text-sm font-semibold text-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-gold"
            >
              {t("slip.clear")}
            </button>
          ) : null}
        </div>
        <SlipLines slip={slip} limits={limits} disabled={closed} />
      </section>
    </>
  );
}
