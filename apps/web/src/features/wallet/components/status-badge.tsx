import type { CashInHistoryItem } from "@shwe/contracts";
import { useTranslation } from "../../../lib/i18n-react.tsx";

type Status = CashInHistoryItem["status"];

const tone: Record<Status, string> = {
  pending: "border-warn/50 bg-warn/15 text-warn",
  approved: "border-win/50 bg-win/15 text-win",
  rejected: "border-danger/50 bg-danger/15 text-danger",
};

const mark: Record<Status, string> = { pending: "◷", approved: "✓", rejected: "✕" };

/** A cash request's state: amber pending, green approved, red rejected (with a mark, not colour alone). */
export function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation("wallet");
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone[status]}`}
      data-status={status}
    >
      <span aria-hidden="true">{mark[status]}</span>
      {t(`status.${status}`)}
    </span>
  );
}
