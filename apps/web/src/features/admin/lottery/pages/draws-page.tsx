import { type DrawStatus, type LotteryType, lotteryTypeSchema } from "@shwe/contracts";
import { formatAmount, formatDisplayDateTime } from "@shwe/domain";
import { useId } from "react";
import { Button, buttonClass } from "../../../../components/button.tsx";
import { RefreshIcon } from "../../../../components/icons.tsx";
import { lotteryAdminPaths } from "../../../../config/console-paths.ts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Link, useSearchParams } from "../../../../lib/router.tsx";
import { inputClass } from "../../components/fields.tsx";
import { PageHeader } from "../../components/panel.tsx";
import { EmptyState, ListSkeleton, LoadError } from "../../components/query-state.tsx";
import { DRAW_LIST_LIMIT, useAdminDraws } from "../api/draws.ts";
import { DrawCalendar } from "../components/draw-calendar.tsx";
import { DrawStatusBadge } from "../components/draw-status.tsx";
import { GameLinks } from "../components/game-links.tsx";

const STATUSES: readonly (DrawStatus | "all")[] = ["all", "open", "closed", "resulted", "settled", "void"];

/** Lottery draws of one game, newest first: status, result, stakes; each opens its detail (exposure and decisions). */
export function DrawsPage() {
  const { t } = useTranslation("admin");
  const statusId = useId();
  const [params, setParams] = useSearchParams();
  const type: LotteryType = lotteryTypeSchema.safeParse(params.get("type")).data ?? "2D";
  const rawStatus = params.get("status");
  const status = STATUSES.find((s) => s === rawStatus) ?? "all";
  const list = useAdminDraws(type, status);
  const rows = list.data ?? [];
  const calendar = params.get("view") === "calendar";
  const setView = (view: "list" | "calendar") =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (view === "calendar") next.set("view", "calendar");
      else next.delete("view");
      next.set("type", type);
      return next;
    });
  const hrefOf = (next: LotteryType) => `${lotteryAdminPaths.draws}?type=${next}${status === "all" ? "" : `&status=${status}`}`;
  return (
    <>
      <PageHeader
        title={t("lottery.drawsTitle")}
        subtitle={t("lottery.drawsSubtitle")}
        action={
          <div className="flex gap-2">
            <Link to={lotteryAdminPaths.settings(type)} className={buttonClass({ variant: "secondary" })}>
              {t("lottery.settingsLink")}
            </Link>
            <Button variant="secondary" onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending}>
              <RefreshIcon size={18} />
              {t("actions.refresh")}
            </Button>
          </div>
        }
      />
      <GameLinks value={type} href={hrefOf} />
      <div
        role="tablist"
        aria-label={t("lottery.calendar.view")}
        className="mb-4 flex w-fit gap-1 rounded-card border border-line bg-surface p-1"
      >
        {(["list", "calendar"] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={calendar === (v === "calendar")}
            onClick={() => setView(v)}
            className={`min-h-11 rounded-lg px-4 text-sm font-semibold ${calendar === (v === "calendar") ? "bg-gold text-bg" : "text-muted hover:bg-surface-2"}`}
          >
            {t(`lottery.calendar.${v}`)}
          </button>
        ))}
      </div>
      <div className="mb-4 max-w-xs">
        <label htmlFor={statusId} className="mb-1.5 block text-sm font-medium text-muted">
          {t("lottery.statusFilter")}
        </label>
        <select
          id={statusId}
          value={status}
          onChange={(e) =>
            setParams((p) => {
              const next = new URLSearchParams(p);
              if (e.target.value === "all") next.delete("status");
              else next.set("status", e.target.value);
              next.set("type", type);
              return next;
            })
          }
          className={inputClass}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === "all" ? t("lottery.allStatuses") : t(`lottery.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {calendar && list.data ? (
        <DrawCalendar type={type} draws={rows} />
      ) : list.isPending ? (
        <ListSkeleton rows={4} className="h-20" />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{t("lottery.noDraws")}</EmptyState>
      ) : (
        <>
          {rows.length >= DRAW_LIST_LIMIT ? (
            <p className="mb-2 text-sm text-muted">{t("cash.limited", { limit: DRAW_LIST_LIMIT })}</p>
          ) : null}
          <ul className="space-y-2" aria-label={t("lottery.drawsTitle")}>
            {rows.map((d) => (
              <li key={d.id}>
                <Link
                  to={lotteryAdminPaths.draw(d.id)}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-card border border-line bg-surface px-4 py-3 transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-gold"
                >
                  <span className="tabular min-w-36 font-semibold">{formatDisplayDateTime(d.draw_at)}</span>
                  <DrawStatusBadge status={d.status} />
                  <span className="text-xs text-muted">{t(`lottery.source.${d.result_source}`)}</span>
                  <span className="tabular ml-auto text-sm">
                    <span className="text-muted">{t("lottery.staked")} </span>
                    <span className="font-semibold">{formatAmount(d.total_staked)}</span>
                    <span className="text-muted"> · {t("lottery.lines", { count: d.line_count })}</span>
                  </span>
                  <span className="tabular w-14 text-right text-lg font-bold text-gold">{d.result ?? "—"}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
