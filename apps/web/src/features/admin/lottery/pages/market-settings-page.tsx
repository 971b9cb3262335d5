import { MARKETS, type Market, type MarketSettingsResponse, marketSchema } from "@shwe/contracts";
import { formatDisplayDate, YANGON_OFFSET_MINUTES } from "@shwe/domain";
import { buttonClass } from "../../../../components/button.tsx";
import { lotteryAdminPaths } from "../../../../config/console-paths.ts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Link, useParams } from "../../../../lib/router.tsx";
import { Badge, Fact, PageHeader, Panel } from "../../components/panel.tsx";
import { ListSkeleton, LoadError } from "../../components/query-state.tsx";
import { useSecondFactorStatus } from "../../security/api/security.ts";
import { useMarketSettings } from "../api/market.ts";
import { MarketSettingsForm } from "../components/market-settings-form.tsx";

/** The 2D game whose settings page leads here (and back). */
const GAME_OF: Record<Market, "2D" | "C2D"> = { set: "2D", crypto: "C2D" };

/** "DD-MM-YYYY HH:MM:SS" of an instant in Yangon time (readings come every few seconds). */
function yangonDateTime(iso: string): string {
  const local = new Date(Date.parse(iso) + YANGON_OFFSET_MINUTES * 60_000).toISOString();
  return `${formatDisplayDate(local.slice(0, 10))} ${local.slice(11, 19)}`;
}

/** One tab per market; the choice is part of the page's URL. */
function MarketLinks({ value }: { value: Market }) {
  const { t } = useTranslation("market");
  return (
    <nav aria-label={t("console.markets")} className="mb-4 flex gap-1 overflow-x-auto rounded-card border border-line bg-surface p-1">
      {MARKETS.map((market) => {
        const current = market === value;
        return (
          <Link
            key={market}
            to={lotteryAdminPaths.market(market)}
            aria-current={current ? "page" : undefined}
            className={`flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
              current ? "bg-gold text-bg" : "text-muted hover:bg-surface-2 hover:text-text"
            }`}
          >
            {t(`console.marketNames.${market}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/** Where the market is now and how its last reading went (ok, or delayed with the feed's problem). */
function ReadingPanel({ view }: { view: MarketSettingsResponse }) {
  const { t } = useTranslation("market");
  const last = view.last_reading;
  return (
    <Panel title={t("console.nowTitle")}>
      <dl className="grid grid-cols-2 gap-3">
        <Fact label={t("console.marketStatus")}>
          <span data-testid="market-console-status">{t(`status.${view.status}`)}</span>
        </Fact>
        <Fact label={t("console.reading")}>
          {view.settings.enabled ? <Badge tone="win">{t("console.on")}</Badge> : <Badge>{t("console.off")}</Badge>}
        </Fact>
        <Fact label={t("console.lastReading")}>{last ? yangonDateTime(last.at) : t("console.noReading")}</Fact>
        <Fact label={t("console.lastStatus")}>
          {last ? (
            <span data-testid="market-console-last">
              {last.status === "ok" ? <Badge tone="win">{t("console.ok")}</Badge> : <Badge tone="warn">{t("delayed")}</Badge>}
            </span>
          ) : (
            "—"
          )}
        </Fact>
        <Fact label={t("running2d")}>{last?.two_d ?? "—"}</Fact>
      </dl>
      {last?.status === "delayed" && last.error ? (
        <p role="status" className="mt-3 text-sm text-warn">
          {t("console.delayedWhy", { error: last.error })}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-muted">{t("console.about")}</p>
    </Panel>
  );
}

/**
 * A market's live readings (issue 25): whether the market is read, how often, its trading sessions
 * in Yangon time; where it is now and its last reading. An operator who is not an admin reads them.
 */
export function MarketSettingsPage() {
  const { t } = useTranslation("market");
  const { t: ta } = useTranslation("admin");
  const market: Market = marketSchema.safeParse(useParams().market).data ?? "set";
  const view = useMarketSettings(market);
  // The market's settings are an admin's to change (the server refuses operators): others read them.
  const editable = useSecondFactorStatus().data?.role === "admin";
  return (
    <>
      <PageHeader
        title={t("console.title")}
        subtitle={editable ? t("console.subtitle") : t("console.readOnly")}
        action={
          <Link to={lotteryAdminPaths.settings(GAME_OF[market])} className={buttonClass({ variant: "secondary" })}>
            {ta("lottery.settingsLink")}
          </Link>
        }
      />
      <MarketLinks value={market} />
      {view.isPending ? (
        <ListSkeleton rows={2} className="h-64" />
      ) : view.isError ? (
        <LoadError error={view.error} onRetry={() => void view.refetch()} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
          <MarketSettingsForm key={market} market={market} settings={view.data.settings} editable={editable} />
          <ReadingPanel view={view.data} />
        </div>
      )}
    </>
  );
}
