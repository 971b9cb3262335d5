import type { LotteryType, MonthResult } from "@shwe/contracts";
import { formatDisplayDate, yangonDate } from "@shwe/domain";
import { ChevronRightIcon } from "../../../components/icons.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSearchParams } from "../../../lib/router.tsx";
import { useResultsMonth } from "../api/results-month.ts";
import { gameOfParam } from "../components/game-switch.tsx";
import { MonthCalendar } from "../components/month-calendar.tsx";
import { ResultsPageFrame } from "../components/results-page-frame.tsx";
import { addMonths } from "../lib/month-grid.ts";

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month's name in the site language ("November 2026", "နိုဝင်ဘာ 2026"), from the page's own texts (browsers lack Burmese month names). */
export function monthLabel(month: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return t("monthYear", { month: t(`months.${m}`), year: y });
}

/** /results-calendar: past results of a game month by month, with the SET and value (or price, first prize) behind each. */
export function ResultsCalendarPage() {
  const { t } = useTranslation("stats");
  const [params, setParams] = useSearchParams();
  const today = yangonDate();
  const thisMonth = today.slice(0, 7);
  const type = gameOfParam(params.get("game"));
  const asked = params.get("month") ?? "";
  const month = MONTH_RE.test(asked) && asked <= thisMonth ? asked : thisMonth;
  const selected = params.get("day");
  const results = useResultsMonth(type, month);
  const label = monthLabel(month, t);

  const go = (next: { type?: LotteryType; month?: string; day?: string | null }) => {
    const out: Record<string, string> = { game: (next.type ?? type).toLowerCase(), month: next.month ?? month };
    const day = next.day === undefined ? selected : next.day;
    if (day) out.day = day;
    setParams(out, { replace: true });
  };
  const data = results.data?.type === type && results.data.month === month ? results.data : undefined;

  return (
    <ResultsPageFrame
      title={t("calendar.title")}
      subtitle={t("calendar.subtitle")}
      link={{ to: `${paths.numberStats}?game=${type.toLowerCase()}`, label: t("links.stats") }}
      game={type}
      onGame={(next) => go({ type: next, day: null })}
      panelTop={
        <div className="flex items-center justify-between gap-2">
          <button
            type="button"
            onClick={() => go({ month: addMonths(month, -1), day: null })}
            aria-label={t("calendar.prev")}
            className="flex size-11 items-center justify-center rounded-full border border-line bg-surface-2 text-text hover:border-gold focus-visible:outline-2 focus-visible:outline-gold"
          >
            <ChevronRightIcon size={18} className="rotate-180" />
          </button>
          <h2 className="text-lg font-bold" aria-live="polite">
            {label}
          </h2>
          <button
            type="button"
            disabled={month >= thisMonth}
            onClick={() => go({ month: addMonths(month, 1), day: null })}
            aria-label={t("calendar.next")}
            className="flex size-11 items-center justify-center rounded-full border border-line bg-surface-2 text-text hover:border-gold focus-visible:outline-2 focus-visible:outline-gold disabled:opacity-40"
          >
            <ChevronRightIcon size={18} />
          </button>
        </div>
      }
      query={results}
      data={data}
    >
      {(data) => (
        <>
          <MonthCalendar
            month={month}
            label={label}
            results={data.results}
            offDays={data.off_days}
            today={today}
            selected={selected}
            onSelect={(day) => go({ day })}
          />
          {data.results.length === 0 ? <p className="text-center text-sm text-muted">{t("calendar.noResults")}</p> : null}
          <DayDetails
            day={selected}
            results={selected ? data.results.filter((r) => r.day === selected) : []}
            holiday={selected ? data.off_days.includes(selected) : false}
          />
        </>
      )}
    </ResultsPageFrame>
  );
}

function DayDetails({ day, results, holiday }: { day: string | null; results: MonthResult[]; holiday: boolean }) {
  const { t } = useTranslation("stats");
  if (!day) return <p className="text-center text-sm text-muted">{t("calendar.pickDay")}</p>;
  return (
    <section aria-labelledby="day-title" className="rounded-card border border-line bg-surface p-3 shadow-card">
      <h3 id="day-title" className="mb-2 font-bold">
        {t("calendar.dayTitle", { day: formatDisplayDate(day) })}
        {holiday ? <span className="ml-2 text-sm font-semibold text-danger">{t("calendar.holiday")}</span> : null}
      </h3>
      {results.length === 0 ? (
        <p className="text-sm text-muted">{t("calendar.noResultsDay")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {results.map((r) => (
            <li key={r.draw_id} className="flex items-center gap-3 py-2">
              <span className="tabular w-12 shrink-0 text-sm text-muted">{r.time}</span>
              <span className="tabular w-14 shrink-0 text-2xl font-bold tracking-widest text-gold">{r.number}</span>
              <div className="min-w-0 flex-1 text-sm">
                {r.feed ? (
                  <dl className="flex flex-wrap gap-x-4 gap-y-0.5">
                    {(["set_index", "set_value", "first_prize", "price"] as const).map((key) =>
                      r.feed?.[key] ? (
                        <div key={key} className="flex gap-1">
                          <dt className="text-muted">{t(`feed.${key}`)}</dt>
                          <dd className="tabular font-semibold">{r.feed[key]}</dd>
                        </div>
                      ) : null,
                    )}
                  </dl>
                ) : null}
                <p className="text-xs text-faint">{t(`source.${r.source}`)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
