import type { LotteryType, LuckyHistoryItem } from "@shwe/contracts";
import { formatDisplayDateTime } from "@shwe/domain";
import { useId, useState } from "react";
import { LoadMore } from "../../../components/load-more.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useLuckyHistory } from "../api/lucky-history.ts";
import { DateRangeFields } from "../components/date-range.tsx";
import { FairCheck } from "../components/fair-check.tsx";
import { GameTabs } from "../components/game-tabs.tsx";
import { ShieldCheckIcon } from "../components/lottery-icons.tsx";
import { TodayResults } from "../components/today-results.tsx";
import { useLiveResults } from "../hooks/use-live-results.ts";
import { daysAgo } from "../lib/dates.ts";

/** /win-number: today's results of every game, then the results of one game over a date range, each fair one checkable. */
export function WinNumberPage() {
  const { t } = useTranslation("lottery");
  useLiveResults();
  const panelId = useId();
  const today = daysAgo(0);
  const [type, setType] = useState<LotteryType>("2D");
  const [range, setRange] = useState({ start: daysAgo(6), end: today });
  const history = useLuckyHistory(type, range.start, range.end);
  const items = history.rows ?? [];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t("winNumber.title")}</h1>
      <TodayResults />
      <section aria-labelledby="history-title" className="flex flex-col gap-3">
        <h2 id="history-title" className="font-bold">
          {t("winNumber.history")}
        </h2>
        <GameTabs value={type} onChange={setType} controls={panelId} />
        <DateRangeFields value={range} onChange={setRange} max={today} />
        <div id={panelId} role="tabpanel" aria-busy={history.isFetching}>
          {history.isPending ? (
            <Spinner variant="centered" />
          ) : items.length === 0 ? (
            <p className="rounded-card border border-line bg-surface py-10 text-center text-muted">{t("noData")}</p>
          ) : (
            <div className="flex flex-col gap-3">
              <ul className="flex flex-col gap-2">
                {items.map((item) => (
                  <ResultRow key={item.draw_id} type={type} item={item} />
                ))}
              </ul>
              <LoadMore list={history} />
            </div>
          )}
        </div>
      </section>
    </div>
  );
}

function ResultRow({ type, item }: { type: LotteryType; item: LuckyHistoryItem }) {
  const { t } = useTranslation("lottery");
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const feed = item.feed_values ? Object.entries(item.feed_values) : [];
  return (
    <li className="rounded-card border border-line bg-surface p-3 shadow-card">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="tabular text-sm text-muted">{formatDisplayDateTime(item.draw_at)}</p>
          <p className="text-xs text-faint">{t(`source.${item.source}`)}</p>
        </div>
        <p className="tabular text-3xl font-bold tracking-widest text-gold">
          <span className="sr-only">{t("winNumber.number")} </span>
          {item.number}
        </p>
        {item.proof ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((v) => !v)}
            className="flex min-h-11 items-center gap-1.5 rounded-card border border-line bg-surface-2 px-3 text-sm font-semibold text-text hover:border-gold focus-visible:outline-2 focus-visible:outline-gold"
          >
            <ShieldCheckIcon size={16} className="text-win" />
            {t("fair.verify")}
          </button>
        ) : null}
      </div>
      {open && item.proof ? (
        <div id={panelId} className="mt-3 border-t border-line pt-3">
          <FairCheck type={type} item={item} />
        </div>
      ) : null}
      {feed.length > 0 ? (
        <details className="mt-2 text-xs text-muted">
          <summary className="min-h-11 cursor-pointer content-center">{t("winNumber.feedValues")}</summary>
          <dl className="tabular grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 font-mono">
            {feed.map(([k, v]) => (
              <div key={k} className="contents">
                <dt>{k}</dt>
                <dd className="break-all text-text">{typeof v === "string" ? v : JSON.stringify(v)}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </li>
  );
}
