import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";

/** The repository root (this file lives in e2e/support). */
export const repoRoot = resolve(import.meta.dirname, "../..");
export const webDistIndex = join(repoRoot, "apps/web/dist/index.html");

export interface RunningServer {
  baseUrl: string;
  port: number;
  /** "embedded" (PGlite in a temporary DATA_DIR) or "postgres" (a fresh database on TEST_DATABASE_URL's server). */
  database: "embedded" | "postgres";
  /** The fresh PostgreSQL database's URL (database "postgres" only), for tools run beside the server such as operator:create. */
  databaseUrl: string | undefined;
  /** Everything the server printed so far (stdout and stderr), for diagnostics. */
  output(): string;
  /** SIGTERM, then waits for a clean exit (code 0) and removes the temporary data. */
  stop(): Promise<void>;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the server TEST_DATABASE_URL points at; dropped again by drop(). */
async function createFreshDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = `e2e_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

function waitForExit(child: ChildProcess, ms: number): Promise<number | null | "timeout"> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit("timeout"), ms);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolveExit(code);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface StartOptions {
  startTimeoutMs?: number;
  /** APP_MODE (default demo); production needs `env` with its secrets and TEST_DATABASE_URL for its database. */
  mode?: "demo" | "production";
  /** More environment for the server (secrets, SMS gateway, …). */
  env?: Record<string, string>;
}

/**
 * Starts the real server as `npm run serve` does (`node --conditions=shwe-compiled apps/server/dist/main.js`, built by `npm run build`) in demo mode
 * (or the mode given) on a free port, serving the built web app, and resolves once GET /api/ready answers ok.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  if (!existsSync(webDistIndex)) {
    throw new Error(`The web app is not built (${webDistIndex} is missing). Run \`npm run build -w @shwe/web\` first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "shwe-e2e-"));
  const adminUrl = process.env.TEST_DATABASE_URL || undefined;
  const fresh = adminUrl ? await createFreshDatabase(adminUrl) : undefined;

  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.WEB_DIST;
  Object.assign(env, {
    // A week of draws ahead: the console journey voids a 2D draw with its 1D and still leaves open
    // draws for the journeys after it, whatever the day and hour of the run.
    DRAWS_AHEAD_DAYS: "8",
    // Every journey signs in from 127.0.0.1: the limits per address, times 10, still apply.
    RATE_LIMIT_FACTOR: "10",
    ...options.env,
    APP_MODE: options.mode ?? "demo",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? "warn",
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
  });

  const child = spawn(process.execPath, ["--conditions=shwe-compiled", "apps/server/dist/main.js"], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
    if (process.env.E2E_SERVER_OUTPUT === "1") process.stderr.write(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await cleanup();
      throw new Error(`The server exited during start-up (code ${child.exitCode ?? child.signalCode}). Its output:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok && ((await res.json()) as { status?: string }).status === "ready") break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await cleanup();
      throw new Error(`The server did not become ready at ${baseUrl}/api/ready in time. Its output:\n${output}`);
    }
    await sleep(250);
  }

  return {
    baseUrl,
    port,
    database: fresh ? "postgres" : "embedded",
    databaseUrl: fresh?.url,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      const code = await waitForExit(child, 10_000);
      if (code === "timeout") child.kill("SIGKILL");
      await cleanup();
      if (code === "timeout") throw new Error(`The server did not exit within 10 s of SIGTERM. Its output:\n${output}`);
      if (code !== 0) throw new Error(`The server exited with code ${code} after SIGTERM (expected 0). Its output:\n${output}`);
    },
  };
}
