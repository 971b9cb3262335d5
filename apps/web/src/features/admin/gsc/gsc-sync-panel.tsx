import type { GscSyncReport } from "@shwe/contracts";
import { formatDisplayDateTime } from "@shwe/domain";
import { useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { Panel } from "../components/panel.tsx";
import { useErrorText } from "../hooks/use-error-text.ts";
import { useGscStatus, useGscSync } from "./api.ts";

/** What a sync changed: the counts, the products left out, and the list of changes (operators' values kept marked as such). */
export function GscSyncReportView({ report }: { report: GscSyncReport }) {
  const { t } = useTranslation("admin");
  const value = (v: string | boolean | undefined) => (v === undefined ? "" : typeof v === "boolean" ? (v ? t("gsc.on") : t("gsc.off")) : v);
  return (
    <div className="space-y-2 text-sm" data-testid="gsc-sync-report">
      <p>{t("gsc.summary", { ...report })}</p>
      {report.skipped.map((s) => (
        <p key={s.product_code} className="text-danger">
          {t("gsc.skipped", { product: s.product_code, reason: s.reason })}
        </p>
      ))}
      {report.changes.length > 0 ? (
        <ul className="max-h-64 space-y-0.5 overflow-y-auto rounded-lg border border-line p-2">
          {report.changes.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a report's changes never reorder
            <li key={i} className={c.change === "kept" ? "text-muted" : ""}>
              <span className="font-mono">{c.g_code ? `${c.p_code} / ${c.g_code}` : c.p_code}</span>{" "}
              {c.change === "kept"
                ? t("gsc.kept", { field: c.field ?? "", value: value(c.from) })
                : c.change === "added" || c.change === "unlisted"
                  ? t(`gsc.change.${c.change}`)
                  : t("gsc.changed", { field: c.change, from: value(c.from), to: value(c.to) })}
            </li>
          ))}
        </ul>
      ) : null}
      {report.changes_total > report.changes.length ? (
        <p className="text-muted">{t("gsc.more", { count: report.changes_total - report.changes.length })}</p>
      ) : null}
    </div>
  );
}

/**
 * The catalogue's GSC+ panel (shown only when the site has a GSC+ connection): the callback base URL
 * to hand the aggregator, the last sync, and for admins a button that syncs now and shows what changed.
 */
export function GscSyncPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation("admin");
  const status = useGscStatus();
  const sync = useGscSync();
  const errorText = useErrorText();
  const [report, setReport] = useState<GscSyncReport | null>(null);
  if (!status.data) return null;
  const last = status.data.last_sync;
  return (
    <Panel
      title={t("gsc.title")}
      action={
        editable ? (
          <Button
            variant="secondary"
            loading={sync.isPending}
            onClick={() =>
              sync.mutate(undefined, {
                onSuccess: (r) => {
                  setReport(r);
                  toast.success(t("gsc.synced"));
                },
                onError: (err) => toast.error(errorText(err)),
              })
            }
          >
            {t("gsc.sync")}
          </Button>
        ) : null
      }
    >
      <div className="space-y-2 text-sm">
        <p>
          {t("gsc.callback")} <span className="font-mono break-all">{status.data.callback_base_url}</span>
        </p>
        <p className="text-muted">
          {t("gsc.products", { count: status.data.products })}{" "}
          {last ? t("gsc.last_sync", { at: formatDisplayDateTime(last.finished_at) }) : t("gsc.never_synced")}
          {status.data.simulated ? ` · ${t("gsc.simulated")}` : ""}
        </p>
        {report ? <GscSyncReportView report={report} /> : null}
      </div>
    </Panel>
  );
}
