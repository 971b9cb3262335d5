import type { CashInHistoryItem, CashOutHistoryItem, TransferHistoryItem } from "@shwe/contracts";
import { formatAmount, formatDisplayDateTime } from "@shwe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { LoadMore } from "../../../components/load-more.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { subscribeRealtime } from "../../../lib/realtime.ts";
import { type HistoryKind, useWalletHistory } from "../api/history.ts";
import { walletKeys } from "../api/query-keys.ts";
import { StatusBadge } from "./status-badge.tsx";

/** One history (cash-in, cash-out, main → game, game → main) between two days, newest first, with "load more" while pages remain. */
export function HistoryList({ kind, start, end }: { kind: HistoryKind; start: string; end: string }) {
  const { t } = useTranslation("wallet");
  const history = useWalletHistory(kind, start, end);
  const { rows, isPending } = history;
  const queryClient = useQueryClient();
  // An operator's decision moves the balance: the list follows at once (pending → approved).
  useEffect(
    () => subscribeRealtime("balance", () => void queryClient.invalidateQueries({ queryKey: walletKeys.historyAll })),
    [queryClient],
  );

  if (isPending || !rows) {
    return (
      <ul aria-busy="true" aria-label={t("history.loading")} className="flex flex-col gap-2">
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i}>
            <Skeleton className="h-[92px]" />
          </li>
        ))}
      </ul>
    );
  }
  if (rows.length === 0) {
    return <p className="rounded-card border border-line bg-surface px-4 py-8 text-center text-sm text-muted">{t("history.empty")}</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2" data-testid={`history-${kind}`}>
        {kind === "cashin"
          ? (rows as CashInHistoryItem[]).map((r) => <CashInRow key={r.id} row={r} />)
          : kind === "cashout"
            ? (rows as CashOutHistoryItem[]).map((r) => <CashOutRow key={r.id} row={r} />)
            : (rows as TransferHistoryItem[]).map((r) => <TransferRow key={r.id} row={r} direction={kind} />)}
      </ul>
      <LoadMore list={history} />
    </div>
  );
}

function Row({ amount, badge, children, when }: { amount: number; badge?: ReactNode; children: ReactNode; when: string }) {
  const { t } = useTranslation("wallet");
  return (
    <li className="rounded-card border border-line bg-surface px-4 py-3">
      <div className="flex items-start justify-between gap-2">
        <p className="tabular text-lg font-bold text-text">
          {formatAmount(amount)} <span className="text-xs font-normal text-muted">{t("currency")}</span>
        </p>
        {badge}
      </div>
      <div className="mt-0.5 flex flex-col gap-0.5 text-sm text-muted">{children}</div>
      <p className="tabular mt-1 text-xs text-faint">{formatDisplayDateTime(when)}</p>
    </li>
  );
}

function Reason({ status, reason }: { status: string; reason: string | null }) {
  const { t } = useTranslation("wallet");
  if (status !== "rejected") return null;
  return <p className="text-danger">{t("history.reason", { reason: reason || t("history.noReason") })}</p>;
}

function CashInRow({ row }: { row: CashInHistoryItem }) {
  const { t } = useTranslation("wallet");
  return (
    <Row amount={row.amount} badge={<StatusBadge status={row.status} />} when={row.created_at}>
      <p>
        {row.payment_method} · <span className="tabular">{t("history.lastSix", { digits: row.last_six_digits })}</span>
      </p>
      {row.promo_code ? (
        <p>
          {t("history.promo", { code: row.promo_code })}
          {row.bonus > 0 ? <span className="tabular text-win"> · {t("history.bonus", { amount: formatAmount(row.bonus) })}</span> : null}
        </p>
      ) : null}
      <Reason status={row.status} reason={row.reason} />
    </Row>
  );
}

function CashOutRow({ row }: { row: CashOutHistoryItem }) {
  return (
    <Row amount={row.amount} badge={<StatusBadge status={row.status} />} when={row.created_at}>
      <p className="break-words">
        {row.payment_method} · <span className="tabular">{row.account_number}</span> · {row.holder_name}
      </p>
      <Reason status={row.status} reason={row.reason} />
    </Row>
  );
}

function TransferRow({ row, direction }: { row: TransferHistoryItem; direction: "transfer-in" | "transfer-out" }) {
  const { t } = useTranslation("wallet");
  return (
    <Row
      amount={row.amount}
      badge={
        <span className="shrink-0 text-xs font-semibold text-gold">
          {t(direction === "transfer-in" ? "direction.in" : "direction.out")}
        </span>
      }
      when={row.created_at}
    >
      <p className="tabular">{t("history.after", { main: formatAmount(row.balance), game: formatAmount(row.game_balance) })}</p>
    </Row>
  );
}
