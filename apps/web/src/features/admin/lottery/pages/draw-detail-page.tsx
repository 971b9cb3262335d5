import { formatAmount, formatDisplayDateTime } from "@shwe/domain";
import { lotteryAdminPaths } from "../../../../config/console-paths.ts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Link, useParams } from "../../../../lib/router.tsx";
import { Fact, PageHeader, Panel } from "../../components/panel.tsx";
import { ListSkeleton, LoadError } from "../../components/query-state.tsx";
import { useAdminDraw } from "../api/draws.ts";
import { DrawActions } from "../components/draw-actions.tsx";
import { DrawStatusBadge } from "../components/draw-status.tsx";
import { ExposureTable } from "../components/exposure-table.tsx";

/** One draw: its facts, the operator decisions that still apply, and the stakes and exposure per number. */
export function DrawDetailPage() {
  const { t } = useTranslation("admin");
  const id = Number(useParams().id);
  const query = useAdminDraw(Number.isSafeInteger(id) && id > 0 ? id : 0);
  const draw = query.data;
  if (query.isPending) return <ListSkeleton rows={3} className="h-40" />;
  if (query.isError || !draw) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <Link to={lotteryAdminPaths.drawsOf(draw.type)} className="mb-2 inline-flex min-h-11 items-center text-sm text-muted hover:text-gold">
        ← {t("lottery.backToDraws")}
      </Link>
      <PageHeader
        title={t("lottery.drawTitle", { game: t(`lottery.gameNames.${draw.type}`), id: draw.id })}
        subtitle={formatDisplayDateTime(draw.draw_at)}
        action={<DrawStatusBadge status={draw.status} />}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="min-w-0 space-y-4">
          <Panel title={t("lottery.facts")}>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Fact label={t("lottery.result")}>
                <span className="text-lg text-gold">{draw.result ?? "—"}</span>
              </Fact>
              <Fact label={t("lottery.sourceLabel")}>{t(`lottery.source.${draw.result_source}`)}</Fact>
              <Fact label={t("lottery.odds")}>×{draw.odds}</Fact>
              <Fact label={t("lottery.closesAt")}>{formatDisplayDateTime(draw.closes_at)}</Fact>
              <Fact label={t("lottery.staked")}>{formatAmount(draw.total_staked)}</Fact>
              <Fact label={t("lottery.lineCount")}>{draw.line_count}</Fact>
              <Fact label={t("lottery.enteredBy")}>{draw.entered_by ?? "—"}</Fact>
              <Fact label={t("lottery.confirmedBy")}>{draw.confirmed_by ?? "—"}</Fact>
              <Fact label={t("lottery.settledAt")}>{draw.settled_at ? formatDisplayDateTime(draw.settled_at) : "—"}</Fact>
            </dl>
            {draw.void_reason ? <p className="mt-3 text-sm text-danger">{t("lottery.voidReason", { reason: draw.void_reason })}</p> : null}
            {draw.feed_error ? <p className="mt-3 text-sm text-warn">{t("lottery.feedError", { error: draw.feed_error })}</p> : null}
            {draw.commitment ? (
              <p className="mt-3 text-xs break-all text-muted">
                {t("lottery.commitment")}: <code className="font-mono">{draw.commitment}</code>
              </p>
            ) : null}
          </Panel>
          <Panel title={t("lottery.exposure")}>
            <ExposureTable draw={draw} />
          </Panel>
        </div>
        <DrawActions draw={draw} />
      </div>
    </>
  );
}
