import type { WsBalanceMessage } from "@shwe/contracts";
import { CLOSE, dispatchRealtime, type RealtimeMessage, type ResumePoint, setSocketUp, setStandingSender } from "./realtime.ts";

/**
 * The connection itself of the tab's live socket (lib/realtime.ts describes the socket): opening,
 * auth or hello, ping, reconnection with back-off, resume, and the messages handed to
 * `dispatchRealtime`. A chunk of its own, loaded once the page has been taken over: what a part of
 * the page needs to listen (`subscribeRealtime`, standing messages) stays in lib/realtime.ts and
 * works before the socket is there.
 */

export const PING_INTERVAL_MS = 25_000;
/** No answer to a ping in this long: the connection is dead even if the browser has not noticed. */
export const PONG_TIMEOUT_MS = 10_000;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;

/** Delay before reconnect attempt `attempt` (0-based): half fixed, half random, doubling up to the cap. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface RealtimeOptions {
  /** The player's token; none for a visitor. */
  token?: string | undefined;
  /** Defaults to ws(s)://<this host>/api/ws. */
  url?: string;
  /** The balances right after auth and after every committed change. */
  onBalance?: (balances: Omit<WsBalanceMessage, "type">) => void;
  /** Authenticated again after the connection was lost (not called for the first connection). */
  onReconnected?: () => void;
  /** The server refused the token (4401) or the account is blocked (4403); no further attempt is made. */
  onRejected?: (code: number) => void;
  /** For tests: the randomness of the jitter. */
  random?: () => number;
  /** Where the tab's socket before this one stopped (its `resumePoint()`): this one resumes after it. */
  resumeFrom?: ResumePoint | undefined;
}

export interface RealtimeConnection {
  /** Closes the socket for good (sign-out, another player): no reconnection. */
  close(): void;
  /** Reconnects at once if the socket is down and waiting for its next attempt (tab visible, back online). */
  wake(): void;
  /** Where this socket is in the stream of live events, for the socket that replaces it. */
  resumePoint(): ResumePoint;
}

export function defaultSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/api/ws`;
}

const isObject = (v: unknown): v is RealtimeMessage =>
  typeof v === "object" && v !== null && typeof (v as { type?: unknown }).type === "string";
const isMoney = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v);
const isEventId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;

/** How many recent event ids a tab remembers to drop repeats (a replay may overlap what was seen). */
const SEEN_IDS = 500;

export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const url = options.url ?? defaultSocketUrl();
  const random = options.random ?? Math.random;
  let socket: WebSocket | undefined;
  let stopped = false;
  let attempt = 0;
  let everReady = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  /** The newest live event seen (0: none yet, so the first resume asks only for what is showing now). */
  let lastEventId = options.resumeFrom?.lastEventId ?? 0;
  const seen = new Set<number>(options.resumeFrom?.seen.slice(-SEEN_IDS));
  /**
   * Where a replay sent in pages stands while its next page is awaited: nothing after it has been
   * replayed yet (events heard live meanwhile may be newer), so a socket opened before the replay
   * ends resumes from here, not from the newest event seen.
   */
  let replayCursor: number | undefined;
  const resumeAfter = () => replayCursor ?? lastEventId;

  const clearTimers = () => {
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    retryTimer = pingTimer = pongTimer = undefined;
  };

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    const delay = backoffDelay(attempt++, random);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open();
    }, delay);
  };

  const handle = (ws: WebSocket, message: RealtimeMessage) => {
    // Any message proves the connection is alive.
    clearTimeout(pongTimer);
    pongTimer = undefined;
    if (message.type === "ready") {
      attempt = 0;
      if (everReady) options.onReconnected?.();
      everReady = true;
      const after = resumeAfter();
      ws.send(JSON.stringify(after > 0 ? { type: "resume", after } : { type: "resume" }));
      setStandingSender((message) => {
        if (socket === ws && ws.readyState === WebSocket.OPEN) ws.send(message);
      });
      setSocketUp(true);
      clearInterval(pingTimer);
      pingTimer = setInterval(() => {
        if (ws.readyState !== WebSocket.OPEN) return;
        ws.send(JSON.stringify({ type: "ping" }));
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => drop(ws), PONG_TIMEOUT_MS);
      }, PING_INTERVAL_MS);
      return;
    }
    if (message.type === "pong") return;
    if (message.type === "caught_up") {
      if (!isEventId(message.last_event_id)) return;
      if (message.more === true) {
        // One full page of the replay: the next one follows the last event it sent.
        replayCursor = message.last_event_id;
        ws.send(JSON.stringify({ type: "resume", after: replayCursor }));
        return;
      }
      replayCursor = undefined;
      lastEventId = Math.max(lastEventId, message.last_event_id);
      return;
    }
    if (isEventId(message.event_id)) {
      if (seen.has(message.event_id)) return;
      seen.add(message.event_id);
      if (seen.size > SEEN_IDS) seen.delete(seen.values().next().value as number);
      lastEventId = Math.max(lastEventId, message.event_id);
    }
    if (message.type === "balance") {
      const { balance, game_balance, point, p_balance } = message;
      if (isMoney(balance) && isMoney(game_balance) && isMoney(point) && isMoney(p_balance)) {
        options.onBalance?.({ balance, game_balance, point, p_balance });
      }
    }
    dispatchRealtime(message);
  };

  /** Gives up on a silent connection at once (a close handshake on a dead network can take minutes). */
  function drop(ws: WebSocket): void {
    if (socket !== ws) return;
    socket = undefined;
    setSocketUp(false);
    clearTimers();
    ws.close();
    scheduleRetry();
  }

  function open(): void {
    if (stopped) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      scheduleRetry();
      return;
    }
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify(options.token ? { type: "auth", token: options.token } : { type: "hello" }));
    ws.onmessage = (event: MessageEvent) => {
      if (socket !== ws || typeof event.data !== "string") return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      if (isObject(parsed)) handle(ws, parsed);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = undefined;
      setSocketUp(false);
      clearTimers();
      if (stopped) return;
      if (event.code === CLOSE.unauthenticated || event.code === CLOSE.blocked) {
        stopped = true;
        options.onRejected?.(event.code);
        return;
      }
      // The oldest of too many tabs: stay quiet until this tab is looked at again (wake).
      if (event.code === CLOSE.tooManyTabs) return;
      scheduleRetry();
    };
    // An error is always followed by close, which decides what happens next.
    ws.onerror = () => undefined;
  }

  open();

  return {
    close() {
      stopped = true;
      clearTimers();
      const ws = socket;
      socket = undefined;
      if (ws) setSocketUp(false);
      if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) ws.close(1000, "Signed out");
    },
    wake() {
      if (stopped || socket) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      open();
    },
    resumePoint: () => ({ lastEventId: resumeAfter(), seen: [...seen] }),
  };
}
