/**
 * The live socket of a tab (GET /api/ws, domain-rules §8): first-message auth for a signed-in tab
 * (the token never appears in a URL) or `hello` for a visitor (public events only), a ping every
 * 25 s, reconnection by itself with exponential back-off and jitter (capped at 30 s), and every
 * message other than the socket's own housekeeping handed to subscribers (balance, live results,
 * chat messages, marquee, broadcasts …). Live events carry a growing `event_id`: after each
 * (re)connection the socket asks to `resume` after the last one seen, so what was missed during a
 * drop arrives then, each event once (a long replay comes in pages: the socket asks for the next
 * after each `caught_up` that says `more`). A socket that replaces another of the same tab (signing in or
 * out) starts where the one before stopped (`resumeFrom`), so a result sent in between is not missed.
 */

/**
 * Close codes the server uses: the contract's WS_CLOSE, plus 4429 when one account has too many
 * tabs open. Written out here so the shell's first load does not carry the schema library.
 */
export const CLOSE = { unauthenticated: 4401, blocked: 4403, authTimeout: 4408, tooManyTabs: 4429 } as const;

/** A message from the server, by its `type`. */
export type RealtimeMessage = { type: string; [field: string]: unknown };
type Listener = (message: RealtimeMessage) => void;

const listeners = new Map<string, Set<Listener>>();
/** Messages nobody listened to yet (a part of the page still downloading), the last few kept for `catchUp`. */
let unheard: RealtimeMessage[] = [];
const UNHEARD_MAX = 30;

/**
 * Listens to one message type ("balance", "result", "message" …) on this tab's socket; returns the
 * unsubscribe function. Works whether or not a socket is open right now.
 */
export function subscribeRealtime(type: string, listener: Listener, options: { catchUp?: boolean } = {}): () => void {
  let set = listeners.get(type);
  if (!set) {
    set = new Set();
    listeners.set(type, set);
  }
  set.add(listener);
  if (options.catchUp) {
    // Handed over (once) what arrived before anyone listened to this type.
    const missed = unheard.filter((m) => m.type === type);
    unheard = unheard.filter((m) => m.type !== type);
    for (const message of missed) listener(message);
  }
  return () => {
    set.delete(listener);
  };
}

/** Hands a message to its subscribers (one failing subscriber does not stop the others). */
export function dispatchRealtime(message: RealtimeMessage): void {
  const set = listeners.get(message.type);
  if (!set?.size) unheard = [...unheard, message].slice(-UNHEARD_MAX);
  for (const listener of [...(set ?? [])]) {
    try {
      listener(message);
    } catch (err) {
      console.error("realtime listener failed", err);
    }
  }
}

/**
 * Standing messages of this tab, by kind (the `watch` message of the topics its page watches; a
 * visitor's `support_visitor`): each sent on every socket once ready, and on the open socket when it changes.
 */
const standing = new Map<string, string>();
let tellStanding: ((kind?: string) => void) | undefined;

/**
 * For the socket (realtime-socket.ts), once it is ready: how the standing messages reach it. Sends
 * them all now, and each one again whenever it changes.
 */
export function setStandingSender(send: (message: string) => void): void {
  tellStanding = (kind) => {
    for (const [k, message] of standing) if (kind === undefined || k === kind) send(message);
  };
  tellStanding();
}

/** Sets a standing message (as text; "" removes it): sent on the open socket now and after every reconnection. */
export function setStanding(kind: string, message: string): void {
  if (message) standing.set(kind, message);
  else standing.delete(kind);
  if (message) tellStanding?.(kind);
}

/** Sets what this tab watches ({type: "watch", topics} as text): sent on the open socket now and after every reconnection. */
export function setWatching(message: string): void {
  setStanding("watch", message);
}

/** The topics each part of the page watches (the market blocks, the console's inbox): one `watch` message carries them all. */
const topicsBy = new Map<string, readonly string[]>();

/** Sets the topics one part of the page watches (none: it stops); the socket is told the union of every part's. */
export function setWatchedTopics(owner: string, topics: readonly string[]): void {
  if (topics.length > 0) topicsBy.set(owner, topics);
  else topicsBy.delete(owner);
  setWatching(JSON.stringify({ type: "watch", topics: [...new Set([...topicsBy.values()].flat())] }));
}

/** Whether the socket is up (authenticated or greeted) right now, and who wants to hear when that changes. */
let socketUp = false;
const statusListeners = new Set<(up: boolean) => void>();
/** For the socket (realtime-socket.ts): it is up (ready) or down (closed, dropped). */
export function setSocketUp(up: boolean): void {
  if (socketUp === up) return;
  socketUp = up;
  for (const fn of [...statusListeners]) fn(up);
}

/** Listens to the socket going up (ready) and down (closed, dropped); returns the unsubscribe function. */
export function onRealtimeStatus(listener: (up: boolean) => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

/**
 * The live event a socket resumes after (the newest it saw, or where a replay sent in pages stood
 * when it stopped), and the recent ids it saw (a replay may repeat them).
 */
export interface ResumePoint {
  lastEventId: number;
  seen: readonly number[];
}
