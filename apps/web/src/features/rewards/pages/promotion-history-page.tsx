import { formatAmount, formatDisplayDate, formatDisplayDateTime, formatFloor, isoInstant } from "@shwe/domain";
import { LoadMore } from "../../../components/load-more.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { usePagedList } from "../../../lib/use-paged-list.ts";
import { fetchPromotionHistory } from "../api/history.ts";
import { rewardKeys } from "../api/query-keys.ts";
import { ClaimButton } from "../components/claim-button.tsx";

/** Sunday of the week named by its Monday (YYYY-MM-DD). */
const weekEnd = (monday: string) => isoInstant(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).slice(0, 10);

/**
 * /promotion-history (behind the login guard): the claimable balance, the Claim button, and every
 * weekly cashback credited and every claim, newest first, page by page.
 */
export function PromotionHistoryPage() {
  const { t } = useTranslation("cashback");
  const userId = useSession((s) => s.user?.id);
  const pBalance = useSession((s) => s.user?.p_balance ?? 0);
  const list = usePagedList({
    queryKey: rewardKeys.promotionHistory(userId, pBalance),
    fetchPage: (cursor, signal) => fetchPromotionHistory(cursor, signal),
    keepPreviousWhile: (key) => key[2] === "promotion-history",
  });

  return (
    <div className="mx-auto w-full max-w-3xl pb-8">
      <header className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-bold text-text sm:text-2xl">{t("history.title")}</h1>
          <p className="tabular text-sm text-muted">
            {t("history.claimable")} <span className="font-semibold text-gold">{formatFloor(pBalance)}</span> {t("currency")}
          </p>
        </div>
        <ClaimButton />
      </header>
      <p className="mb-4 rounded-card border border-line bg-surface px-4 py-3 text-sm text-muted">{t("history.explain")}</p>
      {list.rows === undefined ? (
        <div className="space-y-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <p role="alert" className="rounded-card border border-line bg-surface p-6 text-center text-sm text-danger">
          {t("history.failed")}
        </p>
      ) : list.rows.length === 0 ? (
        <p className="rounded-card border border-line bg-surface p-6 text-center text-sm text-muted">{t("history.empty")}</p>
      ) : (
        <ul className="space-y-2">
          {list.rows.map((row) => (
            <li
              key={row.id}
              className="flex items-center justify-between gap-3 rounded-card border border-line bg-surface px-4 py-3 shadow-card"
            >
              <div className="min-w-0">
                <p className="font-semibold">{row.kind === "cashback" ? t("history.cashback") : t("history.claim")}</p>
                <p className="tabular text-xs text-muted">
                  {row.kind === "cashback" && row.week_start
                    ? t("history.week", { from: formatDisplayDate(row.week_start), to: formatDisplayDate(weekEnd(row.week_start)) })
                    : formatDisplayDateTime(row.created_at)}
                </p>
              </div>
              <div className="shrink-0 text-right">
                <p className={`tabular font-bold ${row.kind === "cashback" ? "text-win" : "text-gold"}`}>
                  {row.kind === "cashback" ? "+" : "−"}
                  {formatAmount(row.amount)}
                </p>
                <p className="tabular text-xs text-muted">{t("history.after", { amount: formatAmount(row.p_balance_after) })}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3">
        <LoadMore list={list} />
      </div>
    </div>
  );
}
