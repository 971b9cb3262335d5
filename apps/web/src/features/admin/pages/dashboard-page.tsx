import { formatAmount } from "@shwe/domain";
import type { ComponentType } from "react";
import { Skeleton } from "../../../components/skeleton.tsx";
import { adminPaths } from "../../../config/console-paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { CashInIcon, CashOutIcon, IdCardIcon, PlayersIcon } from "../components/console-icons.tsx";
import { LedgerHealth } from "../components/ledger-health.tsx";
import { PageHeader } from "../components/panel.tsx";
import { formatCount, type PendingCount, usePendingCounts } from "../hooks/use-pending-counts.ts";
import { SupportStatsCard } from "../support/components/support-stats.tsx";

/** What waits for an operator now, and whether the ledger is sound. */
export function DashboardPage() {
  const { t } = useTranslation("admin");
  const name = useSession((s) => s.user?.name || s.user?.phone || "");
  const counts = usePendingCounts();
  return (
    <>
      <PageHeader title={t("dashboard.title")} subtitle={t("dashboard.hello", { name })} />
      <h2 className="sr-only">{t("dashboard.waiting")}</h2>
      <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard to={adminPaths.cashIn} icon={CashInIcon} label={t("dashboard.cashIn")} pending={counts.cashIn} money />
        <StatCard to={adminPaths.cashOut} icon={CashOutIcon} label={t("dashboard.cashOut")} pending={counts.cashOut} money />
        <StatCard to={adminPaths.lvl2} icon={IdCardIcon} label={t("dashboard.lvl2")} pending={counts.lvl2} />
        <StatCard to={adminPaths.players} icon={PlayersIcon} label={t("dashboard.adjustments")} pending={counts.adjustments} />
      </div>
      <SupportStatsCard />
      <LedgerHealth />
    </>
  );
}

function StatCard({
  to,
  icon: Icon,
  label,
  pending,
  money = false,
}: {
  to: string;
  icon: ComponentType<{ size?: number; className?: string }>;
  label: string;
  pending: PendingCount;
  money?: boolean;
}) {
  const { t } = useTranslation("admin");
  const waiting = (pending.count ?? 0) > 0;
  return (
    <Link
      to={to}
      className={`flex min-h-32 flex-col gap-1 rounded-card border bg-surface p-4 shadow-card transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-gold ${
        waiting ? "border-gold/50" : "border-line"
      }`}
    >
      <span className="flex items-center gap-2 text-sm font-semibold text-muted">
        <Icon size={18} className={waiting ? "text-gold" : ""} />
        <span className="min-w-0">{label}</span>
      </span>
      {pending.failed && pending.count === undefined ? (
        <span className="text-3xl font-bold text-faint">–</span>
      ) : pending.count === undefined ? (
        <Skeleton className="my-1 h-9 w-16" />
      ) : (
        <span className={`tabular text-3xl font-bold ${waiting ? "text-gold" : "text-text"}`}>{formatCount(pending)}</span>
      )}
      <span className="tabular mt-auto text-xs text-muted">
        {pending.failed && pending.count === undefined
          ? t("dashboard.failed")
          : money && pending.total !== undefined
            ? t("dashboard.total", { amount: formatAmount(pending.total) })
            : waiting
              ? t("dashboard.toDo")
              : t("dashboard.nothing")}
      </span>
    </Link>
  );
}
