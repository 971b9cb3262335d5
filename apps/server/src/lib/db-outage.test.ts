import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../app-context.ts";
import type { Db } from "../db/client.ts";
import { refusingServer } from "../db/outage-testing.ts";
import { PreparingClient } from "../db/prepared-client.ts";
import * as schema from "../db/schema/index.ts";
import { createDrawScheduler } from "../modules/lottery/draw-scheduler.service.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { DatabaseOutageLog } from "./db-outage.ts";

/** Background jobs tell of a database outage once at warn, never an error line per round, and tell when it is back. */

interface Line {
  level: "warn" | "info" | "error";
  obj: Record<string, unknown>;
  msg: string;
}

function memoryLogger() {
  const lines: Line[] = [];
  const at = (level: Line["level"]) => (obj: object, msg: string) => lines.push({ level, obj: obj as Record<string, unknown>, msg });
  return { lines, logger: { warn: at("warn"), info: at("info"), error: at("error") } };
}

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("DatabaseOutageLog", () => {
  it("one warn per outage, one info when the database is back, errors stay errors", async () => {
    const { lines, logger } = memoryLogger();
    const outage = new DatabaseOutageLog(logger);
    for (let i = 0; i < 20; i++) outage.failed(i % 2 ? "housekeeping" : "push", refused(), {}, "round failed");
    expect(outage.away).toBe(true);
    expect(outage.failuresInOutage).toBe(20);
    outage.failed("push", new TypeError("a bug"), { round: 3 }, "push round failed");
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual([
      "warn database unavailable: background jobs wait for it to come back",
      "error push round failed",
    ]);
    expect(lines[1]?.obj.round).toBe(3);

    outage.reached("housekeeping");
    outage.reached("push");
    expect(outage.away).toBe(false);
    const back = lines.filter((l) => l.level === "info");
    expect(back).toHaveLength(1);
    expect(back[0]?.msg).toBe("database is back: background jobs run again");
    expect(back[0]?.obj).toMatchObject({ job: "housekeeping", failed_rounds: 20 });
    expect([...((back[0]?.obj.jobs as string[] | undefined) ?? [])].sort()).toEqual(["housekeeping", "push"]);

    // The next outage is told again; a round that works says so.
    await outage.round("cashback", async () => Promise.reject(refused()), "cashback failed");
    await outage.round("cashback", async () => undefined, "cashback failed");
    expect(lines.map((l) => l.level)).toEqual(["warn", "error", "info", "warn", "info"]);
  });
});

describe("the draw scheduler while the database refuses new connections", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("warns once for the outage instead of an error at every tick, and logs when the database is back", async () => {
    const { server, url } = await refusingServer("55000", 'database "shwe" is not currently accepting connections');
    const pool = new pg.Pool({ connectionString: url, Client: PreparingClient, max: 2 });
    const broken = drizzle(pool, { schema }) as unknown as Db;
    const { lines, logger } = memoryLogger();
    const outage = new DatabaseOutageLog(logger);
    let away = true;
    const ctx = {
      ...t.ctx,
      dbOutage: outage,
      get db() {
        return away ? broken : t.ctx.db;
      },
    } as AppContext;
    const scheduler = createDrawScheduler(ctx, { log: logger });
    try {
      scheduler.start(5);
      await waitFor(() => outage.failuresInOutage >= 10);
      away = false;
      await waitFor(() => lines.some((l) => l.level === "info"));
    } finally {
      await scheduler.stop();
      await pool.end();
      server.close();
    }
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    const warnings = lines.filter((l) => l.msg.startsWith("database unavailable"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.obj.job).toBe("lottery");
    const back = lines.filter((l) => l.level === "info");
    expect(back).toHaveLength(1);
    expect(back[0]?.obj).toMatchObject({ job: "lottery", jobs: ["lottery"] });
    expect(Number(back[0]?.obj.failed_rounds)).toBeGreaterThanOrEqual(10);
  });
});
