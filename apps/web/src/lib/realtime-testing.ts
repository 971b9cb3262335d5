import { vi } from "vitest";

/**
 * A WebSocket stand-in for jsdom tests: records what the page sends and lets the test play the
 * server (open, messages, closes). Install with installFakeWebSocket(); sockets are in order of creation.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  sent: unknown[] = [];
  closedByClient: { code?: number; reason?: string } | undefined;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error("send on a socket that is not open");
    this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedByClient = { code, reason };
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code: code ?? 1005, reason: reason ?? "" } as CloseEvent);
  }

  // ---- the server's side ----

  serverOpen(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event("open"));
  }

  serverSend(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }

  serverClose(code: number): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code, reason: "" } as CloseEvent);
  }

  /** Opens, answers the auth message with ready and the balances: what the real server does. */
  accept(balances = { balance: 0, game_balance: 0, point: 0, p_balance: 0 }): void {
    this.serverOpen();
    this.serverSend({ type: "ready", user_id: 7 });
    this.serverSend({ type: "balance", ...balances });
  }
}

export function installFakeWebSocket(): typeof FakeWebSocket {
  FakeWebSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
  return FakeWebSocket;
}

export const lastSocket = (): FakeWebSocket => {
  const s = FakeWebSocket.instances.at(-1);
  if (!s) throw new Error("no socket was opened");
  return s;
};
