import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { migrateDatabase, openDatabase } from "./db/client.ts";
import { users } from "./db/schema/index.ts";
import { hashPassword } from "./lib/passwords.ts";
import { onRealPostgres, realPostgresUrl } from "./test/test-app.ts";

/**
 * The process `npm start` runs: apps/server/src/main.ts started as its own Node process, on the
 * embedded database in a temporary DATA_DIR (the database the site uses when DATABASE_URL is unset).
 */
const repoRoot = resolve(import.meta.dirname, "../../..");

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const dataDirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

function startMain(env: Record<string, string>): Started {
  const dataDir = mkdtempSync(join(tmpdir(), "shwe-main-"));
  dataDirs.push(dataDir);
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env };
  delete childEnv.DATABASE_URL;
  if (env.DATABASE_URL) childEnv.DATABASE_URL = env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString("utf8");
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once("exit", (code, signal) => done({ code, signal }));
  });
  return { child, output: () => output, exited };
}

async function waitForHealth(started: Started, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`main.ts exited early (code ${started.child.exitCode}):\n${started.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`main.ts did not become healthy:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | "timeout"> {
  return Promise.race([promise, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms))]);
}

/** A production environment that passes every start-up check of the configuration (strong, generated values). */
function productionEnv(): Record<string, string> {
  const vapid = webpush.generateVAPIDKeys();
  return {
    APP_MODE: "production",
    DATABASE_URL: "postgres://shwe@127.0.0.1:1/shwe",
    HOUSE_SECRET: randomBytes(32).toString("hex"),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:ops@example.com",
    SMS_GATEWAY_URL: "https://sms.example.com/send",
    SMS_GATEWAY_TOKEN: randomBytes(24).toString("base64url"),
  };
}

/** A fresh database on the real PostgreSQL server of TEST_DATABASE_URL. */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_main_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: realPostgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(realPostgresUrl as string);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: realPostgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe("main.ts (npm start)", () => {
  it("serves in demo mode, exits with code 0 within 10 s of SIGTERM, and reopens its database afterwards", async () => {
    const port = await freePort();
    const first = startMain({ PORT: String(port), APP_MODE: "demo" });
    const dataDir = dataDirs.at(-1) as string;
    await waitForHealth(first, `http://127.0.0.1:${port}/api/health`, 90_000);
    expect(first.output()).toContain(`demo mode at http://localhost:${port}`);

    first.child.kill("SIGTERM");
    expect(await within(first.exited, 10_000), first.output()).toEqual({ code: 0, signal: null });
    // The port is released: nothing answers any more.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();

    // The embedded database was closed cleanly: a second start on the same folder opens it and is healthy.
    const second = startMain({ PORT: String(port), APP_MODE: "demo", DATA_DIR: dataDir });
    await waitForHealth(second, `http://127.0.0.1:${port}/api/health`, 90_000);
    second.child.kill("SIGTERM");
    expect(await within(second.exited, 10_000), second.output()).toEqual({ code: 0, signal: null });
  }, 240_000);

  it("refuses to start in production with the published demo house secret, naming the setting, not the value", async () => {
    const started = startMain({ ...productionEnv(), HOUSE_SECRET: "demo-house-secret" });
    expect(await within(started.exited, 30_000), started.output()).toEqual({ code: 1, signal: null });
    expect(started.output()).toContain("Refusing to start");
    expect(started.output()).toContain("HOUSE_SECRET");
    expect(started.output()).not.toContain("demo-house-secret");
  }, 60_000);

  it.skipIf(!onRealPostgres)(
    "refuses to start in production while an operator still has a demo password, naming the phone (real PostgreSQL: set TEST_DATABASE_URL to run)",
    async () => {
      const created = await createDatabase();
      try {
        const database = await openDatabase({ url: created.url });
        await migrateDatabase(database);
        await database.db.insert(users).values({
          phone: "09400000001",
          name: "Operator",
          passwordHash: await hashPassword("demo-operator-1"),
          role: "operator",
          userCode: "MAINTEST01",
          referralCode: "MAINT1",
        });
        await database.close();
        const started = startMain({ ...productionEnv(), DATABASE_URL: created.url, PORT: String(await freePort()) });
        expect(await within(started.exited, 60_000), started.output()).toEqual({ code: 1, signal: null });
        expect(started.output()).toContain("Refusing to start");
        expect(started.output()).toContain("09400000001");
        expect(started.output()).not.toContain("demo-operator-1");
      } finally {
        await created.drop();
      }
    },
    120_000,
  );

  it("refuses to start in production mode without its secrets", async () => {
    const port = await freePort();
    const started = startMain({ PORT: String(port), APP_MODE: "production" });
    const result = await within(started.exited, 30_000);
    expect(result).toEqual({ code: 1, signal: null });
    expect(started.output()).toContain("Refusing to start");
    expect(started.output()).toContain("HOUSE_SECRET");
  }, 60_000);
});
