import type { AdminDraw } from "@shwe/contracts";
import { formatAmount } from "@shwe/domain";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Badge } from "../../components/panel.tsx";

/** Stakes per number of a draw, highest first: lines, what the house pays if it wins, what it can still take. */
export function ExposureTable({ draw }: { draw: AdminDraw }) {
  const { t } = useTranslation("admin");
  if (draw.exposure.length === 0) return <p className="text-sm text-muted">{t("lottery.noStakes")}</p>;
  return (
    <div className="-mx-4 overflow-x-auto px-4">
      <table className="tabular w-full min-w-[32rem] text-sm">
        <thead className="text-left text-xs text-muted">
          <tr>
            <th scope="col" className="py-2 font-semibold">
              {t("lottery.number")}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {t("lottery.staked")}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {t("lottery.lineCount")}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {t("lottery.payout")}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {t("lottery.remaining")}
            </th>
            <th scope="col" className="py-2 pl-3 font-semibold">
              {t("lottery.marks")}
            </th>
          </tr>
        </thead>
        <tbody>
          {draw.exposure.map((row) => {
            const winning = draw.result === row.number;
            return (
              <tr key={row.number} data-number={row.number} className={`border-t border-line ${winning ? "bg-gold/10" : ""}`}>
                <td className="py-1.5 text-base font-bold text-gold">
                  {row.number}
                  {winning ? <span className="sr-only"> ({t("lottery.winningNumber")})</span> : null}
                </td>
                <td className="py-1.5 text-right">{formatAmount(row.staked)}</td>
                <td className="py-1.5 text-right">{row.lines}</td>
                <td className={`py-1.5 text-right ${winning ? "font-bold text-danger" : ""}`}>{formatAmount(row.payout)}</td>
                <td className="py-1.5 text-right">{formatAmount(row.remaining)}</td>
                <td className="space-x-1 py-1.5 pl-3">
                  {row.hot ? <Badge tone="danger">{t("lottery.hot")}</Badge> : null}
                  {row.blocked ? <Badge tone="muted">{t("lottery.blocked")}</Badge> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
