import { formatDisplayDateTime } from "@shwe/domain";
import { Button } from "../../../components/button.tsx";
import { RefreshIcon } from "../../../components/icons.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useLedgerAudit } from "../api/ledger-audit.ts";
import { AlertIcon, ShieldIcon } from "./console-icons.tsx";
import { Panel } from "./panel.tsx";
import { LoadError } from "./query-state.tsx";

/** The ledger invariants, run on demand: balanced (green), or the violations found (red), and what was skipped. */
export function LedgerHealth() {
  const { t } = useTranslation("admin");
  const audit = useLedgerAudit();
  return (
    <Panel
      title={t("ledger.title")}
      action={
        <Button variant="secondary" onClick={() => void audit.refetch()} loading={audit.isFetching}>
          <RefreshIcon size={18} />
          {t("ledger.run")}
        </Button>
      }
    >
      {audit.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : audit.isError ? (
        <LoadError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <div className="space-y-3">
          <div
            role="status"
            className={`flex items-center gap-3 rounded-card border p-3 ${audit.data.ok ? "border-win/40 bg-win/10" : "border-danger/50 bg-danger/10"}`}
          >
            {audit.data.ok ? (
              <ShieldIcon size={28} className="shrink-0 text-win" />
            ) : (
              <AlertIcon size={28} className="shrink-0 text-danger" />
            )}
            <div>
              <p className={`font-bold ${audit.data.ok ? "text-win" : "text-danger"}`}>
                {audit.data.ok ? t("ledger.ok") : t("ledger.broken", { count: audit.data.violations.length })}
              </p>
              <p className="tabular text-xs text-muted">{t("ledger.checkedAt", { at: formatDisplayDateTime(audit.dataUpdatedAt) })}</p>
            </div>
          </div>
          {audit.data.violations.length > 0 ? (
            <ul className="space-y-1 text-sm">
              {audit.data.violations.map((v, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same invariant may be broken more than once
                <li key={i} className="rounded-lg border border-danger/40 bg-bg p-2">
                  <span className="font-mono font-bold text-danger">{v.invariant}</span> <span className="break-words">{v.detail}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {audit.data.skipped.length > 0 ? (
            <div className="text-sm">
              <p className="mb-1 text-muted">{t("ledger.skipped")}</p>
              <ul className="space-y-1">
                {audit.data.skipped.map((s) => (
                  <li key={s.invariant} className="text-muted">
                    <span className="font-mono font-semibold text-text">{s.invariant}</span> {s.detail}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </Panel>
  );
}
