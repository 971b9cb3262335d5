import type { LotteryType, Market, MarketNow, MarketStatus } from "@shwe/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useLuckyDaily } from "../api/lucky-numbers.ts";
import { useMarketLive } from "../hooks/use-market-live.ts";
import { drawTime } from "./draw-picker.tsx";

/** The market behind a game, and whether its running number is the 2D or the 1D one. */
export function marketOf(type: LotteryType): { market: Market; digit: "two_d" | "one_d" } | null {
  switch (type) {
    case "2D":
      return { market: "set", digit: "two_d" };
    case "1D":
      return { market: "set", digit: "one_d" };
    case "C2D":
      return { market: "crypto", digit: "two_d" };
    case "C1D":
      return { market: "crypto", digit: "one_d" };
    default:
      return null;
  }
}

/** "1402.35" → "1,402.35". */
function grouped(value: string | null | undefined): string {
  if (!value) return "--";
  const [whole = "", fraction = "00"] = value.split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** "HH:MM:SS" of an instant in Yangon time. */
function yangonClock(iso: string): string {
  return new Date(Date.parse(iso) + 390 * 60_000).toISOString().slice(11, 19);
}

const STATUS_STYLE: Record<MarketStatus, string> = {
  open: "border-win/50 bg-win/10 text-win",
  opening_soon: "border-gold/50 bg-gold/10 text-gold",
  lunch_break: "border-warn/50 bg-warn/10 text-warn",
  closed: "border-line bg-surface-2 text-muted",
  holiday: "border-line bg-surface-2 text-muted",
};

function Change({ value }: { value: string | null }) {
  if (!value) return <span className="text-faint">&nbsp;</span>;
  const up = value.startsWith("+");
  const zero = /^[+-]0\.00$/.test(value);
  return (
    <span className={zero ? "text-muted" : up ? "text-win" : "text-danger"}>
      <span aria-hidden="true">{zero ? "" : up ? "▲ " : "▼ "}</span>
      {value}
    </span>
  );
}

function Figure({ label, value, change }: { label: string; value: string | null | undefined; change: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="tabular truncate text-base font-bold">{grouped(value)}</dd>
      <dd className="tabular text-xs">
        <Change value={change} />
      </dd>
    </div>
  );
}

/** Plays a short pop on the running number when it changes (none with reduced motion). */
function usePopOnChange(value: string | undefined) {
  const ref = useRef<HTMLParagraphElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = value === undefined;
      return;
    }
    const el = ref.current;
    if (!el || typeof el.animate !== "function") return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    el.animate(
      [
        { transform: "scale(1.25)", color: "var(--color-gold-hover)" },
        { transform: "scale(1)", color: "var(--color-gold)" },
      ],
      { duration: 250, easing: "ease-out" },
    );
  }, [value]);
  return ref;
}

/**
 * The live block of the 2D, 1D and crypto pages: the running number (information only, the result
 * still comes at draw time), the market's values with their change since the reading before, its
 * status and the day's numbers; once a draw's result lands, that it is final. Every part has its place before the data comes (no layout shift);
 * a socket that went quiet is said, and the answer is polled meanwhile.
 */
export function MarketLive({ type }: { type: LotteryType }) {
  const which = marketOf(type);
  if (!which) return null;
  return <MarketLiveBlock type={type} market={which.market} digit={which.digit} />;
}

/** A reading this long after a draw's time belongs to the next stretch of trading, no longer to that result. */
const RESULT_HOLDS_MS = 5 * 60_000;

/**
 * The game's final result of today while it is the news: the market is not open (lunch break, closed),
 * or no reading came after the draw's time beyond the last minutes of its session.
 */
function useFinalResult(type: LotteryType, data: MarketNow | undefined) {
  const daily = useLuckyDaily();
  const result = (daily.data ?? [])
    .filter((d) => d.type === type && d.number)
    .sort((a, b) => Date.parse(b.draw_at) - Date.parse(a.draw_at))[0];
  if (!result || !data) return undefined;
  const latest = data.latest;
  const news = data.status !== "open" || !latest || Date.parse(latest.at) <= Date.parse(result.draw_at) + RESULT_HOLDS_MS;
  return news ? result : undefined;
}

function MarketLiveBlock({ type, market, digit }: { type: LotteryType; market: Market; digit: "two_d" | "one_d" }) {
  const { t } = useTranslation("market");
  const { data, socketDown, isError } = useMarketLive(market);
  const final = useFinalResult(type, data);
  const latest: MarketNow["latest"] = data?.latest ?? null;
  const number = latest?.[digit];
  const ref = usePopOnChange(number);
  const status = data?.status;

  return (
    <section
      aria-label={t("title")}
      data-testid="market-live"
      className="flex flex-1 flex-col gap-3 rounded-card border border-line bg-surface px-4 py-3 shadow-card"
    >
      <div className="flex min-h-7 flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-bold">{t(digit === "two_d" ? "running2d" : "running1d")}</h2>
        <div className="flex flex-wrap items-center gap-2">
          {data?.delayed ? (
            <span data-testid="market-delayed" className="rounded-full border border-warn/50 bg-warn/10 px-2 py-0.5 text-xs text-warn">
              {t("delayed")}
            </span>
          ) : null}
          <span
            data-testid="market-status"
            className={`rounded-full border px-2 py-0.5 text-xs font-bold ${status ? STATUS_STYLE[status] : "border-line text-faint"}`}
          >
            {status === "open" ? (
              <span aria-hidden="true" className="mr-1 inline-block size-1.5 rounded-full bg-win align-middle motion-safe:animate-pulse" />
            ) : null}
            {status ? t(`status.${status}`) : t("loading")}
          </span>
        </div>
      </div>

      <div className="flex items-center gap-4">
        <div className="flex w-24 shrink-0 flex-col items-center">
          <p
            ref={ref}
            aria-live="polite"
            data-testid="market-running-number"
            className="tabular text-5xl leading-tight font-bold tracking-widest text-gold"
          >
            {number ?? (digit === "two_d" ? "--" : "-")}
          </p>
          <p className="tabular text-xs text-muted">{latest ? yangonClock(latest.at) : "--:--:--"}</p>
        </div>
        <dl className="grid min-w-0 flex-1 grid-cols-2 gap-3">
          {market === "set" ? (
            <>
              <Figure label={t("setIndex")} value={latest?.set_index} change={latest?.change.set_index ?? null} />
              <Figure label={t("setValue")} value={latest?.set_value} change={latest?.change.set_value ?? null} />
            </>
          ) : (
            <Figure label={t("price")} value={latest?.price} change={latest?.change.price ?? null} />
          )}
        </dl>
      </div>

      {market === "set" ? (
        <ol aria-label={t("todayNumbers")} className="grid grid-cols-4 gap-2">
          {(data?.marks ?? ["09:30", "12:01", "14:00", "16:30"].map((time) => ({ time, two_d: null, source: null }))).map((mark) => (
            <li key={mark.time} className="rounded-lg border border-line bg-surface-2 px-1 py-1.5 text-center">
              <p className="tabular text-xs text-muted">{mark.time}</p>
              <p className={`tabular text-lg font-bold ${mark.source === "result" ? "text-gold" : "text-text"}`}>
                {mark.two_d ? (digit === "two_d" ? mark.two_d : mark.two_d.slice(-1)) : "--"}
              </p>
            </li>
          ))}
        </ol>
      ) : null}

      <p className="min-h-4 text-xs text-muted" data-testid="market-note">
        {final ? (
          <span data-testid="market-final" className="font-semibold text-gold">
            {t("final", { number: final.number, time: drawTime(final.draw_at) })}{" "}
          </span>
        ) : null}
        {socketDown ? <span className="text-warn">{t("socketDown")} </span> : null}
        {isError ? <span className="text-warn">{t("unavailable")} </span> : null}
        {t("infoOnly")}
      </p>
    </section>
  );
}
