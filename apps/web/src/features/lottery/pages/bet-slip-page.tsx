import type { BetSlip, BetSlipLine, LotteryType } from "@shwe/contracts";
import { formatAmount, formatDisplayDateTime } from "@shwe/domain";
import { useId, useState } from "react";
import { LoadMore } from "../../../components/load-more.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { clockNow } from "../../../lib/render-clock.ts";
import { useBetSlips } from "../api/bet-slips.ts";
import { DateRangeFields } from "../components/date-range.tsx";
import { GameTabs } from "../components/game-tabs.tsx";
import { ClockIcon, CrossIcon, TicketIcon, TrophyIcon } from "../components/lottery-icons.tsx";
import { useLiveResults } from "../hooks/use-live-results.ts";
import { daysAgo } from "../lib/dates.ts";

/** /betslip (signed-in): the player's slips of one game over a date range, each line with its outcome. */
export function BetSlipPage() {
  const { t } = useTranslation("lottery");
  useLiveResults();
  const panelId = useId();
  const today = daysAgo(0, clockNow());
  const [type, setType] = useState<LotteryType>("2D");
  const [range, setRange] = useState({ start: today, end: today });
  const slips = useBetSlips(type, range.start, range.end);
  const items = slips.rows ?? [];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-3">
      <h1 className="text-xl font-bold sm:text-2xl">{t("slips.title")}</h1>
      <GameTabs value={type} onChange={setType} controls={panelId} />
      <DateRangeFields value={range} onChange={setRange} max={today} />
      <div id={panelId} role="tabpanel" aria-busy={slips.isFetching}>
        {slips.isPending ? (
          <Spinner variant="centered" />
        ) : items.length === 0 ? (
          <p className="rounded-card border border-line bg-surface py-12 text-center text-muted">{t("noData")}</p>
        ) : (
          <div className="flex flex-col gap-3">
            <ul className="flex flex-col gap-3">
              {items.map((slip) => (
                <SlipCard key={slip.id} slip={slip} />
              ))}
            </ul>
            <LoadMore list={slips} />
          </div>
        )}
      </div>
    </div>
  );
}

/** Slips longer than this show their first lines (and any winning line) and a button for the rest. */
const FOLDED_LINES = 10;

function SlipCard({ slip }: { slip: BetSlip }) {
  const { t } = useTranslation("lottery");
  const [unfolded, setUnfolded] = useState(false);
  const folded = !unfolded && slip.lines.length > FOLDED_LINES + 2;
  // Folded, a slip still shows every winning line.
  const lines = folded ? slip.lines.filter((line, i) => i < FOLDED_LINES || line.status === "won") : slip.lines;
  return (
    <li className="rounded-card border border-line bg-surface shadow-card" data-slip={slip.id}>
      <div className="flex items-start justify-between gap-3 border-b border-line px-3 py-2.5">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-semibold">
            <TicketIcon size={16} className="text-gold" />
            <span className="tabular">{t("slips.slip", { id: slip.id })}</span>
          </p>
          <p className="tabular text-xs text-muted">{t("slips.draw", { time: formatDisplayDateTime(slip.draw_at) })}</p>
          <p className="tabular text-xs text-faint">{t("slips.placed", { time: formatDisplayDateTime(slip.created_at) })}</p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-xs text-muted">{t("slips.result")}</p>
          <p className={`tabular text-2xl leading-8 font-bold tracking-widest ${slip.result ? "text-gold" : "text-faint"}`}>
            {slip.draw_status === "void" ? t("slips.void") : (slip.result ?? "_ _")}
          </p>
        </div>
      </div>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-muted">
          <tr>
            <th scope="col" className="px-3 pt-2 pb-1 font-semibold">
              {t("slips.number")}
            </th>
            <th scope="col" className="px-1 pt-2 pb-1 text-right font-semibold">
              {t("slips.amount")}
            </th>
            <th scope="col" className="px-1 pt-2 pb-1 text-right font-semibold">
              {t("slips.odds")}
            </th>
            <th scope="col" className="px-1 pt-2 pb-1 text-center font-semibold">
              {t("slips.status")}
            </th>
            <th scope="col" className="px-3 pt-2 pb-1 text-right font-semibold">
              {t("slips.win")}
            </th>
          </tr>
        </thead>
        <tbody className="tabular">
          {lines.map((line) => (
            <tr key={line.number} className="border-t border-line/60" data-line={line.number}>
              <td className="px-3 py-1.5 text-base font-bold text-gold">{line.number}</td>
              <td className="px-1 py-1.5 text-right">{formatAmount(line.amount)}</td>
              <td className="px-1 py-1.5 text-right text-muted">×{line.odds}</td>
              <td className="px-1 py-1.5 text-center">
                <StatusBadge status={line.status} />
              </td>
              <td className={`px-3 py-1.5 text-right ${line.win_amount > 0 ? "font-bold text-win" : "text-muted"}`}>
                {formatAmount(line.win_amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {folded ? (
        <button
          type="button"
          onClick={() => setUnfolded(true)}
          className="min-h-11 w-full border-t border-line/60 text-sm font-semibold text-gold hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-gold"
        >
          {t("slips.showAll", { count: slip.lines.length })}
        </button>
      ) : null}
      <div className="tabular flex items-center justify-between gap-3 border-t border-line px-3 py-2 text-sm">
        <span>
          <span className="text-muted">{t("slips.total")} </span>
          <span className="font-bold">{formatAmount(slip.total)}</span>
        </span>
        {slip.win_total > 0 ? <span className="font-bold text-win">{t("slips.won", { amount: formatAmount(slip.win_total) })}</span> : null}
      </div>
    </li>
  );
}

const BADGES = {
  pending: { className: "border-warn/60 text-warn", Icon: ClockIcon },
  won: { className: "border-win/60 bg-win/10 text-win", Icon: TrophyIcon },
  lost: { className: "border-line text-muted", Icon: CrossIcon },
  refunded: { className: "border-gold/50 text-gold", Icon: TicketIcon },
} as const;

/** A line's outcome as a word with an icon: pending, won, lost or refunded. */
export function StatusBadge({ status }: { status: BetSlipLine["status"] }) {
  const { t } = useTranslation("lottery");
  const { className, Icon } = BADGES[status];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}
    >
      <Icon size={12} />
      {t(`slips.statuses.${status}`)}
    </span>
  );
}
