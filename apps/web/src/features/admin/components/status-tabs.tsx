import { useTranslation } from "../../../lib/i18n-react.tsx";
import type { DecisionStatus } from "../api/query-keys.ts";

export const DECISION_STATUSES: readonly DecisionStatus[] = ["pending", "approved", "rejected"];

/** Pending / approved / rejected filter tabs of a queue (the choice lives in the URL). */
export function StatusTabs({
  value,
  onChange,
  pendingCount,
}: {
  value: DecisionStatus;
  onChange: (status: DecisionStatus) => void;
  pendingCount?: number | undefined;
}) {
  const { t } = useTranslation("admin");
  return (
    <div
      role="tablist"
      aria-label={t("status.filter")}
      className="mb-4 flex gap-1 overflow-x-auto rounded-card border border-line bg-surface p-1"
    >
      {DECISION_STATUSES.map((status) => {
        const selected = status === value;
        return (
          <button
            key={status}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => onChange(status)}
            className={`flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
              selected ? "bg-gold text-bg" : "text-muted hover:bg-surface-2 hover:text-text"
            }`}
          >
            {t(`status.${status}`)}
            {status === "pending" && pendingCount !== undefined ? (
              <span className="tabular text-xs opacity-80">({pendingCount})</span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
