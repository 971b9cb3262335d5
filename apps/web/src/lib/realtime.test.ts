import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLOSE, setWatchedTopics, setWatching, subscribeRealtime } from "./realtime.ts";
import {
  BACKOFF_CAP_MS,
  backoffDelay,
  connectRealtime,
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  type RealtimeConnection,
} from "./realtime-socket.ts";
import { FakeWebSocket, installFakeWebSocket, lastSocket } from "./realtime-testing.ts";

describe("backoffDelay", () => {
  it("doubles from 1 s with jitter between half and the whole step, capped at 30 s", () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1_000);
    expect(backoffDelay(3, () => 0)).toBe(4_000);
    expect(backoffDelay(3, () => 1)).toBe(8_000);
    for (const attempt of [5, 6, 10, 40, 1_000]) {
      expect(backoffDelay(attempt, () => 0.999)).toBeLessThanOrEqual(BACKOFF_CAP_MS);
      expect(backoffDelay(attempt, () => 0)).toBe(BACKOFF_CAP_MS / 2);
    }
  });
});

describe("connectRealtime", () => {
  let connection: RealtimeConnection | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    installFakeWebSocket();
  });
  afterEach(() => {
    connection?.close();
    connection = undefined;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const connect = (over: Partial<Parameters<typeof connectRealtime>[0]> = {}) => {
    const onBalance = vi.fn();
    const onReconnected = vi.fn();
    const onRejected = vi.fn();
    connection = connectRealtime({
      token: "tok-1",
      url: "ws://test/api/ws",
      onBalance,
      onReconnected,
      onRejected,
      random: () => 1,
      ...over,
    });
    return { onBalance, onReconnected, onRejected };
  };

  it("authenticates with the first message (the token stays out of the URL) and passes each balance on", () => {
    const { onBalance } = connect();
    const ws = lastSocket();
    expect(ws.url).toBe("ws://test/api/ws");
    expect(ws.url).not.toContain("tok-1");
    ws.serverOpen();
    expect(ws.sent).toEqual([{ type: "auth", token: "tok-1" }]);
    ws.serverSend({ type: "ready", user_id: 7 });
    ws.serverSend({ type: "balance", balance: 1_050_000, game_balance: 2_000, point: 3, p_balance: 4 });
    expect(onBalance).toHaveBeenCalledWith({ balance: 1_050_000, game_balance: 2_000, point: 3, p_balance: 4 });
    // A malformed balance is ignored rather than written into the session.
    ws.serverSend({ type: "balance", balance: "lots", game_balance: 0, point: 0, p_balance: 0 });
    expect(onBalance).toHaveBeenCalledTimes(1);
  });

  it("hands other messages to their subscribers", () => {
    connect();
    const results = vi.fn();
    const chat = vi.fn();
    const stopResults = subscribeRealtime("result", results);
    const stopChat = subscribeRealtime("message", chat);
    lastSocket().accept();
    lastSocket().serverSend({ type: "result", game: "2D", number: "42" });
    lastSocket().serverSend({ type: "message", text: "Good luck!" });
    expect(results).toHaveBeenCalledWith({ type: "result", game: "2D", number: "42" });
    expect(chat).toHaveBeenCalledWith({ type: "message", text: "Good luck!" });
    stopResults();
    lastSocket().serverSend({ type: "result", game: "2D", number: "43" });
    expect(results).toHaveBeenCalledTimes(1);
    stopChat();
  });

  it("reconnects after a lost connection with growing back-off, and says so once it is back", () => {
    const { onReconnected } = connect();
    lastSocket().accept();
    expect(FakeWebSocket.instances).toHaveLength(1);

    lastSocket().serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // The second try fails before auth: the next wait is twice as long.
    lastSocket().serverClose(1006);
    vi.advanceTimersByTime(1_999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    expect(onReconnected).not.toHaveBeenCalled();

    lastSocket().accept();
    expect(lastSocket().sent[0]).toEqual({ type: "auth", token: "tok-1" });
    expect(onReconnected).toHaveBeenCalledTimes(1);

    // A successful auth resets the back-off.
    lastSocket().serverClose(1006);
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it("hands what arrived before anyone listened to a late subscriber that asks to catch up, once", () => {
    connect();
    lastSocket().accept();
    lastSocket().serverSend({ type: "marquee", event_id: 4, text: "Early" });
    const late = vi.fn();
    const stop = subscribeRealtime("marquee", late, { catchUp: true });
    expect(late).toHaveBeenCalledWith({ type: "marquee", event_id: 4, text: "Early" });
    const later = vi.fn();
    const stop2 = subscribeRealtime("marquee", later, { catchUp: true });
    expect(later).not.toHaveBeenCalled();
    stop();
    stop2();
  });

  it("a visitor says hello instead of auth and gets public events without balances", () => {
    const { onBalance } = connect({ token: undefined });
    const chat = vi.fn();
    const stop = subscribeRealtime("chat", chat);
    lastSocket().serverOpen();
    expect(lastSocket().sent).toEqual([{ type: "hello" }]);
    lastSocket().serverSend({ type: "ready", user_id: null });
    lastSocket().serverSend({ type: "chat", event_id: 3, text: "Hi", shown_for_ms: 20_000 });
    expect(chat).toHaveBeenCalledWith({ type: "chat", event_id: 3, text: "Hi", shown_for_ms: 20_000 });
    expect(onBalance).not.toHaveBeenCalled();
    stop();
  });

  it("resumes after the last event seen when the connection comes back, and drops repeats of the replay", () => {
    connect();
    const results = vi.fn();
    const stop = subscribeRealtime("result", results);
    lastSocket().accept();
    // A fresh tab asks only for what is showing now.
    expect(lastSocket().sent.at(-1)).toEqual({ type: "resume" });
    lastSocket().serverSend({ type: "caught_up", last_event_id: 10 });
    lastSocket().serverSend({ type: "result", event_id: 11, lottery: "2D", number: "42" });
    lastSocket().serverClose(1006);
    vi.advanceTimersByTime(1_000);
    lastSocket().accept();
    expect(lastSocket().sent.at(-1)).toEqual({ type: "resume", after: 11 });
    // The replay may repeat an event already seen: it is passed on once only.
    lastSocket().serverSend({ type: "result", event_id: 11, lottery: "2D", number: "42" });
    lastSocket().serverSend({ type: "result", event_id: 12, lottery: "2D", number: "07" });
    lastSocket().serverSend({ type: "caught_up", last_event_id: 12 });
    expect(results.mock.calls.map(([m]) => m.number)).toEqual(["42", "07"]);
    stop();
  });

  it("asks for the next page of a long replay until caught up; a drop mid-replay resumes where the pages stood", () => {
    connect();
    const results = vi.fn();
    const stop = subscribeRealtime("result", results);
    lastSocket().accept();
    lastSocket().serverSend({ type: "caught_up", last_event_id: 10 });
    lastSocket().serverClose(1006);
    vi.advanceTimersByTime(1_000);
    lastSocket().accept();
    expect(lastSocket().sent.at(-1)).toEqual({ type: "resume", after: 10 });
    // A full page: the socket asks for the next one after the last event the page sent.
    lastSocket().serverSend({ type: "result", event_id: 11, lottery: "2D", number: "11" });
    lastSocket().serverSend({ type: "result", event_id: 12, lottery: "2D", number: "12" });
    lastSocket().serverSend({ type: "caught_up", last_event_id: 12, more: true });
    expect(lastSocket().sent.at(-1)).toEqual({ type: "resume", after: 12 });
    // An event heard live meanwhile is newer than what the pages have reached.
    lastSocket().serverSend({ type: "result", event_id: 40, lottery: "2D", number: "40" });
    lastSocket().serverSend({ type: "result", event_id: 13, lottery: "2D", number: "13" });
    lastSocket().serverSend({ type: "caught_up", last_event_id: 13, more: true });
    expect(lastSocket().sent.at(-1)).toEqual({ type: "resume", after: 13 });
    expect(connection?.resumePoint().lastEventId).toBe(13);
    // Dropped before the last page: the new socket starts from the page, not from event 40.
    lastSocket().serverClose(1006);
    vi.advanceTimersByTime(1_000);
    lastSocket().accept();
    expect(lastSocket().sent.at(-1)).toEqual({ type: "resume", after: 13 });
    lastSocket().serverSend({ type: "result", event_id: 13, lottery: "2D", number: "13" });
    lastSocket().serverSend({ type: "result", event_id: 14, lottery: "2D", number: "14" });
    lastSocket().serverSend({ type: "result", event_id: 40, lottery: "2D", number: "40" });
    lastSocket().serverSend({ type: "caught_up", last_event_id: 40 });
    expect(results.mock.calls.map(([m]) => m.number)).toEqual(["11", "12", "40", "13", "14"]);
    // Caught up: nothing more is asked, and the next drop resumes after the newest event.
    expect(lastSocket().sent.filter((m) => (m as { type?: unknown }).type === "resume")).toEqual([{ type: "resume", after: 13 }]);
    expect(connection?.resumePoint().lastEventId).toBe(40);
    stop();
  });

  it("a socket that replaces the tab's socket (signing in) resumes where that one stopped, repeats dropped", () => {
    connect({ token: undefined });
    const results = vi.fn();
    const stop = subscribeRealtime("result", results);
    lastSocket().serverOpen();
    lastSocket().serverSend({ type: "ready", user_id: null });
    lastSocket().serverSend({ type: "caught_up", last_event_id: 20 });
    lastSocket().serverSend({ type: "result", event_id: 21, lottery: "2D", number: "42" });
    const point = connection?.resumePoint();
    expect(point).toEqual({ lastEventId: 21, seen: [21] });
    connection?.close();

    connect({ token: "tok-1", resumeFrom: point });
    lastSocket().accept();
    expect(lastSocket().sent.at(-1)).toEqual({ type: "resume", after: 21 });
    lastSocket().serverSend({ type: "result", event_id: 21, lottery: "2D", number: "42" });
    lastSocket().serverSend({ type: "result", event_id: 22, lottery: "3D", number: "123" });
    expect(results.mock.calls.map(([m]) => m.number)).toEqual(["42", "123"]);
    stop();
  });

  it("tells the socket what the page watches, when it changes and again after a reconnection", () => {
    connect({ token: undefined });
    const watchSet = JSON.stringify({ type: "watch", topics: ["market:set"] });
    setWatching(watchSet);
    lastSocket().serverOpen();
    lastSocket().serverSend({ type: "ready", user_id: null });
    expect(lastSocket().sent.at(-1)).toEqual({ type: "watch", topics: ["market:set"] });
    setWatching(JSON.stringify({ type: "watch", topics: ["market:set", "market:crypto"] }));
    expect(lastSocket().sent.at(-1)).toEqual({ type: "watch", topics: ["market:set", "market:crypto"] });
    setWatching(watchSet);
    lastSocket().serverClose(1006);
    vi.advanceTimersByTime(1_000);
    lastSocket().serverOpen();
    lastSocket().serverSend({ type: "ready", user_id: null });
    expect(lastSocket().sent.at(-1)).toEqual({ type: "watch", topics: ["market:set"] });
    setWatching("");
  });

  it("one watch message carries the topics of every part of the page (market blocks, the console's inbox)", () => {
    connect();
    lastSocket().accept();
    setWatchedTopics("market", ["market:set"]);
    setWatchedTopics("support", ["support:inbox"]);
    expect(lastSocket().sent.at(-1)).toEqual({ type: "watch", topics: ["market:set", "support:inbox"] });
    setWatchedTopics("market", []);
    expect(lastSocket().sent.at(-1)).toEqual({ type: "watch", topics: ["support:inbox"] });
    setWatchedTopics("support", []);
    expect(lastSocket().sent.at(-1)).toEqual({ type: "watch", topics: [] });
    setWatching("");
  });

  it("pings every 25 s and drops a connection that stops answering", () => {
    connect();
    const ws = lastSocket();
    ws.accept();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(ws.sent.at(-1)).toEqual({ type: "ping" });
    ws.serverSend({ type: "pong" });
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(ws.readyState).toBe(FakeWebSocket.OPEN);

    vi.advanceTimersByTime(PING_INTERVAL_MS - PONG_TIMEOUT_MS);
    expect(ws.sent.filter((m) => (m as { type: string }).type === "ping")).toHaveLength(2);
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(ws.readyState).toBe(FakeWebSocket.CLOSED);
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it("stops for good when the token is refused or the account is blocked", () => {
    for (const code of [CLOSE.unauthenticated, CLOSE.blocked]) {
      FakeWebSocket.instances = [];
      const { onRejected } = connect();
      lastSocket().serverOpen();
      lastSocket().serverClose(code);
      expect(onRejected).toHaveBeenCalledWith(code);
      vi.advanceTimersByTime(BACKOFF_CAP_MS * 4);
      expect(FakeWebSocket.instances).toHaveLength(1);
    }
  });

  it("a tab closed for too many tabs waits until it is looked at again", () => {
    connect();
    lastSocket().accept();
    lastSocket().serverClose(CLOSE.tooManyTabs);
    vi.advanceTimersByTime(BACKOFF_CAP_MS * 4);
    expect(FakeWebSocket.instances).toHaveLength(1);
    connection?.wake();
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it("close() ends the socket and every retry", () => {
    connect();
    const ws = lastSocket();
    ws.accept();
    connection?.close();
    expect(ws.closedByClient?.code).toBe(1000);
    vi.advanceTimersByTime(BACKOFF_CAP_MS * 4);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe("CLOSE", () => {
  it("matches the contract's close codes", async () => {
    const { WS_CLOSE } = await import("@shwe/contracts");
    expect(CLOSE).toMatchObject(WS_CLOSE);
  });
});
