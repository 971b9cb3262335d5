import { formatDisplayDateTime } from "@shwe/domain";
import { useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { inputClass } from "../components/fields.tsx";
import { Panel } from "../components/panel.tsx";
import { useErrorText } from "../hooks/use-error-text.ts";
import { useGscReconcileRun, useGscReconciliation, useGscStatus } from "./api.ts";

/**
 * "GSC+ reconciliation" in the console's reports (only when the site has a GSC+ connection): a Yangon
 * day's comparison of the aggregator's wager list with our records, its summary and the mismatching
 * wagers with both sides' raw rows; admins can run it for the chosen day.
 */
export function GscReconciliationPanel({ initialDay, editable }: { initialDay: string; editable: boolean }) {
  const { t } = useTranslation("admin");
  const status = useGscStatus();
  const [day, setDay] = useState(initialDay);
  const enabled = Boolean(status.data);
  const data = useGscReconciliation(day, enabled);
  const run = useGscReconcileRun(day);
  const errorText = useErrorText();
  const dayId = useId();
  if (!enabled) return null;
  const summary = data.data?.run?.summary;
  return (
    <Panel
      title={t("gsc.reconciliation")}
      action={
        editable ? (
          <Button
            variant="secondary"
            loading={run.isPending}
            onClick={() => run.mutate(undefined, { onError: (err) => toast.error(errorText(err)) })}
          >
            {t("gsc.run")}
          </Button>
        ) : null
      }
    >
      <div className="space-y-3 text-sm">
        <div>
          <label htmlFor={dayId} className="mb-1.5 block font-medium text-muted">
            {t("gsc.day")}
          </label>
          <input id={dayId} type="date" className={inputClass} value={day} onChange={(e) => e.target.value && setDay(e.target.value)} />
        </div>
        {data.isPending ? <Skeleton className="h-16" /> : null}
        {data.isError ? <p className="text-danger">{errorText(data.error)}</p> : null}
        {data.data && !data.data.run ? <p className="text-muted">{t("gsc.not_run")}</p> : null}
        {data.data?.run?.error ? <p className="text-danger">{t("gsc.run_failed", { error: data.data.run.error })}</p> : null}
        {summary ? (
          <p className={summary.mismatched === 0 ? "text-win" : "text-danger"} data-testid="gsc-reconciliation-summary">
            {t("gsc.recon_summary", { ...summary })}
            {data.data?.run?.finished_at ? ` (${formatDisplayDateTime(data.data.run.finished_at)})` : ""}
          </p>
        ) : null}
        {data.data && data.data.mismatches.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <thead className="text-muted">
                <tr>
                  <th className="py-2 pr-3 font-medium">{t("gsc.col.kind")}</th>
                  <th className="py-2 pr-3 font-medium">{t("gsc.col.wager")}</th>
                  <th className="py-2 pr-3 font-medium">{t("gsc.col.member")}</th>
                  <th className="py-2 pr-3 font-medium">{t("gsc.col.product")}</th>
                  <th className="py-2 pr-3 font-medium">{t("gsc.col.ours")}</th>
                  <th className="py-2 pr-3 font-medium">{t("gsc.col.theirs")}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.mismatches.map((m) => (
                  <tr key={m.id} className="border-t border-line align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">{t(`gsc.kind.${m.kind}`)}</td>
                    <td className="py-2 pr-3 font-mono">{m.wager_code}</td>
                    <td className="py-2 pr-3 font-mono">{m.member_account ?? ""}</td>
                    <td className="py-2 pr-3">{m.product_code ?? ""}</td>
                    <td className="py-2 pr-3">
                      <pre className="max-w-xs overflow-x-auto text-xs">{m.ours == null ? "—" : JSON.stringify(m.ours, null, 1)}</pre>
                    </td>
                    <td className="py-2 pr-3">
                      <pre className="max-w-xs overflow-x-auto text-xs">{m.theirs == null ? "—" : JSON.stringify(m.theirs, null, 1)}</pre>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
