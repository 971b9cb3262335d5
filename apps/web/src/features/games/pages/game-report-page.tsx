import type { GameReportItem } from "@shwe/contracts";
import { formatAmount, formatDisplayDate, formatDisplayDateTime } from "@shwe/domain";
import { BackIcon } from "../../../components/icons.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, useLocation, useParams } from "../../../lib/router.tsx";
import { useGameHistory, useGameReport } from "../api/reports.ts";
import { DateRangePicker } from "../components/date-range-picker.tsx";
import { Figure, LoadFailed, NoData } from "../components/report-states.tsx";
import { useDateRangeParam } from "../hooks/use-date-range-param.ts";
import { rangeQuery } from "../lib/date-range.ts";
import { formatSigned, reportTotals, winLose, winLoseTone } from "../lib/win-lose.ts";

/** Where the provider's name comes from when the player arrives from the game history. */
export interface GameReportLinkState {
  name?: string;
}

const th = "px-3 py-2.5 text-left text-xs font-semibold whitespace-nowrap text-muted";
const thNum = `${th} text-right`;
const td = "px-3 py-2.5 whitespace-nowrap";
const tdNum = `${td} tabular text-right`;

/**
 * /game/report/{p_code} (signed-in): the player's rounds with one provider in a period (default
 * today) — wager id, balance before and after, game, bet, payout, win/lose (payout − bet), date —
 * a page at a time with "Load more". The figures above cover the whole period (the server's sums
 * when the rounds do not fit on one page), or say that they cover only the rounds shown.
 */
export function GameReportPage() {
  const { t } = useTranslation("games");
  const pCode = useParams().pCode ?? "";
  const location = useLocation();
  const name = (location.state as GameReportLinkState | null)?.name;
  const [range, setRange] = useDateRangeParam();
  const report = useGameReport(pCode, range);
  const rows = report.rows ?? [];
  // More rounds than one page: the figures are the server's sums for the whole period.
  const summary = useGameHistory(range, { enabled: report.hasMore });
  const totals = reportTotals(pCode, rows, report.hasMore, summary.isPlaceholderData ? undefined : summary.data);
  const net = totals.payout - totals.bet;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <div className="flex min-h-11 items-center gap-2">
        <Link
          to={`${paths.gameHistory}?${rangeQuery(range)}`}
          aria-label={t("history.title")}
          title={t("history.title")}
          className="flex size-11 shrink-0 items-center justify-center rounded-full border border-line bg-surface text-muted transition-colors hover:border-gold hover:text-gold focus-visible:outline-2 focus-visible:outline-gold"
        >
          <BackIcon size={20} />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-bold text-text sm:text-xl">{t("report.title")}</h1>
          <p className="truncate text-sm text-muted">{name ? `${name} · ${pCode}` : pCode}</p>
        </div>
      </div>

      <DateRangePicker value={range} onChange={setRange} />

      {report.isPending ? (
        <ReportSkeleton />
      ) : report.isError ? (
        <LoadFailed onRetry={report.refetch} />
      ) : rows.length === 0 ? (
        <NoData />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-busy={report.isFetching || undefined}>
            <Figure label={t("report.rounds")} value={formatAmount(totals.bets)} />
            <Figure label={t("report.betAmount")} value={formatAmount(totals.bet)} />
            <Figure label={t("report.payoutAmount")} value={formatAmount(totals.payout)} />
            <Figure label={t("report.winLose")} value={formatSigned(net, formatAmount)} tone={winLoseTone(net)} />
          </dl>
          {totals.partial ? (
            <p className="-mt-2 text-xs text-muted" data-testid="totals-partial">
              {t("report.totalsShown", { count: rows.length })}
            </p>
          ) : null}
          <p className="-mb-2 text-xs text-faint sm:hidden">{t("report.scrollHint")}</p>
          <section className="overflow-x-auto rounded-card border border-line bg-surface" aria-label={t("report.tableLabel")}>
            <table className="w-full min-w-[52rem] border-collapse text-sm">
              <thead className="bg-surface-2">
                <tr>
                  <th scope="col" className={th}>
                    {t("report.wagerId")}
                  </th>
                  <th scope="col" className={thNum}>
                    {t("report.beforeBalance")}
                  </th>
                  <th scope="col" className={thNum}>
                    {t("report.balance")}
                  </th>
                  <th scope="col" className={th}>
                    {t("report.game")}
                  </th>
                  <th scope="col" className={thNum}>
                    {t("report.betAmount")}
                  </th>
                  <th scope="col" className={thNum}>
                    {t("report.payoutAmount")}
                  </th>
                  <th scope="col" className={thNum}>
                    {t("report.winLose")}
                  </th>
                  <th scope="col" className={th}>
                    {t("report.date")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <ReportRow key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </section>
          <LoadMore list={report} />
        </>
      )}
    </div>
  );
}

function ReportRow({ row }: { row: GameReportItem }) {
  const { t } = useTranslation("games");
  const result = winLose(row);
  return (
    <tr className="border-t border-line">
      <td className={`${td} font-mono text-xs`}>
        {row.wager_id}
        {row.status !== "settled" ? (
          <span className="ml-2 rounded-full border border-line px-2 py-0.5 font-sans text-[11px] text-muted">
            {t(`report.status.${row.status}`)}
          </span>
        ) : null}
      </td>
      <td className={tdNum}>{formatAmount(row.before_balance)}</td>
      <td className={tdNum}>{formatAmount(row.balance)}</td>
      <td className={`${td} max-w-48 truncate`} title={row.slip_game.name}>
        {row.slip_game.name}
      </td>
      <td className={tdNum}>{formatAmount(row.bet_amount)}</td>
      <td className={tdNum}>{formatAmount(row.payout_amount)}</td>
      <td className={`${tdNum} font-semibold ${winLoseTone(result)}`} data-testid="win-lose">
        {formatSigned(result, formatAmount)}
      </td>
      <td className={`${td} tabular`} title={formatDisplayDateTime(row.created_at)}>
        {formatDisplayDate(row.created_at)}
      </td>
    </tr>
  );
}

function ReportSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-[3.75rem]" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
