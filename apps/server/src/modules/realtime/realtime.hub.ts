import { WS_CLOSE, type WsLiveMessage, type WsServerMessage } from "@shwe/contracts";

/** The part of a `ws` socket the hub uses. */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  terminate(): void;
}

const OPEN = 1;
/** Tabs per account; the oldest socket is closed beyond this. */
const MAX_SOCKETS_PER_USER = 10;
/** Visitor sockets per address; the oldest is closed beyond this. */
const MAX_VISITOR_SOCKETS_PER_IP = 20;
/** Close code for the oldest socket beyond these limits. */
export const TOO_MANY_SOCKETS = 4429;
/**
 * The last `session_end` notices kept for the sockets whose token is still being checked (a few tens
 * of bytes each); a check that outlives this many notices is redone against the database instead.
 */
export const KEPT_SESSION_ENDS = 1024;

export interface HubClient {
  socket: HubSocket;
  userId: number;
  token: string;
  /** The auth token's id: its revocation closes this socket. */
  tokenId: number;
  alive: boolean;
  /** The topics the socket watches (`watch`), besides what every socket gets. */
  topics?: ReadonlySet<string>;
}

/** A visitor's socket: public events only (results, chat, marquee, broadcasts to everyone). */
export interface VisitorClient {
  socket: HubSocket;
  ip: string;
  alive: boolean;
  /** The topics the socket watches (`watch`), besides what every socket gets. */
  topics?: ReadonlySet<string>;
  /** The visitor's support conversation the socket joined (`support_visitor`): its answers come here. */
  supportConversation?: number;
}

/**
 * A notice of the `session_end` channel: `t:<token id>` when a token is revoked (sign-out, password
 * change or reset, renewal), `b:<user id>` when an account is blocked. Anything else: undefined.
 */
export type SessionEnd = { kind: "token"; id: number } | { kind: "blocked"; id: number };

export function parseSessionEnd(payload: string): SessionEnd | undefined {
  const match = /^([tb]):(\d{1,15})$/.exec(payload);
  if (!match) return undefined;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return { kind: match[1] === "t" ? "token" : "blocked", id };
}

/** What `add` did with a socket whose token was checked from a `sessionEndMark()`. */
export type AddOutcome =
  /** In the hub. */
  | "added"
  /** Closed (4401 or 4403, as a notice would have): a notice heard during the check ended its token or account. */
  | "ended"
  /** In the hub, but notices heard during the check were forgotten or lost: check the token again (`recheckClient`). */
  | "unsure";

export type BalanceReader = (userId: number) => Promise<Omit<Extract<WsServerMessage, { type: "balance" }>, "type">>;

/**
 * The live sockets of this server process, by account. Other processes have their own hub; they all
 * hear the same PostgreSQL notifications, so a change committed anywhere reaches every socket.
 */
export class RealtimeHub {
  private readonly byUser = new Map<number, Set<HubClient>>();
  private readonly visitorsByIp = new Map<string, Set<VisitorClient>>();
  /** Told when a socket comes or goes (the presence report). */
  onChange: () => void = () => undefined;
  /** Writes this process's socket counts to the database now. */
  reportPresence: () => Promise<void> = async () => undefined;
  /**
   * What a socket that starts watching a topic is sent at once (a market's latest reading: a page
   * opened or reconnected shows it without waiting for the next one), or null for nothing.
   */
  snapshotOf: (topic: string) => Promise<Record<string, unknown> | null> = async () => null;
  private readonly inFlight = new Set<number>();
  private readonly dirty = new Set<number>();
  /** How many `session_end` notices this hub heard; each notice kept is numbered by it. */
  private sessionEndsHeard = 0;
  /** The last notices heard (at most KEPT_SESSION_ENDS), oldest first. */
  private readonly recentSessionEnds: { seq: number; ended: SessionEnd }[] = [];
  /** Notices numbered up to this one may be unknown here (forgotten beyond the bound, or never heard: the listener was away). */
  private sessionEndsUnknownUpTo = 0;

  constructor(
    private readonly readBalances: BalanceReader,
    private readonly onDelivered: (userId: number) => Promise<void>,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /**
   * Taken before a socket's token is checked, and given to `add`: a `session_end` notice handled
   * after this point but before `add` (the check read the token before the revocation committed, the
   * notice came before the socket was in the hub) still closes the socket.
   */
  sessionEndMark(): number {
    return this.sessionEndsHeard;
  }

  /**
   * A `session_end` notice: closes the sockets here that it ends (4401 for a revoked token, 4403 for a
   * blocked account) and keeps it for the sockets whose token is being checked now; returns how many closed.
   */
  sessionEnded(ended: SessionEnd): number {
    this.recentSessionEnds.push({ seq: ++this.sessionEndsHeard, ended });
    if (this.recentSessionEnds.length > KEPT_SESSION_ENDS) {
      const forgotten = this.recentSessionEnds.shift();
      if (forgotten) this.sessionEndsUnknownUpTo = forgotten.seq;
    }
    return ended.kind === "token"
      ? this.closeToken(ended.id, WS_CLOSE.unauthenticated, "Signed out")
      : this.closeUser(ended.id, WS_CLOSE.blocked, "Blocked");
  }

  /**
   * Notices may have been lost (the listening connection dropped and is back): a socket whose check
   * began before now is added as "unsure". The caller checks the sockets already here (`recheckTokens`).
   */
  sessionEndsLost(): void {
    this.sessionEndsUnknownUpTo = ++this.sessionEndsHeard;
  }

  /**
   * Adds a signed-in socket. With `checkedFrom` (the `sessionEndMark()` taken before its token was
   * checked), a notice heard since that ends its token or account closes it instead, as the notice
   * would have had the socket been here.
   */
  add(client: HubClient, checkedFrom?: number): AddOutcome {
    if (checkedFrom !== undefined) {
      for (const { seq, ended } of this.recentSessionEnds) {
        if (seq <= checkedFrom) continue;
        if (ended.kind === "token" && ended.id === client.tokenId) {
          client.socket.close(WS_CLOSE.unauthenticated, "Signed out");
          return "ended";
        }
        if (ended.kind === "blocked" && ended.id === client.userId) {
          client.socket.close(WS_CLOSE.blocked, "Blocked");
          return "ended";
        }
      }
    }
    let set = this.byUser.get(client.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(client.userId, set);
    }
    set.add(client);
    if (set.size > MAX_SOCKETS_PER_USER) {
      const oldest = set.values().next().value;
      if (oldest) {
        set.delete(oldest);
        oldest.socket.close(TOO_MANY_SOCKETS, "Too many open tabs");
      }
    }
    this.onChange();
    return checkedFrom !== undefined && this.sessionEndsUnknownUpTo > checkedFrom ? "unsure" : "added";
  }

  remove(client: HubClient): void {
    const set = this.byUser.get(client.userId);
    if (!set) return;
    if (set.delete(client)) this.onChange();
    if (set.size === 0) this.byUser.delete(client.userId);
  }

  addVisitor(visitor: VisitorClient): void {
    let set = this.visitorsByIp.get(visitor.ip);
    if (!set) {
      set = new Set();
      this.visitorsByIp.set(visitor.ip, set);
    }
    set.add(visitor);
    if (set.size > MAX_VISITOR_SOCKETS_PER_IP) {
      const oldest = set.values().next().value;
      if (oldest) {
        set.delete(oldest);
        oldest.socket.close(TOO_MANY_SOCKETS, "Too many open tabs");
      }
    }
    this.onChange();
  }

  removeVisitor(visitor: VisitorClient): void {
    const set = this.visitorsByIp.get(visitor.ip);
    if (!set) return;
    if (set.delete(visitor)) this.onChange();
    if (set.size === 0) this.visitorsByIp.delete(visitor.ip);
  }

  /** Signed-in sockets. */
  clients(): HubClient[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
  }

  visitors(): VisitorClient[] {
    return [...this.visitorsByIp.values()].flatMap((s) => [...s]);
  }

  /** Signed-in and visitor sockets. */
  socketCount(): number {
    return this.clients().length + this.visitors().length;
  }

  /** The players with a socket here. */
  userIds(): number[] {
    return [...this.byUser.keys()];
  }

  /** A live event: to every socket (visitors too) when `userId` is null, else to that player's sockets. */
  sendLive(userId: number | null, message: WsLiveMessage | Record<string, unknown>): void {
    if (userId !== null) {
      this.sendToUser(userId, message);
      return;
    }
    const text = JSON.stringify(message);
    for (const c of [...this.clients(), ...this.visitors()]) if (c.socket.readyState === OPEN) c.socket.send(text);
  }

  /** Whether an open socket here (signed-in or visitor) watches the topic. */
  watches(topic: string): boolean {
    return [...this.clients(), ...this.visitors()].some((c) => c.topics?.has(topic) && c.socket.readyState === OPEN);
  }

  /** A message of a topic: to the sockets watching it only (signed-in and visitors). */
  sendTopic(topic: string, message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    for (const c of [...this.clients(), ...this.visitors()]) if (c.topics?.has(topic) && c.socket.readyState === OPEN) c.socket.send(text);
  }

  /** A message of a visitor's support conversation: to the visitor sockets that joined it. */
  sendSupportConversation(conversationId: number, message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    for (const v of this.visitors()) if (v.supportConversation === conversationId && v.socket.readyState === OPEN) v.socket.send(text);
  }

  sendRaw(socket: HubSocket, message: WsServerMessage | WsLiveMessage | Record<string, unknown>): void {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  hasUser(userId: number): boolean {
    return this.byUser.has(userId);
  }

  send(client: HubClient, message: WsServerMessage): void {
    if (client.socket.readyState === OPEN) client.socket.send(JSON.stringify(message));
  }

  sendToUser(userId: number, message: WsServerMessage | Record<string, unknown>): void {
    const text = JSON.stringify(message);
    for (const c of this.byUser.get(userId) ?? []) if (c.socket.readyState === OPEN) c.socket.send(text);
  }

  /**
   * Reads the player's balances and pushes them to the player's sockets here. Bursts coalesce: while
   * one push is in flight (its read, its send, its delivery mark), further notifications only mark the
   * player for one more; a notification that arrives during the delivery mark is read and sent too.
   */
  async pushBalance(userId: number): Promise<void> {
    if (!this.byUser.has(userId)) return;
    if (this.inFlight.has(userId)) {
      this.dirty.add(userId);
      return;
    }
    this.inFlight.add(userId);
    try {
      do {
        this.dirty.delete(userId);
        const b = await this.readBalances(userId);
        this.sendToUser(userId, { type: "balance", ...b });
        await this.onDelivered(userId);
      } while (this.dirty.has(userId));
    } catch (err) {
      this.log.warn({ err, userId }, "live balance push failed");
    } finally {
      this.inFlight.delete(userId);
    }
  }

  /** Closes the sockets authenticated with this token (it was revoked); returns how many. */
  closeToken(tokenId: number, code: number, reason: string): number {
    const matching = this.clients().filter((c) => c.tokenId === tokenId);
    for (const c of matching) this.closeClient(c, code, reason);
    return matching.length;
  }

  /** Closes every socket of this account; returns how many. */
  closeUser(userId: number, code: number, reason: string): number {
    const matching = [...(this.byUser.get(userId) ?? [])];
    for (const c of matching) this.closeClient(c, code, reason);
    return matching.length;
  }

  private closeClient(client: HubClient, code: number, reason: string): void {
    this.remove(client);
    client.socket.close(code, reason);
  }

  closeAll(code: number, reason: string): void {
    for (const c of [...this.clients(), ...this.visitors()]) c.socket.close(code, reason);
    this.byUser.clear();
    this.visitorsByIp.clear();
  }
}
