import type { NumberStat, NumberStats } from "@shwe/contracts";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSearchParams } from "../../../lib/router.tsx";
import { useNumberStats } from "../api/number-stats.ts";
import { gameOfParam } from "../components/game-switch.tsx";
import { ResultsPageFrame } from "../components/results-page-frame.tsx";

const card = "rounded-card border border-line bg-surface p-3 shadow-card";

/** /number-stats: how often and how long ago each number (and head and tail digit) came in the last 30 or 90 days; hot and cold numbers. */
export function NumberStatsPage() {
  const { t } = useTranslation("stats");
  const [params, setParams] = useSearchParams();
  const type = gameOfParam(params.get("game"));
  const days = params.get("days") === "90" ? 90 : 30;
  const stats = useNumberStats(type, days);
  const data = stats.data?.type === type && stats.data.days === days ? stats.data : undefined;
  const go = (next: { game?: string; days?: number }) =>
    setParams({ game: (next.game ?? type).toLowerCase(), days: String(next.days ?? days) }, { replace: true });

  return (
    <ResultsPageFrame
      title={t("stats.title")}
      subtitle={t("stats.subtitle")}
      link={{ to: `${paths.resultsCalendar}?game=${type.toLowerCase()}`, label: t("links.calendar") }}
      game={type}
      onGame={(g) => go({ game: g })}
      options={
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t("stats.window")}</legend>
          {([30, 90] as const).map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={d === days}
              onClick={() => go({ days: d })}
              className={`min-h-11 rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-gold ${
                d === days ? "border-gold bg-gold/15 text-gold" : "border-line bg-surface-2 text-text hover:border-gold"
              }`}
            >
              {t("stats.days", { count: d })}
            </button>
          ))}
        </fieldset>
      }
      query={stats}
      data={data}
    >
      {(data) =>
        data.draws === 0 ? <p className={`${card} py-10 text-center text-muted`}>{t("stats.noData")}</p> : <StatsBody data={data} />
      }
    </ResultsPageFrame>
  );
}

function StatsBody({ data }: { data: NumberStats }) {
  const { t } = useTranslation("stats");
  const byNumber = new Map(data.numbers.map((n) => [n.number, n]));
  const max = Math.max(1, ...data.numbers.map((n) => n.hits));
  return (
    <>
      <p className="text-sm text-muted">{t("stats.draws", { count: data.draws })}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <HotCold title={t("stats.hot")} hint={t("stats.hotHint")} numbers={data.hot} stats={byNumber} tone="hot" />
        <HotCold title={t("stats.cold")} hint={t("stats.coldHint")} numbers={data.cold} stats={byNumber} tone="cold" />
      </div>
      {data.heads.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <DigitBars title={t("stats.heads")} digits={data.heads} />
          <DigitBars title={t("stats.tails")} digits={data.tails} />
        </div>
      ) : null}
      <section aria-labelledby="all-numbers" className={card}>
        <h2 id="all-numbers" className="mb-2 font-bold">
          {t("stats.numbers")}
        </h2>
        <ul className="grid grid-cols-5 gap-1.5 sm:grid-cols-10">
          {data.numbers.map((n) => (
            <li
              key={n.number}
              className="flex flex-col items-center rounded-card border border-line bg-surface-2 py-1"
              style={{ boxShadow: n.hits > 0 ? `inset 0 -${Math.round((n.hits / max) * 6)}px 0 var(--color-gold)` : undefined }}
            >
              <span className="tabular text-base font-bold">{n.number}</span>
              <span className="tabular text-[11px] text-muted">
                <span className="sr-only">{t("stats.hits")} </span>
                {t("stats.timesShort", { count: n.hits })}
              </span>
              <span className="tabular text-[10px] text-faint">
                {n.last_draw_at ? t("stats.sinceShort", { count: n.draws_since }) : t("stats.never")}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function HotCold({
  title,
  hint,
  numbers,
  stats,
  tone,
}: {
  title: string;
  hint: string;
  numbers: string[];
  stats: Map<string, NumberStat>;
  tone: "hot" | "cold";
}) {
  const { t } = useTranslation("stats");
  return (
    <section aria-label={title} className={card}>
      <h2 className="font-bold">{title}</h2>
      <p className="mb-2 text-xs text-muted">{hint}</p>
      <ol className="flex flex-wrap gap-2">
        {numbers.map((n) => {
          const s = stats.get(n);
          return (
            <li
              key={n}
              className={`flex min-w-16 flex-col items-center rounded-card border px-2 py-1 ${
                tone === "hot" ? "border-gold/60 bg-gold/10" : "border-line bg-surface-2"
              }`}
            >
              <span className={`tabular text-xl font-bold ${tone === "hot" ? "text-gold" : "text-text"}`}>{n}</span>
              <span className="tabular text-[11px] text-muted">
                {t("stats.timesShort", { count: s?.hits ?? 0 })} ·{" "}
                {s?.last_draw_at ? t("stats.sinceShort", { count: s.draws_since }) : t("stats.never")}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function DigitBars({ title, digits }: { title: string; digits: NumberStat[] }) {
  const { t } = useTranslation("stats");
  const max = Math.max(1, ...digits.map((d) => d.hits));
  return (
    <section aria-label={title} className={card}>
      <h2 className="mb-2 font-bold">{title}</h2>
      <table className="w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t("stats.number")}</th>
            <th scope="col">{t("stats.hits")}</th>
            <th scope="col">{t("stats.since")}</th>
          </tr>
        </thead>
        <tbody>
          {digits.map((d) => (
            <tr key={d.number}>
              <th scope="row" className="tabular w-6 py-0.5 text-left font-bold">
                {d.number}
              </th>
              <td className="py-0.5">
                <div className="flex items-center gap-2">
                  <div
                    className="h-2.5 rounded-full bg-gold"
                    style={{ width: `${(d.hits / max) * 100}%`, minWidth: d.hits > 0 ? "0.25rem" : 0 }}
                  />
                  <span className="tabular text-xs text-muted">{d.hits}</span>
                </div>
              </td>
              <td className="tabular w-20 py-0.5 text-right text-xs text-faint">
                {d.last_draw_at ? t("stats.sinceShort", { count: d.draws_since }) : t("stats.never")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
