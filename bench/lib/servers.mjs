import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchDir, rootDir, sleep } from "./setup.mjs";

/** The processes a benchmark measures: the real server, the bare hello-world, and the web build. */

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolvePort(address.port));
    });
  });
}

/**
 * The real server (apps/server/src/main.ts) as a child process on a free loopback port, in demo mode,
 * on PostgreSQL (databaseUrl) or on the embedded database in a temporary folder (databaseUrl undefined).
 */
export async function startServer({ databaseUrl, dataDir: givenDir, name = "server", env = {} } = {}) {
  const port = await freePort();
  const dataDir = databaseUrl ? undefined : (givenDir ?? mkdtempSync(join(tmpdir(), "shwe-bench-")));
  const childEnv = {
    ...process.env,
    APP_MODE: "demo",
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    ...env,
  };
  if (!databaseUrl) delete childEnv.DATABASE_URL;
  // BENCH_SERVER_NODE_ARGS adds Node options to the server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "apps/server/src/main.ts"], {
    cwd: rootDir,
    env: childEnv,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`${name} exited before it was healthy:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} not healthy within 90 s:\n${stderr}`);
    }
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return {
    base,
    port,
    pid: child.pid,
    /** Resident memory of the server process in bytes (Linux /proc). */
    rssBytes() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
        return kb * 1024;
      } catch {
        return Number.NaN;
      }
    },
    async stop() {
      if (!exited) {
        child.kill("SIGTERM");
        const gone = new Promise((r) => child.once("exit", r));
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await gone;
        clearTimeout(timer);
      }
      if (dataDir && !givenDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bare Fastify hello-world (bench/lib/hello.mjs) as a child process; answers its URL and stop(). */
export async function startHello() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(benchDir, "lib", "hello.mjs")], {
    cwd: rootDir,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("hello-world server did not start");
    }
    try {
      if ((await fetch(base, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // starting
    }
    await sleep(100);
  }
  return {
    base,
    async stop() {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** A production build of apps/web (its own vite.config.ts) into outDir, with Vite's manifest; answers the seconds taken. */
export function buildWeb(outDir) {
  const started = Date.now();
  const build = spawnSync(
    process.execPath,
    [join(rootDir, "node_modules", "vite", "bin", "vite.js"), "build", "--outDir", outDir, "--emptyOutDir", "--manifest"],
    { cwd: join(rootDir, "apps", "web"), encoding: "utf8", timeout: 240_000 },
  );
  if (build.status !== 0) throw new Error(`vite build failed: ${build.stderr || build.stdout}`);
  return (Date.now() - started) / 1000;
}
