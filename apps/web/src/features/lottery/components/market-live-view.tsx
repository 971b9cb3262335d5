import type { LotteryType, LuckyDailyItem, Market, MarketNow, MarketStatus } from "@shwe/contracts";
import { isoInstant } from "@shwe/domain";
import { memo, type Ref } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
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
  return isoInstant(Date.parse(iso) + 390 * 60_000).slice(11, 19);
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

type Digit = "two_d" | "one_d";

/** The block's title, the feed's "delayed" note and the market's status: drawn again only when the status or the delay changes. */
const LiveHeader = memo(function LiveHeader({
  digit,
  status,
  delayed,
}: {
  digit: Digit;
  status: MarketStatus | undefined;
  delayed: boolean;
}) {
  const { t } = useTranslation("market");
  return (
    <div className="flex min-h-7 flex-wrap items-center justify-between gap-2">
      <h2 className="text-sm font-bold">{t(digit === "two_d" ? "running2d" : "running1d")}</h2>
      <div className="flex flex-wrap items-center gap-2">
        {delayed ? (
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
  );
});

/**
 * The reading: the running number, its time and the market's values with their change. The only
 * part a reading draws again; its box keeps its size whatever the figures (tabular digits, fixed
 * columns), so a reading lays out nothing around it.
 */
const LiveReading = memo(function LiveReading({
  market,
  digit,
  latest,
  numberRef,
}: {
  market: Market;
  digit: Digit;
  latest: MarketNow["latest"];
  numberRef: Ref<HTMLParagraphElement> | undefined;
}) {
  const { t } = useTranslation("market");
  const number = latest?.[digit];
  return (
    <div className="flex items-center gap-4">
      <div className="flex w-24 shrink-0 flex-col items-center">
        <p
          ref={numberRef}
          aria-live="polite"
          data-testid="market-running-number"
          className="tabular text-5xl leading-tight font-bold tracking-widest text-gold will-change-transform"
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
  );
});

const EMPTY_MARKS: MarketNow["marks"] = ["09:30", "12:01", "14:00", "16:30"].map((time) => ({ time, two_d: null, source: null }));

/** The day's numbers (09:30, 12:01, 14:00, 16:30): a reading keeps them as they are, so they are not drawn again. */
const LiveMarks = memo(function LiveMarks({ digit, marks }: { digit: Digit; marks: MarketNow["marks"] | undefined }) {
  const { t } = useTranslation("market");
  return (
    <ol aria-label={t("todayNumbers")} className="grid grid-cols-4 gap-2">
      {(marks ?? EMPTY_MARKS).map((mark) => (
        <li key={mark.time} className="rounded-lg border border-line bg-surface-2 px-1 py-1.5 text-center">
          <p className="tabular text-xs text-muted">{mark.time}</p>
          <p className={`tabular text-lg font-bold ${mark.source === "result" ? "text-gold" : "text-text"}`}>
            {mark.two_d ? (digit === "two_d" ? mark.two_d : mark.two_d.slice(-1)) : "--"}
          </p>
        </li>
      ))}
    </ol>
  );
});

/** The note under the block: a final result, a lost connection or an unavailable feed, and that the running number is information only. */
const LiveNote = memo(function LiveNote({
  final,
  socketDown,
  isError,
}: {
  final: Pick<LuckyDailyItem, "number" | "draw_at"> | undefined;
  socketDown: boolean;
  isError: boolean;
}) {
  const { t } = useTranslation("market");
  return (
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
  );
});

/**
 * What the live market block shows, from what it is given: drawn by the server with no data (every
 * part in its place, the note that the running number is information only already there, so the
 * page's largest text paints with the first paint), then by the live block (market-live.tsx) as the
 * readings come. Each part is memoised on what it shows: a reading (a new `latest`, the rest of the
 * answer kept) draws the reading part again and nothing else. The block contains its layout, style
 * and paint, so what a reading changes is laid out and painted inside it, never the page around it.
 */
export function MarketLiveView({
  market,
  digit,
  data,
  final,
  socketDown = false,
  isError = false,
  numberRef,
  live = false,
}: {
  market: Market;
  digit: Digit;
  data?: MarketNow | undefined;
  final?: Pick<LuckyDailyItem, "number" | "draw_at"> | undefined;
  socketDown?: boolean;
  isError?: boolean;
  numberRef?: Ref<HTMLParagraphElement>;
  /** Drawn by the live block (readings come), not the server's block without readings. */
  live?: boolean;
}) {
  const { t } = useTranslation("market");
  return (
    <section
      aria-label={t("title")}
      data-testid="market-live"
      data-live={live ? "true" : "false"}
      className="flex flex-1 flex-col gap-3 rounded-card border border-line bg-surface px-4 py-3 shadow-card [contain:layout_paint_style]"
    >
      <LiveHeader digit={digit} status={data?.status} delayed={data?.delayed ?? false} />
      <LiveReading market={market} digit={digit} latest={data?.latest ?? null} numberRef={numberRef} />
      {market === "set" ? <LiveMarks digit={digit} marks={data?.marks} /> : null}
      <LiveNote final={final} socketDown={socketDown} isError={isError} />
    </section>
  );
}

/**
 * The block as the server draws it, before the live part is loaded: every place kept, no readings.
 * Nothing while the block's texts are still loading (a page reached by navigation), instead of
 * holding up the page.
 */
export function MarketLiveShell({ type }: { type: LotteryType }) {
  const { ready } = useTranslation("market", { useSuspense: false });
  const which = marketOf(type);
  if (!which || !ready) return null;
  return <MarketLiveView market={which.market} digit={which.digit} />;
}
