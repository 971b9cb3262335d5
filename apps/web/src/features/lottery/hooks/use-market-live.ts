import type { Market, MarketNow, WsMarketTickMessage } from "@shwe/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { setWatchedTopics, subscribeRealtime } from "../../../lib/realtime.ts";
import { useMarketNow } from "../api/market.ts";
import { lotteryKeys } from "../api/query-keys.ts";

/** The markets the page shows (by how many blocks), told to the socket as the topics it watches. */
const watched = new Map<Market, number>();
const tellWatched = () =>
  setWatchedTopics(
    "market",
    [...watched.keys()].map((m) => `market:${m}`),
  );

/** Whether a reading is older than the one the page shows (an equal one is the same reading). */
const olderThanShown = (message: WsMarketTickMessage, shown: MarketNow): boolean =>
  message.tick !== null && shown.latest !== null && Date.parse(message.tick.at) < Date.parse(shown.latest.at);

/** Readings missed in a row while the market is open before the page says the live connection is lost and polls. */
const MISSED_READINGS = 3;

/**
 * The market's live state: the public answer, rewritten in place by each reading on the socket
 * ({type: "market_tick"}, sent to the sockets watching "market:<market>"). While the market is open and no reading arrives for a few intervals, the
 * socket is taken to be down: `socketDown` is true and the answer is polled instead. A socket that
 * starts watching (the page opened, or the socket back after a drop) is sent the latest reading at
 * once; a reading older than the one shown (that one crossing a newer live reading) changes nothing.
 */
export function useMarketLive(market: Market): { data: MarketNow | undefined; socketDown: boolean; isError: boolean } {
  const queryClient = useQueryClient();
  const [socketDown, setSocketDown] = useState(false);
  const query = useMarketNow(market, socketDown);
  const data = query.data;

  // The wait for the next reading, kept outside React's state: a reading restarts it without drawing
  // anything (only its own data, the reading, is drawn), and only the wait running out is drawn.
  const silence = useRef<{ open: boolean; interval: number; down: boolean; timer: ReturnType<typeof setTimeout> | undefined }>({
    open: false,
    interval: 5000,
    down: false,
    timer: undefined,
  });
  const listen = useCallback(() => {
    const s = silence.current;
    clearTimeout(s.timer);
    s.timer = s.open
      ? setTimeout(() => {
          s.down = true;
          setSocketDown(true);
        }, s.interval * MISSED_READINGS)
      : undefined;
  }, []);

  useEffect(
    () =>
      subscribeRealtime(
        "market_tick",
        (raw) => {
          const message = raw as unknown as WsMarketTickMessage;
          if (message.market !== market) return;
          if (silence.current.down) {
            silence.current.down = false;
            setSocketDown(false);
          }
          listen();
          queryClient.setQueryData<MarketNow>(lotteryKeys.market(market), (old) =>
            old && !olderThanShown(message, old)
              ? {
                  ...old,
                  status: message.status,
                  delayed: message.delayed,
                  latest: message.tick ?? old.latest,
                }
              : old,
          );
        },
        { catchUp: true },
      ),
    [market, queryClient, listen],
  );

  // The server sends a market's readings only to the sockets watching it.
  useEffect(() => {
    watched.set(market, (watched.get(market) ?? 0) + 1);
    tellWatched();
    return () => {
      const left = (watched.get(market) ?? 1) - 1;
      if (left > 0) watched.set(market, left);
      else watched.delete(market);
      tellWatched();
    };
  }, [market]);

  // A draw resulted: the day's numbers (12:01, 16:30) are read again.
  useEffect(
    () =>
      subscribeRealtime("result", () => {
        void queryClient.invalidateQueries({ queryKey: lotteryKeys.market(market) });
      }),
    [market, queryClient],
  );

  // While the market is open, the wait runs from now (and again from each reading); closed, nothing is awaited.
  const open = data?.status === "open";
  const interval = data?.interval_ms ?? 5000;
  useEffect(() => {
    const s = silence.current;
    s.open = open;
    s.interval = interval;
    if (!open && s.down) {
      s.down = false;
      setSocketDown(false);
    }
    listen();
    return () => clearTimeout(s.timer);
  }, [open, interval, listen]);

  return { data, socketDown, isError: query.isError && !data };
}
