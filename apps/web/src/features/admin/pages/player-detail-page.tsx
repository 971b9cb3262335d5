import { formatAmount, formatDisplayDateTime } from "@shwe/domain";
import { BackIcon } from "../../../components/icons.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { adminPaths } from "../../../config/console-paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, useParams } from "../../../lib/router.tsx";
import { usePlayerDetail } from "../api/player-detail.ts";
import { AdjustmentForm } from "../components/adjustment-form.tsx";
import { BlockControl } from "../components/block-control.tsx";
import { Money } from "../components/money.tsx";
import { Badge, Fact, PageHeader, Panel } from "../components/panel.tsx";
import { PendingAdjustments } from "../components/pending-adjustments.tsx";
import { PlayerAccessPanel } from "../components/player-access.tsx";
import { RecentCashRequests, RecentJournals } from "../components/player-activity.tsx";
import { PlayerPlayPanels } from "../components/player-play.tsx";
import { LoadError } from "../components/query-state.tsx";

/** One player: balances, turnover, level, blocked flag, block/unblock, balance adjustment and recent activity. */
export function PlayerDetailPage() {
  const { t } = useTranslation("admin");
  const id = Number(useParams().id);
  const detail = usePlayerDetail(id);

  const back = (
    <Link to={adminPaths.players} className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-muted hover:text-gold">
      <BackIcon size={18} />
      {t("player.back")}
    </Link>
  );

  if (detail.isError || !Number.isSafeInteger(id) || id < 1) {
    return (
      <>
        {back}
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    );
  }
  if (detail.isPending) {
    return (
      <>
        {back}
        <Skeleton className="mb-4 h-12 w-64" />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
      </>
    );
  }

  const p = detail.data;
  const isPlayer = p.role === "player";
  return (
    <>
      {back}
      <PageHeader
        title={p.name || p.phone}
        subtitle={
          <span className="tabular">
            {p.phone} · {p.user_code}
          </span>
        }
        action={
          <div className="flex flex-wrap gap-1.5">
            {!isPlayer ? <Badge tone="gold">{t(`roles.${p.role}`)}</Badge> : null}
            <Badge tone={p.lvl_2 === 2 ? "win" : "muted"}>{t("players.level", { level: p.lvl_2 })}</Badge>
            {p.blocked ? <Badge tone="danger">{t("players.blocked")}</Badge> : null}
          </div>
        }
      />
      <PendingAdjustments userId={p.id} />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <Panel title={t("player.balances")}>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Fact label={t("balances.main")}>
                <Money value={p.balance} className="text-base text-gold" />
              </Fact>
              <Fact label={t("balances.game")}>
                <Money value={p.game_balance} />
              </Fact>
              <Fact label={t("balances.hold")}>
                <Money value={p.hold} />
              </Fact>
              <Fact label={t("balances.point")}>
                {/* Points are not kyat. */}
                <span className="tabular">{t("balances.pointValue", { points: formatAmount(p.point) })}</span>
              </Fact>
              <Fact label={t("balances.p_balance")}>
                <Money value={p.p_balance} />
              </Fact>
              <Fact label={t("balances.game_refer_amt")}>
                <Money value={p.game_refer_amt} />
              </Fact>
              <Fact label={t("balances.turnover")}>
                <Money value={p.turnover} />
              </Fact>
            </dl>
          </Panel>
          <Panel title={t("player.account")}>
            <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Fact label={t("player.level")}>{t("players.level", { level: p.lvl_2 })}</Fact>
              <Fact label={t("player.role")}>{t(`roles.${p.role}`)}</Fact>
              <Fact label={t("player.joined")}>{formatDisplayDateTime(p.created_at)}</Fact>
              <Fact label={t("player.transferred")}>{p.has_transferred_in ? t("player.yes") : t("player.no")}</Fact>
            </dl>
            <BlockControl player={p} />
          </Panel>
        </div>
        <Panel title={t("adjust.title")}>
          {isPlayer ? <AdjustmentForm player={p} /> : <p className="text-sm text-muted">{t("adjust.onlyPlayers")}</p>}
        </Panel>
      </div>
      {isPlayer ? (
        <div className="mt-4">
          <PlayerAccessPanel playerId={p.id} />
        </div>
      ) : null}
      {isPlayer ? (
        <div className="mt-4">
          <PlayerPlayPanels playerId={p.id} />
        </div>
      ) : null}
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <RecentJournals journals={p.journals} />
        <RecentCashRequests requests={p.cash_requests} />
      </div>
    </>
  );
}
