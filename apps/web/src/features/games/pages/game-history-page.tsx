import type { TransitionHistoryItem } from "@shwe/contracts";
import { formatAmount } from "@shwe/domain";
import { ChevronRightIcon } from "../../../components/icons.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { useGameHistory } from "../api/reports.ts";
import { DateRangePicker } from "../components/date-range-picker.tsx";
import { Figure, LoadFailed, NoData } from "../components/report-states.tsx";
import { useDateRangeParam } from "../hooks/use-date-range-param.ts";
import { type DateRange, rangeQuery } from "../lib/date-range.ts";
import { formatSigned, winLose, winLoseTone } from "../lib/win-lose.ts";
import type { GameReportLinkState } from "./game-report-page.tsx";

/**
 * /game/history (signed-in): the player's game rounds in a period summed per provider, each
 * opening that provider's game report for the same period.
 */
export function GameHistoryPage() {
  const { t } = useTranslation("games");
  const [range, setRange] = useDateRangeParam();
  const history = useGameHistory(range);
  const rows = history.data ?? [];
  const totals = rows.reduce((sum, r) => ({ bets: sum.bets + r.bets, bet: sum.bet + r.bet_amount, payout: sum.payout + r.payout_amount }), {
    bets: 0,
    bet: 0,
    payout: 0,
  });
  const net = totals.payout - totals.bet;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-lg font-bold text-text sm:text-xl">{t("history.title")}</h1>
      <DateRangePicker value={range} onChange={setRange} />
      {history.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-[3.75rem]" />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : history.isError ? (
        <LoadFailed onRetry={() => void history.refetch()} />
      ) : rows.length === 0 ? (
        <NoData />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Figure label={t("report.rounds")} value={formatAmount(totals.bets)} />
            <Figure label={t("report.betAmount")} value={formatAmount(totals.bet)} />
            <Figure label={t("report.payoutAmount")} value={formatAmount(totals.payout)} />
            <Figure label={t("report.winLose")} value={formatSigned(net, formatAmount)} tone={winLoseTone(net)} />
          </dl>
          <ul className="flex flex-col gap-2" aria-busy={history.isFetching || undefined}>
            {rows.map((row) => (
              <li key={row.p_code}>
                <ProviderSummary row={row} range={range} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function ProviderSummary({ row, range }: { row: TransitionHistoryItem; range: DateRange }) {
  const { t } = useTranslation("games");
  const result = winLose(row);
  const state: GameReportLinkState = { name: row.name };
  return (
    <Link
      to={`${paths.gameReport(row.p_code)}?${rangeQuery(range)}`}
      state={state}
      className="flex items-center gap-3 rounded-card border border-line bg-surface p-3 transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-gold sm:p-4"
    >
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline gap-2">
          <span className="truncate font-semibold text-text">{row.name}</span>
          <span className="shrink-0 font-mono text-xs text-faint">{row.p_code}</span>
        </p>
        <dl className="mt-1.5 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <Pair label={t("report.rounds")} value={formatAmount(row.bets)} />
          <Pair label={t("report.betAmount")} value={formatAmount(row.bet_amount)} />
          <Pair label={t("report.payoutAmount")} value={formatAmount(row.payout_amount)} />
          <Pair label={t("report.winLose")} value={formatSigned(result, formatAmount)} tone={`font-semibold ${winLoseTone(result)}`} />
        </dl>
      </div>
      <span className="flex shrink-0 flex-col items-center text-xs text-muted">
        <ChevronRightIcon size={20} className="text-gold" />
        <span className="sr-only">{t("history.details")}</span>
      </span>
    </Link>
  );
}

function Pair({ label, value, tone = "text-text" }: { label: string; value: string; tone?: string }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-2 sm:flex-col sm:items-start sm:gap-0">
      <dt className="truncate text-xs text-muted">{label}</dt>
      <dd className={`tabular ${tone}`}>{value}</dd>
    </div>
  );
}
