import { cashbackPercentSchema } from "@shwe/contracts";
import { formatDisplayDate, formatDisplayDateTime } from "@shwe/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { Skeleton } from "../../../../components/skeleton.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { toast } from "../../../../lib/toast.ts";
import { MaintainForm } from "../../components/content-forms.tsx";
import { TextField } from "../../components/fields.tsx";
import { Money } from "../../components/money.tsx";
import { PageHeader, Panel } from "../../components/panel.tsx";
import { EmptyState, LoadError } from "../../components/query-state.tsx";
import { useBusy } from "../../hooks/use-busy.ts";
import { useErrorToast } from "../../hooks/use-error-text.ts";
import { type CashbackWeekRow, useCashbackOverview, useUpdateCashbackPercent } from "../api/cashback.ts";

/** The cashback percent form: 0–100, at most two decimals. */
function PercentForm({ current }: { current: number }) {
  const { t } = useTranslation("cashback");
  const save = useUpdateCashbackPercent();
  const showError = useErrorToast();
  const [busy, run] = useBusy();
  const [text, setText] = useState(String(current));
  const [error, setError] = useState<string>();
  const value = Number(text.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cashbackPercentSchema.safeParse(text.trim() === "" ? Number.NaN : value);
    if (!parsed.success) {
      setError(t("admin.percentInvalid"));
      return;
    }
    void run(() => save.mutateAsync(parsed.data).then(() => toast.success(t("admin.saved")), showError));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label={t("admin.percentLabel")}
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
        error={error}
        hint={t("admin.percentHint")}
      />
      <Button type="submit" loading={busy} disabled={text.trim() !== "" && value === current}>
        {t("admin:actions.save")}
      </Button>
    </form>
  );
}

function WeeksTable({ weeks }: { weeks: CashbackWeekRow[] }) {
  const { t } = useTranslation("cashback");
  if (weeks.length === 0) return <EmptyState>{t("admin.empty")}</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-sm">
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th className="py-2 pr-3 font-medium">{t("admin.week")}</th>
            <th className="py-2 pr-3 text-right font-medium">{t("admin.percent")}</th>
            <th className="py-2 pr-3 text-right font-medium">{t("admin.players")}</th>
            <th className="py-2 pr-3 text-right font-medium">{t("admin.total")}</th>
            <th className="py-2 font-medium">{t("admin.status")}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week_start} className="border-b border-line/60 last:border-0">
              <td className="tabular py-2 pr-3 whitespace-nowrap">
                {formatDisplayDate(w.week_start)} – {formatDisplayDate(w.week_end)}
              </td>
              <td className="tabular py-2 pr-3 text-right">{w.percent}%</td>
              <td className="tabular py-2 pr-3 text-right">{w.players}</td>
              <td className="py-2 pr-3 text-right">
                <Money value={w.total} className="font-semibold text-gold" />
              </td>
              <td className="py-2 text-xs whitespace-nowrap text-muted">
                {w.finished_at ? `${t("admin.done")} · ${formatDisplayDateTime(w.finished_at)}` : t("admin.running")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/cashback: the weekly cashback percent, the claim maintenance flag, and what each week paid out. */
export function CashbackPage() {
  const { t } = useTranslation("cashback");
  const { t: ta } = useTranslation("admin");
  const overview = useCashbackOverview();
  const header = <PageHeader title={t("admin.title")} subtitle={t("admin.subtitle")} />;
  if (overview.isError) {
    return (
      <>
        {header}
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      </>
    );
  }
  const d = overview.data;
  return (
    <>
      {header}
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t("admin.percentTitle")} className="min-w-0">
          {d ? <PercentForm key={d.percent} current={d.percent} /> : <Skeleton className="h-36 w-full" />}
        </Panel>
        <Panel title={ta("content.maintainTitle")} className="min-w-0">
          {d ? <MaintainForm key={d.is_maintain} current={d.is_maintain} /> : <Skeleton className="h-44 w-full" />}
        </Panel>
        <Panel title={t("admin.payoutsTitle")} className="min-w-0 lg:col-span-2">
          {d ? (
            <>
              <p className="mb-3 text-sm text-muted">{t("admin.lastClosed", { week: formatDisplayDate(d.last_closed_week) })}</p>
              <WeeksTable weeks={d.weeks} />
            </>
          ) : (
            <Skeleton className="h-40 w-full" />
          )}
        </Panel>
      </div>
    </>
  );
}
