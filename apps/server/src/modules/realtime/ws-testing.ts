import type { ZodApp } from "../../app-context.ts";

/** The client side of a test socket (the `ws` client that injectWS answers). */
interface TestSocket {
  send(data: string): void;
  close(): void;
  terminate(): void;
  on(event: "message", fn: (data: Buffer) => void): void;
  on(event: "close", fn: (code: number) => void): void;
}

export interface Opened {
  ws: TestSocket;
  messages: Record<string, unknown>[];
  closed: Promise<number>;
  /** The next message (after those already seen) matching the predicate, within `ms`. */
  next(match: (m: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
}

/** Test support: opens a socket on the app (injectWS) and collects its messages. */
export async function open(app: ZodApp, path: string): Promise<Opened> {
  const messages: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  let resolveClosed: (code: number) => void = () => undefined;
  const closed = new Promise<number>((r) => {
    resolveClosed = r;
  });
  const ws = (await app.injectWS(path, {}, {
    onInit(socket: TestSocket) {
      socket.on("message", (data) => {
        messages.push(JSON.parse(String(data)));
        for (const w of waiters.splice(0)) w();
      });
      socket.on("close", (code) => resolveClosed(code));
    },
  } as never)) as unknown as TestSocket;
  let seen = 0;
  return {
    ws,
    messages,
    closed,
    async next(match, ms = 5_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        while (seen < messages.length) {
          const m = messages[seen++] as Record<string, unknown>;
          if (match(m)) return m;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching message within ${ms} ms; got ${JSON.stringify(messages)}`);
        await new Promise<void>((r) => {
          const timer = setTimeout(r, left);
          waiters.push(() => {
            clearTimeout(timer);
            r();
          });
        });
      }
    },
  };
}
