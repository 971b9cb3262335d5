import { Button } from "../../../components/button.tsx";
import { RefreshIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { LVL2_LIST_LIMIT, useLvl2Uploads } from "../api/lvl2-uploads.ts";
import { Lvl2Card } from "../components/lvl2-card.tsx";
import { PageHeader } from "../components/panel.tsx";
import { EmptyState, ListSkeleton, LoadError } from "../components/query-state.tsx";
import { StatusTabs } from "../components/status-tabs.tsx";
import { useStatusParam } from "../hooks/use-status-param.ts";

/** Level-2 reviews: the uploaded ID / wallet screenshots, oldest pending first. */
export function Lvl2Page() {
  const { t } = useTranslation("admin");
  const [status, setStatus] = useStatusParam();
  const list = useLvl2Uploads(status);
  const pending = useLvl2Uploads("pending");
  const rows = list.data ?? [];
  return (
    <>
      <PageHeader
        title={t("lvl2.title")}
        subtitle={t("lvl2.subtitle")}
        action={
          <Button variant="secondary" onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending}>
            <RefreshIcon size={18} />
            {t("actions.refresh")}
          </Button>
        }
      />
      <StatusTabs value={status} onChange={setStatus} pendingCount={pending.data?.length} />
      {list.isPending ? (
        <ListSkeleton rows={2} className="h-96" />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{t(`lvl2.empty.${status}`)}</EmptyState>
      ) : (
        <>
          {rows.length >= LVL2_LIST_LIMIT ? (
            <p className="mb-2 text-sm text-muted">{t("cash.limited", { limit: LVL2_LIST_LIMIT })}</p>
          ) : null}
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label={t("lvl2.title")}>
            {rows.map((u) => (
              <Lvl2Card key={u.id} upload={u} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
