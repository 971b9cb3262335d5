import type { WsServerMessage } from "@shwe/contracts";

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

export interface HubClient {
  socket: HubSocket;
  userId: number;
  token: string;
  alive: boolean;
}

export type BalanceReader = (userId: number) => Promise<Omit<Extract<WsServerMessage, { type: "balance" }>, "type">>;

/**
 * The live sockets of this server process, by account. Other processes have their own hub; they all
 * hear the same PostgreSQL notifications, so a change committed anywhere reaches every socket.
 */
export class RealtimeHub {
  private readonly byUser = new Map<number, Set<HubClient>>();
  private readonly inFlight = new Set<number>();
  private readonly dirty = new Set<number>();

  constructor(
    private readonly readBalances: BalanceReader,
    private readonly onDelivered: (userId: number) => Promise<void>,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  add(client: HubClient): void {
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
        oldest.socket.close(4429, "Too many open tabs");
      }
    }
  }

  remove(client: HubClient): void {
    const set = this.byUser.get(client.userId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.byUser.delete(client.userId);
  }

  clients(): HubClient[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
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

  broadcast(message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    for (const c of this.clients()) if (c.socket.readyState === OPEN) c.socket.send(text);
  }

  /**
   * Reads the player's balances and pushes them to the player's sockets here. Bursts coalesce: while
   * one read is in flight, further notifications only mark the player for one more read.
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
      } while (this.dirty.has(userId));
      await this.onDelivered(userId);
    } catch (err) {
      this.log.warn({ err, userId }, "live balance push failed");
    } finally {
      this.inFlight.delete(userId);
    }
  }

  closeAll(code: number, reason: string): void {
    for (const c of this.clients()) c.socket.close(code, reason);
    this.byUser.clear();
  }
}
