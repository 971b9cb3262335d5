import { formatAmount } from "@shwe/domain";
import { Button } from "../../../components/button.tsx";
import { RefreshIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { CASH_LIST_LIMIT, useCashRequests } from "../api/cash-requests.ts";
import type { CashKind } from "../api/query-keys.ts";
import { CashRequestRow } from "../components/cash-request-row.tsx";
import { PageHeader } from "../components/panel.tsx";
import { EmptyState, ListSkeleton, LoadError } from "../components/query-state.tsx";
import { StatusTabs } from "../components/status-tabs.tsx";
import { useStatusParam } from "../hooks/use-status-param.ts";

/** The cash-in or cash-out queue: pending requests oldest first, and the decided ones newest first. */
export function CashQueuePage({ kind }: { kind: CashKind }) {
  const { t } = useTranslation("admin");
  const [status, setStatus] = useStatusParam();
  const list = useCashRequests(kind, status);
  const pending = useCashRequests(kind, "pending");
  const section = kind === "in" ? "cashIn" : "cashOut";
  const rows = list.data ?? [];
  const total = rows.reduce((sum, r) => sum + r.amount, 0);

  return (
    <>
      <PageHeader
        title={t(`${section}.title`)}
        subtitle={t(`${section}.subtitle`)}
        action={
          <Button variant="secondary" onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending}>
            <RefreshIcon size={18} />
            {t("actions.refresh")}
          </Button>
        }
      />
      <StatusTabs value={status} onChange={setStatus} pendingCount={pending.data?.length} />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{t(`cash.empty.${status}`)}</EmptyState>
      ) : (
        <>
          <p className="tabular mb-2 text-sm text-muted">
            {t("cash.summary", { count: rows.length, total: formatAmount(total) })}
            {rows.length >= CASH_LIST_LIMIT ? ` · ${t("cash.limited", { limit: CASH_LIST_LIMIT })}` : ""}
          </p>
          <ul className="space-y-3" aria-label={t(`${section}.title`)}>
            {rows.map((r) => (
              <CashRequestRow key={r.id} request={r} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
