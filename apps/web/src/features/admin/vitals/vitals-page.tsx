import type { VitalsSummaryRow } from "@shwe/contracts";
import { rateVital, VITAL_METRICS, type VitalMetric, type VitalRating } from "@shwe/domain";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { PageHeader, Panel } from "../components/panel.tsx";
import { useErrorText } from "../hooks/use-error-text.ts";
import { useVitalsSummary } from "./api.ts";

/** The panel's window: the last 7 days. */
export const VITALS_DAYS = 7;

const RATING_CLASS: Record<VitalRating, string> = {
  good: "text-win",
  "needs-improvement": "text-warn",
  poor: "text-danger",
};

const percent = (share: number) => `${Math.round(share * 100)}%`;

function formatValue(metric: VitalMetric, value: number): string {
  if (metric === "CLS") return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

/** Good / needs improvement / poor as one bar, with the shares written beside it. */
function Shares({ row }: { row: VitalsSummaryRow }) {
  const { t } = useTranslation("vitals");
  const label = t("shares", { good: percent(row.good), ni: percent(row.needs_improvement), poor: percent(row.poor) });
  return (
    <div className="flex items-center gap-2">
      <div className="flex h-2.5 w-28 overflow-hidden rounded-full bg-surface-2" role="img" aria-label={label}>
        <div className="bg-win" style={{ width: percent(row.good) }} />
        <div className="bg-warn" style={{ width: percent(row.needs_improvement) }} />
        <div className="bg-danger" style={{ width: percent(row.poor) }} />
      </div>
      <span className="tabular text-xs text-muted">{label}</span>
    </div>
  );
}

function MetricPanel({ metric, rows }: { metric: VitalMetric; rows: VitalsSummaryRow[] }) {
  const { t } = useTranslation("vitals");
  return (
    <Panel title={t(`metric.${metric}`)}>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t("noSamples")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th className="py-2 pr-3 font-medium">{t("col.page")}</th>
                <th className="py-2 pr-3 font-medium">{t("col.device")}</th>
                <th className="py-2 pr-3 font-medium">{t("col.connection")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("col.samples")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("col.p75")}</th>
                <th className="py-2 pr-3 font-medium">{t("col.shares")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.page}|${r.device}|${r.connection}`} className="border-t border-line" data-vital-row={`${metric}:${r.page}`}>
                  <td className="py-2 pr-3 whitespace-nowrap">{t(`page.${r.page}`)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{t(`device.${r.device}`)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{t(`connection.${r.connection}`)}</td>
                  <td className="tabular py-2 pr-3 text-right">{r.samples}</td>
                  <td className={`tabular py-2 pr-3 text-right font-semibold ${RATING_CLASS[rateVital(metric, r.p75)]}`}>
                    {formatValue(metric, r.p75)}
                  </td>
                  <td className="py-2 pr-3">
                    <Shares row={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/**
 * "Speed on players' phones": real visits of the last 7 days, one table per measure (LCP, INP, CLS,
 * TTFB), a row per page, device class and connection with its p75 (coloured by its Core Web Vitals
 * rating) and the shares of good, needs improvement and poor visits.
 */
export function VitalsPage() {
  const { t } = useTranslation("vitals");
  const summary = useVitalsSummary(VITALS_DAYS);
  const errorText = useErrorText();
  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("subtitle", { days: VITALS_DAYS })} />
      <p className="mb-4 max-w-3xl text-sm text-muted">{t("howToRead")}</p>
      {summary.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : summary.isError ? (
        <p className="text-sm text-danger">{errorText(summary.error)}</p>
      ) : (
        <div className="flex flex-col gap-4">
          {VITAL_METRICS.map((metric) => (
            <MetricPanel key={metric} metric={metric} rows={summary.data.rows.filter((r) => r.metric === metric)} />
          ))}
        </div>
      )}
    </div>
  );
}
