import { formatDisplayDateTime } from "@shwe/domain";
import { Skeleton } from "../../../components/skeleton.tsx";
import { adminPaths } from "../../../config/console-paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { Panel } from "../components/panel.tsx";
import { useErrorText } from "../hooks/use-error-text.ts";
import { useGscDebts, useGscStatus } from "./api.ts";

/** A debt in kyat as the API gives it, exact (up to 4 decimals): 1234.5 → "1,234.5". */
export function formatDebt(kyat: number): string {
  return kyat.toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 4 });
}

/**
 * "GSC+ debts" in the console's reports (only when the site has a GSC+ connection), read-only: the
 * players who owe the house after an overdrawing GSC+ correction (decision 0015), largest first, and
 * their total. A debt is repaid by the player's next GSC+ credits, so there is nothing to act on here.
 */
export function GscDebtsPanel() {
  const { t } = useTranslation("admin");
  const status = useGscStatus();
  const enabled = Boolean(status.data);
  const data = useGscDebts(enabled);
  const errorText = useErrorText();
  if (!enabled) return null;
  return (
    <Panel title={t("gsc.debts.title")}>
      <div className="space-y-3 text-sm">
        <p className="text-muted">{t("gsc.debts.hint")}</p>
        {data.isPending ? <Skeleton className="h-16" /> : null}
        {data.isError ? <p className="text-danger">{errorText(data.error)}</p> : null}
        {data.data && data.data.debts.length === 0 ? <p className="text-win">{t("gsc.debts.none")}</p> : null}
        {data.data && data.data.debts.length > 0 ? (
          <>
            <p className="font-semibold text-danger" data-testid="gsc-debts-total">
              {t("gsc.debts.total", { count: data.data.debts.length, amount: formatDebt(data.data.total) })}
            </p>
            <div className="overflow-x-auto">
              <table className="w-full text-left">
                <thead className="text-muted">
                  <tr>
                    <th className="py-2 pr-3 font-medium">{t("gsc.debts.player")}</th>
                    <th className="py-2 pr-3 text-right font-medium">{t("gsc.debts.amount")}</th>
                    <th className="py-2 pr-3 font-medium">{t("gsc.debts.since")}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.data.debts.map((d) => (
                    <tr key={d.user_id} className="border-t border-line">
                      <td className="py-2 pr-3 whitespace-nowrap">
                        <Link to={adminPaths.player(d.user_id)} className="font-mono font-semibold hover:text-gold hover:underline">
                          {d.user_code}
                        </Link>
                      </td>
                      <td className="tabular py-2 pr-3 text-right whitespace-nowrap">{formatDebt(d.debt)}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{d.since ? formatDisplayDateTime(d.since) : "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </div>
    </Panel>
  );
}
