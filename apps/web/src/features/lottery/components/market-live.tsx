import type { LotteryType, Market, MarketNow } from "@shwe/contracts";
import { useEffect, useRef } from "react";
import { useLuckyDaily } from "../api/lucky-numbers.ts";
import { useMarketLive } from "../hooks/use-market-live.ts";
import { MarketLiveView, marketOf } from "./market-live-view.tsx";

/**
 * The pop: scale and opacity only, so the browser's compositor plays it without the main thread (a
 * colour in the keyframes made every frame a restyle and repaint of the number, 16 frames a reading).
 */
export const POP_KEYFRAMES: Keyframe[] = [
  { transform: "scale(1.25)", opacity: 0.7 },
  { transform: "scale(1)", opacity: 1 },
];

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
    el.animate(POP_KEYFRAMES, { duration: 250, easing: "ease-out" });
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
  const { data, socketDown, isError } = useMarketLive(market);
  const final = useFinalResult(type, data);
  const ref = usePopOnChange(data?.latest?.[digit]);

  return (
    <MarketLiveView
      market={market}
      digit={digit}
      data={data}
      final={final}
      socketDown={socketDown}
      isError={isError}
      numberRef={ref}
      live
    />
  );
}
