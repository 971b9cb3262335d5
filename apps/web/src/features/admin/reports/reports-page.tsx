import { formatAmount, formatDisplayDateTime, yangonDate } from "@shwe/domain";
import { type ReactNode, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { inputClass } from "../components/fields.tsx";
import { PageHeader, Panel } from "../components/panel.tsx";
import { GscDebtsPanel } from "../gsc/gsc-debts-panel.tsx";
import { GscReconciliationPanel } from "../gsc/gsc-reconciliation-panel.tsx";
import { useErrorText } from "../hooks/use-error-text.ts";
import { useSecondFactorStatus } from "../security/api/security.ts";
import { downloadReport, type ReportData, type ReportName, type ReportRange, useReport } from "./api.ts";

const REPORTS: readonly ReportName[] = ["pnl", "draws", "cash", "balances", "reconciliation"];

const num = (v: number) => <span className="tabular">{formatAmount(v)}</span>;

/** A report table; its last `numeric` columns hold amounts and counts (right-aligned). */
function Table({
  head,
  rows,
  foot,
  empty,
  numeric = 4,
}: {
  head: string[];
  rows: ReactNode[][];
  foot?: ReactNode[];
  empty: string;
  numeric?: number;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-muted">
          <tr>
            {head.map((h, i) => (
              <th key={h} className={`py-2 pr-3 font-medium whitespace-nowrap ${i >= head.length - numeric ? "text-right" : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id of their own and never reorder
            <tr key={i} className="border-t border-line">
              {r.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <td key={j} className={`py-2 pr-3 whitespace-nowrap ${j >= r.length - numeric ? "text-right" : ""}`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot ? (
          <tfoot className="font-semibold">
            <tr className="border-t-2 border-line">
              {foot.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <td key={j} className={`py-2 pr-3 whitespace-nowrap ${j >= foot.length - numeric ? "text-right" : ""}`}>
                  {c}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function ReportBody({ name, range }: { name: ReportName; range: ReportRange }) {
  const { t } = useTranslation("admin");
  const report = useReport(name, range);
  const errorText = useErrorText();
  if (report.isPending) return <Skeleton className="h-32 w-full" />;
  if (report.isError) return <p className="text-sm text-danger">{errorText(report.error)}</p>;
  const empty = t("reports.empty");
  const data = report.data;
  const c = (key: string) => t(`reports.col.${key}`);
  if (name === "pnl") {
    const d = data as ReportData<"pnl">;
    return (
      <Table
        empty={empty}
        head={[c("day"), c("product"), c("game"), c("stakes"), c("payouts"), c("refunds"), c("net")]}
        rows={d.data.map((r) => [
          r.day,
          t(`reports.product.${r.product}`),
          r.game,
          num(r.stakes),
          num(r.payouts),
          num(r.refunds),
          num(r.net),
        ])}
        foot={[t("reports.total"), "", "", num(d.totals.stakes), num(d.totals.payouts), num(d.totals.refunds), num(d.totals.net)]}
      />
    );
  }
  if (name === "draws") {
    const d = data as ReportData<"draws">;
    return (
      <Table
        empty={empty}
        head={[c("draw"), c("game"), c("status"), c("number"), c("stakes"), c("payouts"), c("refunds"), c("net")]}
        rows={d.data.map((r) => [
          `#${r.draw_id} · ${formatDisplayDateTime(r.draw_at)}`,
          r.type,
          r.status,
          r.number ?? "–",
          num(r.stakes),
          num(r.payouts),
          num(r.refunds),
          num(r.net),
        ])}
      />
    );
  }
  if (name === "cash") {
    const d = data as ReportData<"cash">;
    return (
      <Table
        empty={empty}
        head={[c("day"), c("method"), c("cash_in_count"), c("cash_in"), c("cash_out_count"), c("cash_out")]}
        rows={d.data.map((r) => [r.day, r.payment_method, num(r.cash_in_count), num(r.cash_in), num(r.cash_out_count), num(r.cash_out)])}
        foot={[
          t("reports.total"),
          "",
          num(d.totals.cash_in_count),
          num(d.totals.cash_in),
          num(d.totals.cash_out_count),
          num(d.totals.cash_out),
        ]}
      />
    );
  }
  if (name === "balances") {
    const d = data as ReportData<"balances">;
    return (
      <Table
        empty={empty}
        numeric={2}
        head={[c("balance"), c("players"), c("total")]}
        rows={d.data.map((r) => [t(`reports.balance.${r.balance}`, { defaultValue: r.balance }), num(r.players), num(r.total)])}
        foot={[t("reports.total"), "", num(d.total)]}
      />
    );
  }
  const d = data as ReportData<"reconciliation">;
  return (
    <div className="space-y-3">
      <p className={`text-sm ${d.mismatches.length === 0 ? "text-win" : "text-danger"}`} data-testid="reconciliation-summary">
        {t(d.mismatches.length === 0 ? "reports.reconciled" : "reports.mismatched", {
          rounds: d.rounds,
          callbacks: d.callbacks,
          count: d.mismatches.length,
        })}
      </p>
      {d.mismatches.length > 0 ? (
        <Table
          empty={empty}
          numeric={5}
          head={[
            c("provider"),
            c("round"),
            c("status"),
            c("callback_bets"),
            c("round_bet"),
            c("callback_payouts"),
            c("round_payout"),
            c("ledger_net"),
          ]}
          rows={d.mismatches.map((m) => [
            m.provider,
            m.round_id,
            m.status,
            num(m.callback_bets),
            num(m.round_bet),
            num(m.callback_payouts),
            num(m.round_payout),
            num(m.ledger_net),
          ])}
        />
      ) : null}
    </div>
  );
}

/** /admin/reports: profit and loss, draws, cash, balances and the provider reconciliation, each with a CSV download. */
export function ReportsPage() {
  const { t } = useTranslation("admin");
  const today = yangonDate(new Date());
  const [range, setRange] = useState<ReportRange>({ start_date: today, end_date: today });
  const [draft, setDraft] = useState<ReportRange>(range);
  const [name, setName] = useState<ReportName>("pnl");
  const [busy, setBusy] = useState(false);
  const errorText = useErrorText();
  const ids = { from: useId(), to: useId() };
  const admin = useSecondFactorStatus().data?.role === "admin";
  return (
    <div className="space-y-4">
      <PageHeader title={t("reports.title")} subtitle={t("reports.subtitle")} />
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setRange(draft.start_date <= draft.end_date ? draft : { start_date: draft.end_date, end_date: draft.start_date });
        }}
      >
        <div>
          <label htmlFor={ids.from} className="mb-1.5 block text-sm font-medium text-muted">
            {t("reports.from")}
          </label>
          <input
            id={ids.from}
            type="date"
            className={inputClass}
            value={draft.start_date}
            onChange={(e) => setDraft({ ...draft, start_date: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={ids.to} className="mb-1.5 block text-sm font-medium text-muted">
            {t("reports.to")}
          </label>
          <input
            id={ids.to}
            type="date"
            className={inputClass}
            value={draft.end_date}
            onChange={(e) => setDraft({ ...draft, end_date: e.target.value })}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t("reports.show")}
        </Button>
      </form>
      <div
        role="tablist"
        aria-label={t("reports.title")}
        className="flex gap-1 overflow-x-auto rounded-card border border-line bg-surface p-1"
      >
        {REPORTS.map((r) => (
          <button
            key={r}
            type="button"
            role="tab"
            aria-selected={r === name}
            onClick={() => setName(r)}
            className={`flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-gold ${
              r === name ? "bg-gold text-bg" : "text-muted hover:bg-surface-2 hover:text-text"
            }`}
          >
            {t(`reports.name.${r}`)}
          </button>
        ))}
      </div>
      <Panel
        title={t(`reports.name.${name}`)}
        action={
          <Button
            variant="secondary"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await downloadReport(name, range);
              } catch (err) {
                toast.error(errorText(err));
              } finally {
                setBusy(false);
              }
            }}
          >
            {t("reports.csv")}
          </Button>
        }
      >
        <ReportBody name={name} range={range} />
      </Panel>
      <GscReconciliationPanel initialDay={yangonDate(new Date(Date.now() - 24 * 60 * 60 * 1000))} editable={admin} />
      <GscDebtsPanel />
    </div>
  );
}
