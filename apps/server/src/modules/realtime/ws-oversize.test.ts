import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { testConfig } from "../../config/env.ts";
import { openTestDatabase } from "../../test/test-app.ts";
import type { ZodApp } from "../../zod-app.ts";
import { MAX_MESSAGE_BYTES } from "./realtime.routes.ts";
import { open } from "./ws-testing.ts";

/** A message over the size limit is the client's fault: the socket closes with 1009, one debug line, one count. */

function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}

describe("oversized WebSocket messages", () => {
  let app: ZodApp;
  let drop: () => Promise<void>;
  const log = memoryLog();

  beforeAll(async () => {
    const config = testConfig();
    const opened = await openTestDatabase(config);
    drop = opened.drop;
    ({ app } = await buildApp({ config, database: opened.database, logger: { level: "debug", stream: log.stream } }));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const refusedCount = async (reason: string): Promise<number> => {
    const res = await app.inject({ method: "GET", url: "/metrics" });
    const line = res.body.split("\n").find((l) => l.startsWith(`shwe_websocket_refused_total{reason="${reason}"}`));
    return line ? Number(line.split(" ").pop()) : 0;
  };

  it("an anonymous socket sending one is closed with 1009, logged at debug only and counted", async () => {
    const before = await refusedCount("too_large");
    for (const first of [undefined, JSON.stringify({ type: "hello" })]) {
      const s = await open(app, "/api/ws");
      if (first) {
        s.ws.send(first);
        await s.next((m) => m.type === "ready");
      }
      s.ws.send(JSON.stringify({ type: "ping", pad: "x".repeat(MAX_MESSAGE_BYTES + 10) }));
      expect(await s.closed).toBe(1009);
    }
    expect(await refusedCount("too_large")).toBe(before + 2);
    const errors = log.lines.filter((l) => Number(l.level) >= 50);
    expect(errors).toEqual([]);
    const debug = log.lines.filter((l) => l.msg === "websocket closed: the client broke the protocol");
    expect(debug).toHaveLength(2);
    for (const l of debug) {
      expect(l.level).toBe(20);
      expect(l.ws_error).toBe("WS_ERR_UNSUPPORTED_MESSAGE_LENGTH");
    }
  });

  it("a message within the limit still gets its answer", async () => {
    const s = await open(app, "/api/ws");
    s.ws.send(JSON.stringify({ type: "hello" }));
    await s.next((m) => m.type === "ready");
    s.ws.send(JSON.stringify({ type: "ping" }));
    await s.next((m) => m.type === "pong");
    s.ws.close();
  });
});
