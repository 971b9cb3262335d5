import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** 'no data' (spec §8) in a report's frame. */
export function NoData() {
  const { t } = useTranslation("games");
  return (
    <p className="rounded-card border border-dashed border-line px-4 py-10 text-center text-sm font-semibold text-muted">{t("noData")}</p>
  );
}

/** A report that could not be loaded, with a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("games");
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-card border border-danger/40 px-4 py-8 text-center">
      <p className="text-sm text-muted">{t("report.loadFailed")}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t("retry")}
      </Button>
    </div>
  );
}

/** A figure of a report's totals strip. */
export function Figure({ label, value, tone = "text-text" }: { label: string; value: string; tone?: string }) {
  return (
    <div className="min-w-0 rounded-card border border-line bg-surface px-3 py-2">
      <dt className="truncate text-xs text-muted">{label}</dt>
      <dd className={`tabular truncate text-base font-bold ${tone}`}>{value}</dd>
    </div>
  );
}
