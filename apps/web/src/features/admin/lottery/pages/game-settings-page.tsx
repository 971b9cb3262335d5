import { type LotteryType, lotteryTypeSchema } from "@shwe/contracts";
import { formatDisplayDateTime } from "@shwe/domain";
import { buttonClass } from "../../../../components/button.tsx";
import { lotteryAdminPaths } from "../../../../config/console-paths.ts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Link, useParams } from "../../../../lib/router.tsx";
import { Fact, PageHeader, Panel } from "../../components/panel.tsx";
import { ListSkeleton, LoadError } from "../../components/query-state.tsx";
import { useSecondFactorStatus } from "../../security/api/security.ts";
import { useAdminGames } from "../api/games.ts";
import { GameLinks } from "../components/game-links.tsx";
import { GameSettingsForm } from "../components/game-settings-form.tsx";
import { HolidayImportPanel, MARKET_OF } from "../components/holiday-import-panel.tsx";
import { MovedDayPanel } from "../components/moved-day-panel.tsx";
import { NumberRulesPanel } from "../components/number-rules-panel.tsx";
import { OffDaysPanel } from "../components/off-days-panel.tsx";
import { MARKET_OF_GAME } from "../games.ts";

/** One game's configuration: odds, limits, result source and enabled; hot and blocked numbers; off days. */
export function GameSettingsPage() {
  const { t } = useTranslation("admin");
  const type: LotteryType = lotteryTypeSchema.safeParse(useParams().type).data ?? "2D";
  const games = useAdminGames();
  // Game settings are an admin's to change (the server refuses operators): others read them.
  const editable = useSecondFactorStatus().data?.role === "admin";
  const game = games.data?.find((g) => g.type === type);
  const market = MARKET_OF[type];
  // The market the game's running number is read from: its live readings have their own page.
  const readFrom = MARKET_OF_GAME[type];
  const { t: tm } = useTranslation("market");
  return (
    <>
      <PageHeader
        title={t("lottery.settingsPageTitle")}
        subtitle={t(editable ? "lottery.settingsPageSubtitle" : "lottery.read_only")}
        action={
          <div className="flex flex-wrap gap-2">
            {readFrom ? (
              <Link to={lotteryAdminPaths.market(readFrom)} className={buttonClass({ variant: "secondary" })}>
                {tm("console.link")}
              </Link>
            ) : null}
            <Link to={lotteryAdminPaths.drawsOf(type)} className={buttonClass({ variant: "secondary" })}>
              {t("lottery.drawsLink")}
            </Link>
          </div>
        }
      />
      <GameLinks value={type} href={lotteryAdminPaths.settings} />
      {games.isPending ? (
        <ListSkeleton rows={2} className="h-64" />
      ) : games.isError || !game ? (
        <LoadError error={games.error} onRetry={() => void games.refetch()} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
          <GameSettingsForm game={game} editable={editable} />
          <div className="min-w-0 space-y-4">
            <Panel title={t("lottery.scheduleTitle")}>
              {game.schedule ? (
                <dl className="grid grid-cols-2 gap-3">
                  <Fact label={t("lottery.drawDays")}>
                    {game.schedule.month_days?.length
                      ? game.schedule.month_days.join(", ")
                      : (game.schedule.weekdays ?? []).map((d) => t(`lottery.weekdays.${d}`)).join(" ")}
                  </Fact>
                  <Fact label={t("lottery.drawTimes")}>{game.schedule.times.join(", ")}</Fact>
                  <Fact label={t("lottery.cutoff")}>
                    {"minutes_before" in game.schedule.cutoff
                      ? t("lottery.cutoffBefore", { count: game.schedule.cutoff.minutes_before })
                      : t("lottery.cutoffAt", { time: game.schedule.cutoff.at })}
                  </Fact>
                  <Fact label={t("lottery.nextDraw")}>{game.next_draw_at ? formatDisplayDateTime(game.next_draw_at) : "—"}</Fact>
                </dl>
              ) : (
                <p role="alert" className="text-sm text-danger">
                  {t("lottery.scheduleUnusable", { problem: game.schedule_error ?? "" })}
                </p>
              )}
            </Panel>
            <NumberRulesPanel type={type} editable={editable} />
            {game.schedule ? <OffDaysPanel type={game.type} offDays={game.schedule.off_days} editable={editable} /> : null}
            {market && editable ? <HolidayImportPanel market={market} /> : null}
            {editable && game.schedule?.month_days?.length ? (
              <MovedDayPanel type={game.type} extraDays={game.schedule.extra_days ?? []} />
            ) : null}
          </div>
        </div>
      )}
    </>
  );
}
