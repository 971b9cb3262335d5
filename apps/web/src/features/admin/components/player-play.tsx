import { playerPlaySchema } from "@shwe/contracts";
import { formatAmount, formatDisplayDateTime } from "@shwe/domain";
import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "../../../components/skeleton.tsx";
import { lotteryAdminPaths } from "../../../config/console-paths.ts";
import { api } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { adminKeys } from "../api/query-keys.ts";
import { Panel } from "./panel.tsx";

/** The player page's recent play: the latest lottery slips (numbers, stake, won, outcome) and casino rounds. */
export function PlayerPlayPanels({ playerId }: { playerId: number }) {
  const { t } = useTranslation("admin");
  const play = useQuery({
    queryKey: adminKeys.playerPlay(playerId),
    queryFn: async ({ signal }) => playerPlaySchema.parse(await api<unknown>(`admin/users/${playerId}/play`, { signal })),
  });
  if (!play.data) return <Skeleton className="h-40" />;
  const { slips, rounds } = play.data;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title={t("player_play.slips")}>
        {slips.length === 0 ? (
          <p className="text-sm text-muted">{t("player_play.none")}</p>
        ) : (
          <ul className="divide-y divide-line text-sm" data-testid="player-slips">
            {slips.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-x-3 py-2">
                <Link to={lotteryAdminPaths.draw(s.draw_id)} className="font-semibold text-gold hover:underline">
                  {s.type} · {formatDisplayDateTime(s.draw_at)}
                </Link>
                <span className="tabular min-w-0 flex-1 truncate text-muted">{s.numbers.join(" ")}</span>
                <span className="tabular">{formatAmount(s.total)}</span>
                <span className={`tabular ${s.won > 0 ? "text-win" : "text-muted"}`}>{s.won > 0 ? `+${formatAmount(s.won)}` : ""}</span>
                <span className="text-xs text-muted">{t(`player_play.status.${s.status}`, { defaultValue: s.status })}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t("player_play.rounds")}>
        {rounds.length === 0 ? (
          <p className="text-sm text-muted">{t("player_play.none")}</p>
        ) : (
          <ul className="divide-y divide-line text-sm" data-testid="player-rounds">
            {rounds.map((r) => (
              <li key={`${r.provider}-${r.round_id}`} className="flex flex-wrap items-center gap-x-3 py-2">
                <span className="font-semibold">{r.provider}</span>
                <span className="min-w-0 flex-1 truncate font-mono text-xs text-muted">{r.game_code ?? r.round_id}</span>
                <span className="tabular">{formatAmount(r.bet)}</span>
                <span className={`tabular ${r.payout > 0 ? "text-win" : "text-muted"}`}>
                  {r.payout > 0 ? `+${formatAmount(r.payout)}` : "0"}
                </span>
                <span className="text-xs text-muted">{t(`player_play.status.${r.status}`, { defaultValue: r.status })}</span>
                <span className="tabular w-full text-xs text-faint">{formatDisplayDateTime(r.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
