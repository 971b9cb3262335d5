import type { PointHistoryItem, PointReward } from "@shwe/contracts";
import { formatAmount, formatDisplayDateTime, formatFloor } from "@shwe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { ApiError, newIdempotencyKey } from "../../../lib/api-client.ts";
import { useContentLanguage } from "../../../lib/content-language.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { usePagedList } from "../../../lib/use-paged-list.ts";
import { claimPointReward, fetchPointHistory, usePointList, usePointWarning } from "../api/points.ts";
import { pointKeys } from "../api/query-keys.ts";
import { PointIcon } from "../components/point-icon.tsx";

/** The refusals of a claim in the player's language; anything else as the site says it. */
function useClaimErrorText() {
  const { t } = useTranslation("points");
  return (err: unknown): string => {
    if (err instanceof ApiError && ["INSUFFICIENT_POINTS", "REWARD_INACTIVE", "NOT_FOUND"].includes(err.code))
      return t(`errors.${err.code}`);
    return errorMessage(err);
  };
}

/**
 * /point (signed-in): the player's points, the operator's warning, the rewards (points → kyat) with
 * a Claim button each, and every point earned or spent, newest first. A claim that got no answer is
 * sent again with the same Idempotency-Key, so it can never pay twice.
 */
export function PointPage() {
  const { t } = useTranslation("points");
  const userId = useSession((s) => s.user?.id);
  const point = useSession((s) => s.user?.point ?? 0);
  const rewards = usePointList();
  const warning = usePointWarning();
  const queryClient = useQueryClient();
  const lng = useContentLanguage();
  const history = usePagedList({
    queryKey: pointKeys.history(userId, lng),
    fetchPage: (cursor, signal) => fetchPointHistory(cursor, lng, signal),
  });
  const claimText = useClaimErrorText();
  const [busyId, setBusyId] = useState<number>();
  const pending = useRef<{ id: number; key: string } | undefined>(undefined);

  // The history carries the current points: points earned at settlement show here without a sign-in.
  const fresh = history.firstPage?.point;
  useEffect(() => {
    if (fresh !== undefined && fresh !== useSession.getState().user?.point) useSession.getState().setUserData({ point: fresh });
  }, [fresh]);

  const claim = async (reward: PointReward) => {
    if (busyId !== undefined) return;
    setBusyId(reward.id);
    if (pending.current?.id !== reward.id) pending.current = { id: reward.id, key: newIdempotencyKey() };
    try {
      const res = await claimPointReward(reward.id, pending.current.key);
      pending.current = undefined;
      useSession.getState().setUserData({ balance: res.balance, point: res.point });
      toast.success(t("claimed", { amount: formatAmount(res.amount), points: formatAmount(res.points) }));
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) pending.current = undefined;
      toast.error(claimText(err));
      if (err instanceof ApiError && err.code !== "INSUFFICIENT_POINTS")
        void queryClient.invalidateQueries({ queryKey: pointKeys.listAll });
    } finally {
      setBusyId(undefined);
      void queryClient.invalidateQueries({ queryKey: pointKeys.historyAll(userId) });
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl pb-8">
      <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-text sm:text-2xl">{t("title")}</h1>
        <div className="flex items-center gap-2 rounded-card border border-gold/40 bg-gold/10 px-3 py-2">
          <PointIcon size={22} className="shrink-0 text-gold" />
          <span className="text-sm text-muted">{t("balance")}</span>
          <span className="tabular text-lg font-bold text-gold" data-testid="point-balance">
            {formatFloor(point)}
          </span>
        </div>
      </header>

      {warning.data ? (
        <p role="note" className="mb-4 rounded-card border border-warn/50 bg-warn/10 px-4 py-3 text-sm leading-relaxed text-text">
          <span className="font-semibold text-warn">{t("warning")} </span>
          {warning.data}
        </p>
      ) : null}

      <section aria-labelledby="rewards-title" className="mb-6">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id="rewards-title" className="text-base font-semibold">
            {t("rewards")}
          </h2>
          {rewards.data ? <p className="text-xs text-muted">{t("rate", { kyat: formatAmount(rewards.data.kyat_per_point) })}</p> : null}
        </div>
        {rewards.isPending ? (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-36" />
            ))}
          </div>
        ) : rewards.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-card border border-line bg-surface p-6 text-sm text-danger">
            {t("loadFailed")}
            <Button variant="secondary" onClick={() => void rewards.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : rewards.data.data.length === 0 ? (
          <p className="rounded-card border border-line bg-surface p-6 text-center text-sm text-muted">{t("noRewards")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {rewards.data.data.map((reward) => {
              const short = reward.points - Math.floor(point);
              return (
                <li key={reward.id} className="flex flex-col gap-2 rounded-card border border-line bg-surface p-3 shadow-card sm:p-4">
                  <p className="truncate text-xs text-muted" title={reward.name}>
                    {reward.name}
                  </p>
                  <p className="tabular text-xl font-bold text-gold">
                    {formatAmount(reward.amount)} <span className="text-xs font-normal text-muted">{t("currency")}</span>
                  </p>
                  <p className="tabular flex items-center gap-1 text-sm text-text">
                    <PointIcon size={16} className="shrink-0 text-gold" />
                    {t("cost", { points: formatAmount(reward.points) })}
                  </p>
                  <Button
                    block
                    className="mt-auto"
                    variant={short > 0 ? "secondary" : "primary"}
                    loading={busyId === reward.id}
                    disabled={short > 0 || (busyId !== undefined && busyId !== reward.id)}
                    onClick={() => void claim(reward)}
                  >
                    {t("claim")}
                  </Button>
                  {short > 0 ? (
                    <p className="tabular text-center text-xs text-muted">{t("short", { points: formatAmount(short) })}</p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="point-history-title">
        <h2 id="point-history-title" className="mb-2 text-base font-semibold">
          {t("history.title")}
        </h2>
        {history.rows === undefined ? (
          <div className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : history.isError ? (
          <p role="alert" className="rounded-card border border-line bg-surface p-6 text-center text-sm text-danger">
            {t("history.failed")}
          </p>
        ) : history.rows.length === 0 ? (
          <p className="rounded-card border border-line bg-surface p-6 text-center text-sm text-muted">{t("history.empty")}</p>
        ) : (
          <ul className="space-y-2">
            {history.rows.map((row) => (
              <HistoryRow key={row.id} row={row} />
            ))}
          </ul>
        )}
        <div className="mt-3">
          <LoadMore list={history} />
        </div>
      </section>
    </div>
  );
}

function HistoryRow({ row }: { row: PointHistoryItem }) {
  const { t } = useTranslation("points");
  const earned = row.points > 0;
  return (
    <li className="flex items-center justify-between gap-3 rounded-card border border-line bg-surface px-4 py-3 shadow-card">
      <div className="min-w-0">
        <p className="truncate font-semibold">
          {t(`history.${row.kind}`)}
          {row.kind === "claim" && row.amount !== null ? (
            <span className="tabular font-normal text-muted"> · {t("history.paid", { amount: formatAmount(row.amount) })}</span>
          ) : null}
        </p>
        <p className="tabular text-xs text-muted">{formatDisplayDateTime(row.created_at)}</p>
      </div>
      <div className="shrink-0 text-right">
        <p className={`tabular font-bold ${earned ? "text-win" : "text-gold"}`}>
          {earned ? "+" : "−"}
          {formatAmount(Math.abs(row.points))}
        </p>
        <p className="tabular text-xs text-muted">{t("history.after", { points: formatAmount(row.point_after) })}</p>
      </div>
    </li>
  );
}
